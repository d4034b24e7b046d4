/// What an exchange account holds of one asset: the total, what is free to trade, and what open
/// orders (or withdrawals) hold. Amounts are exact; `value` is the total in the currency the
/// user asked for, at the exchange's own last price, when the exchange has a pair for it.
public struct AssetBalance: Sendable, Equatable {
    /// The common code (`BTC`, `USD`), not the exchange's (`XXBT`, `ZUSD`).
    public var asset: String
    public var total: ExactDecimal
    public var available: ExactDecimal
    public var held: ExactDecimal
    public var value: ExactDecimal?
    /// Staked or earning amounts are the asset's too (valued at its price) but not tradable:
    /// their `available` is 0.
    public var kind: BalanceKind

    public init(
        asset: String, total: ExactDecimal, available: ExactDecimal, held: ExactDecimal, value: ExactDecimal? = nil,
        kind: BalanceKind = .tradable
    ) {
        self.asset = asset
        self.total = total
        self.available = available
        self.held = held
        self.value = value
        self.kind = kind
    }
}
