import SquarestockCore
import SquarestockMarket

/// Where a Yahoo quote row or chart meta block says a symbol trades, and what it is called:
/// the three Yahoo decoders read these keys alike, so the rules live here once.
struct YahooVenue {
    /// The registry's venue for the short code, else for the long name, else for the symbol's
    /// suffix (`7203.T`).
    let exchange: Exchange?
    /// `exchangeTimezoneName` when ICU knows it, else the venue's own zone.
    let zone: ExchangeTimeZone?
    /// The long name, else the short one; nil when Yahoo sends neither or an empty one.
    let name: String?
    /// The code shown beside the name: the long exchange name, else the short code.
    let exchangeCode: String?
    let currency: Currency?

    /// - Parameter codeKey: the key of the short exchange code (`exchange` in quote rows,
    ///   `exchangeName` in chart meta blocks).
    init(_ block: JSONValue, codeKey: String, symbol: String, registry: ExchangeRegistry) {
        self.init(
            YahooVenueNames(
                code: block[codeKey]?.string, fullExchangeName: block["fullExchangeName"]?.string,
                exchangeTimezoneName: block["exchangeTimezoneName"]?.string, longName: block["longName"]?.string,
                shortName: block["shortName"]?.string, currency: block["currency"]?.string),
            symbol: symbol, registry: registry)
    }

    /// The venue from the strings a decoder read (a quote row read straight from its bytes).
    init(_ names: YahooVenueNames, symbol: String, registry: ExchangeRegistry) {
        let code = names.code
        let fullName = names.fullExchangeName
        let exchange =
            code.flatMap { registry.exchange(sourceCode: $0) }
            ?? fullName.flatMap { registry.exchange(sourceCode: $0) }
            ?? registry.exchange(forSymbol: symbol)
        self.exchange = exchange
        zone =
            names.exchangeTimezoneName.flatMap { try? ExchangeTimeZone(identifier: $0) }
            ?? exchange.flatMap { try? ExchangeTimeZone(identifier: $0.timeZone) }
        name = (names.longName ?? names.shortName).flatMap { $0.isEmpty ? nil : $0 }
        exchangeCode = fullName ?? code
        currency = names.currency.flatMap(Currency.sent) ?? exchange?.currency
    }
}
