/// One day's closing price of a symbol (or an FX pair such as `EURUSD=X`) as the ledger keeps
/// it for valuing the portfolio on past days: where it came from and when, so a valuation can
/// say how old its price was and whether later splits are already in it.
public struct DailyClose: Sendable, Equatable {
    public var symbol: String
    public var date: CivilDate
    public var close: ExactDecimal
    public var currency: String
    /// `yahoo`, `stooq`, ... for a fetched close; `manual` for one the user typed; `import` for
    /// one read from a price file.
    public var source: String
    public var fetched: Instant
    /// History services send closes divided by every split up to the day they are asked (Yahoo's
    /// and Stooq's `close`); a price typed or imported by the user is as traded. An adjusted
    /// close of day d fetched on day f is multiplied back by the splits dated after d up to f.
    public var splitAdjusted: Bool

    public init(
        symbol: String, date: CivilDate, close: ExactDecimal, currency: String, source: String, fetched: Instant,
        splitAdjusted: Bool
    ) {
        self.symbol = symbol
        self.date = date
        self.close = close
        self.currency = currency
        self.source = source
        self.fetched = fetched
        self.splitAdjusted = splitAdjusted
    }
}
