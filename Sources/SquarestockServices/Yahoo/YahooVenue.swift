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
        let code = block[codeKey]?.string
        let fullName = block["fullExchangeName"]?.string
        let exchange =
            code.flatMap { registry.exchange(sourceCode: $0) }
            ?? fullName.flatMap { registry.exchange(sourceCode: $0) }
            ?? registry.exchange(forSymbol: symbol)
        self.exchange = exchange
        zone =
            block["exchangeTimezoneName"]?.string.flatMap { try? ExchangeTimeZone(identifier: $0) }
            ?? exchange.flatMap { try? ExchangeTimeZone(identifier: $0.timeZone) }
        name = (block["longName"]?.string ?? block["shortName"]?.string).flatMap { $0.isEmpty ? nil : $0 }
        exchangeCode = fullName ?? code
        currency = block["currency"]?.string.map(Currency.named) ?? exchange?.currency
    }
}
