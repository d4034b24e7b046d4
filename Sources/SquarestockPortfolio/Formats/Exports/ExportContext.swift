import SquarestockCore

/// What a format's reader may ask of the ledger besides the file: today (no entry after it), the
/// currency a crypto holding is kept in, and a stored daily close, for the events an exchange
/// records without a price (a reward paid in an asset, a trade of one asset for another).
public struct ExportContext: Sendable {
    public var today: CivilDate
    /// The portfolio's base currency: a crypto asset's holding currency when none is held.
    public var base: String
    /// The close of `symbol` on `day` or the last one before it, within a week; nil when none.
    public var close: @Sendable (_ symbol: String, _ day: CivilDate) -> ExactDecimal?
    /// The symbols the ledger holds or has held (`BTC-EUR`), to find an asset's currency.
    public var heldSymbols: Set<String>

    public init(
        today: CivilDate, base: String = "USD",
        close: @escaping @Sendable (String, CivilDate) -> ExactDecimal? = { _, _ in nil },
        heldSymbols: Set<String> = []
    ) {
        self.today = today
        self.base = base
        self.close = close
        self.heldSymbols = heldSymbols
    }

    /// The currency `asset` is held in: the quote of a held `ASSET-CURRENCY`, else the base.
    func holdingCurrency(of asset: String) -> String {
        let prefix = asset + "-"
        return heldSymbols.filter { $0.hasPrefix(prefix) }.sorted().first.map { String($0.dropFirst(prefix.count)) }
            ?? base
    }
}
