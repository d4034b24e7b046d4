import SquarestockCore
import SquarestockMarket

/// Turns the rows of quotes.csv answers into stocks.
///
/// The lines of an answer repeat their venues (and a large answer its symbols), so the reader
/// keeps what it looked up: the venue of each symbol and exchange code with the venue's zone,
/// and each venue's last session window (lines mostly share a trading day). Looking these up per
/// line (a registry search by suffix, a zone made, a calendar consulted) cost more than reading
/// the line. Every answer reads exactly as `stock(symbol:row:)` on a fresh reader would.
package struct YahooCSVStockReader {
    package let context: SourceContext
    package let sourceName: String
    private var fields = YahooQuoteLineReader()
    private var venues: [Venue] = []
    /// Per venue, a stock with nothing of a line in it (no symbol, no price). A line's stock
    /// shares its details (currency, zone, source name: one reference), so a line builds only
    /// its company, price and session.
    private var templates: [Stock] = []
    private var venueBySymbol: [String: Int] = [:]
    /// The venue of every bare ticker, once one has been looked up.
    private var bareTickerVenue: Int?
    /// -1: the registry knows no venue by that code (the symbol decides).
    private var venueByCode: [String: Int] = [:]

    /// A venue as the lines name it, with what is derived from it.
    private struct Venue {
        let exchange: Exchange?
        let zone: ExchangeTimeZone?
        var sessionDay: CivilDate?
        var session: ClosedRange<Instant>?
        /// The code of the last currency a line named, and the venue's template with it.
        var currencyCode: String?
        var currencyTemplate: Stock?
    }

    package init(context: SourceContext, sourceName: String) {
        self.context = context
        self.sourceName = sourceName
    }

    /// The stock of one line, or why there is none (per symbol: one line's failure is its own).
    /// Dates (`M/d/yyyy`) and times (`h:mma`) are the exchange's wall clock.
    package mutating func stock(symbol: String, row: YahooCSVRow) -> Result<Stock, QuoteError> {
        var line = YahooQuoteLine()
        fields.read(row, into: &line)
        guard let last = line.last else {
            if let text = line.unreadableLast { return .failure(.priceNotReadable(source: "yahoo-csv", sent: text)) }
            return .failure(.noData(source: "yahoo-csv"))
        }
        let v = venue(symbol: symbol, code: line.exchangeCode)
        let zone = venues[v].zone
        var lastTrade: Instant? = nil
        if let d = line.date, let zone {
            lastTrade = zone.instant(for: CivilDateTime(date: d, time: line.time ?? TimeOfDay(hour: 0, minute: 0)))
        }
        var price = Price(
            last: last, change: line.change, changePercent: line.changePercent, open: line.open, high: line.high,
            low: line.low, previousClose: line.previousClose, volume: line.volume, lastTrade: lastTrade)
        price.deriveChange()
        let tradeDate = lastTrade.flatMap { t in zone?.localDateTime(at: t).date }
        let window = tradeDate.flatMap { session(venue: v, on: $0) }
        let company = Company(
            symbol: symbol, name: line.name, exchange: venues[v].exchange, exchangeCode: line.exchangeCode)
        if let code = line.currency {
            return .success(
                Stock(company: company, price: price, session: window, detailsOf: template(venue: v, currency: code)))
        }
        return .success(Stock(company: company, price: price, session: window, detailsOf: templates[v]))
    }

    /// The venue's template with the currency a line names instead of the venue's own; the last
    /// one made per venue is kept, since an answer's lines on one venue mostly share a currency.
    private mutating func template(venue v: Int, currency code: String) -> Stock {
        if let kept = venues[v].currencyTemplate, venues[v].currencyCode == code { return kept }
        var template = templates[v]
        template.currency = Currency.named(code)
        venues[v].currencyCode = code
        venues[v].currencyTemplate = template
        return template
    }

    /// The venue the exchange code names, else the one the symbol implies (its suffix, or the US
    /// market for a bare ticker); a venue with no exchange when neither names one.
    private mutating func venue(symbol: String, code: String?) -> Int {
        if let code {
            if let v = venueByCode[code] {
                if v >= 0 { return v }
            } else {
                let v = context.registry.exchange(sourceCode: code).map { add($0) } ?? -1
                venueByCode[code] = v
                if v >= 0 { return v }
            }
        }
        // Every bare ticker has the same venue (`ExchangeRegistry.isBareTicker`): one look-up
        // serves them all, with no hashing of the symbol per line.
        if ExchangeRegistry.isBareTicker(symbol) {
            if let v = bareTickerVenue { return v }
            let v = add(context.registry.exchange(forSymbol: symbol))
            bareTickerVenue = v
            return v
        }
        if let v = venueBySymbol[symbol] { return v }
        let v = add(context.registry.exchange(forSymbol: symbol))
        venueBySymbol[symbol] = v
        return v
    }

    private mutating func add(_ exchange: Exchange?) -> Int {
        let zone = exchange.flatMap { try? ExchangeTimeZone(identifier: $0.timeZone) }
        let template = Stock(
            company: Company(symbol: "", exchange: exchange), currency: exchange?.currency, timeZone: zone,
            price: Price(), intraday: [], session: nil, source: sourceName,
            intradayUnavailable: "yahoo-csv has no intraday data")
        venues.append(Venue(exchange: exchange, zone: zone))
        templates.append(template)
        return venues.count - 1
    }

    /// The venue's regular session on `day`.
    private mutating func session(venue v: Int, on day: CivilDate) -> ClosedRange<Instant>? {
        if venues[v].sessionDay == day { return venues[v].session }
        let session = SessionWindow.regular(exchange: venues[v].exchange, zone: venues[v].zone, on: day)
        venues[v].sessionDay = day
        venues[v].session = session
        return session
    }
}
