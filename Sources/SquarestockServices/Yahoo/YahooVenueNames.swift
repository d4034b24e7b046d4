/// The strings a Yahoo quote row or chart meta block sends about where a symbol trades, as text
/// a user may see (escapes resolved, control characters removed); nil where a key is absent or
/// not a string. `YahooVenue` turns them into an exchange, a zone and a name.
struct YahooVenueNames: Equatable {
    /// The short exchange code (`exchange` in quote rows, `exchangeName` in chart meta blocks).
    var code: String?
    var fullExchangeName: String?
    var exchangeTimezoneName: String?
    var longName: String?
    var shortName: String?
    var currency: String?
}
