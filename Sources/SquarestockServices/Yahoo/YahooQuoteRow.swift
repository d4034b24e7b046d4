import SquarestockCore

/// One row of a `/v7/finance/quote` answer, only the fields a `Stock` is made of. A row sends
/// some 80 fields and a batch 50 rows; reading these few straight from the bytes
/// (`YahooQuoteBatchReader`) spares the thousands of strings a tree of the whole batch was.
///
/// Each field holds what the key's first occurrence in the row sent, taken as a JSON tree's
/// accessors take it: a price only from a JSON number (a string holding digits is no price),
/// a time only from whole epoch seconds in years 1970-9999, text with its escapes resolved and
/// control characters removed; nil when the key is absent or its value of another kind.
package struct YahooQuoteRow: Sendable, Equatable {
    package var regularMarketPrice: ExactDecimal?
    /// The text of a `regularMarketPrice` number no exact decimal holds, or of a string sent in
    /// its place (`"N/A"`), for the error that names it.
    package var unreadablePrice: String?
    package var regularMarketPreviousClose: ExactDecimal?
    package var regularMarketChange: ExactDecimal?
    package var regularMarketChangePercent: ExactDecimal?
    package var regularMarketOpen: ExactDecimal?
    package var regularMarketDayHigh: ExactDecimal?
    package var regularMarketDayLow: ExactDecimal?
    package var regularMarketVolume: ExactDecimal?
    package var regularMarketTime: Instant?
    package var marketState: String?
    /// `priceHint`: the decimals Yahoo shows the instrument's price with (2 for AAPL, 4 for
    /// EURUSD=X, 8 for a coin at 0.00001234); nil when absent or not a whole number in 0...18.
    package var priceHint: Int?
    package var preMarket = ExtendedSession()
    package var postMarket = ExtendedSession()
    /// `exchange`, `fullExchangeName`, `exchangeTimezoneName`, `longName`, `shortName`, `currency`.
    var venue = YahooVenueNames()

    package init() {}

    /// The `preMarket*` or `postMarket*` fields.
    package struct ExtendedSession: Sendable, Equatable {
        package var price: ExactDecimal?
        package var change: ExactDecimal?
        package var time: Instant?
    }
}
