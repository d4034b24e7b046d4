/// One trade from an exchange's tape.
public struct MarketTrade: Sendable, Equatable {
    /// The whole second of the trade, and the part below it as the exchange sent it (Kraken's
    /// float seconds, Coinbase's 6 or 9 fractional digits), so JSON can print it exactly.
    public var time: Instant
    public var nanoseconds: Int32
    /// The taker's side: `buy` means someone bought at the ask. Coinbase's REST tape sends the
    /// maker's side, so its adapter flips it.
    public var side: TradeSide?
    public var price: ExactDecimal
    /// Amount in the base currency.
    public var size: ExactDecimal
    /// The exchange's id of the trade, as text (Kraken and Coinbase send numbers, some samples strings).
    public var id: String?

    public init(
        time: Instant, nanoseconds: Int32 = 0, side: TradeSide?, price: ExactDecimal, size: ExactDecimal,
        id: String? = nil
    ) {
        self.time = time
        self.nanoseconds = nanoseconds
        self.side = side
        self.price = price
        self.size = size
        self.id = id
    }
}

public enum TradeSide: String, Sendable, Hashable {
    case buy, sell

    public var opposite: TradeSide { self == .buy ? .sell : .buy }
}
