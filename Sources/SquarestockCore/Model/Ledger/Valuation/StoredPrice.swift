/// A price as last fetched, kept so the portfolio can be valued with no network (and say how old).
public struct StoredPrice: Sendable, Equatable {
    public var symbol: String
    public var price: ExactDecimal
    public var currency: String
    public var change: ExactDecimal?
    public var traded: Instant?
    public var fetched: Instant
    public var source: String
    /// Set for a daily close (a day, no time of its own): the holdings view names the day
    /// instead of showing a time the close never had.
    public var day: CivilDate?

    public init(
        symbol: String, price: ExactDecimal, currency: String, change: ExactDecimal?, traded: Instant?,
        fetched: Instant,
        source: String, day: CivilDate? = nil
    ) {
        self.day = day
        self.symbol = symbol
        self.price = price
        self.currency = currency
        self.change = change
        self.traded = traded
        self.fetched = fetched
        self.source = source
    }
}
