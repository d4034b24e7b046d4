/// A price as last fetched, kept so the portfolio can be valued with no network (and say how old).
public struct StoredPrice: Sendable, Equatable {
    public var symbol: String
    public var price: ExactDecimal
    public var currency: String
    public var change: ExactDecimal?
    public var traded: Instant?
    public var fetched: Instant
    public var source: String

    public init(
        symbol: String, price: ExactDecimal, currency: String, change: ExactDecimal?, traded: Instant?,
        fetched: Instant,
        source: String
    ) {
        self.symbol = symbol
        self.price = price
        self.currency = currency
        self.change = change
        self.traded = traded
        self.fetched = fetched
        self.source = source
    }
}
