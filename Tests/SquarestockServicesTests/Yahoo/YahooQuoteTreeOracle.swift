import SquarestockCore
import SquarestockNetworking

@testable import SquarestockServices

/// The Yahoo quote decoder as it was before it read rows straight from the bytes: the whole
/// batch parsed into a `JSONValue` tree and each stock built from a row of that tree. Kept only
/// as the oracle `YahooQuoteDecoderEquivalenceTests` holds the byte reader to, on every fixture
/// and on bodies made to break it; nothing outside the tests calls it.
enum YahooQuoteTreeOracle {
    static let source = "yahoo"

    enum Outcome {
        case rows([String: JSONValue])
        case unauthorized(String)
        case failure(QuoteError)
    }

    static func decode(_ response: HTTPResponse) -> Outcome {
        let kind = BodyKind.classify(response.body)
        // A JSON body is parsed once, for its rows and for the message of an error envelope.
        let parsed: Result<JSONValue, JSONParseError>? =
            kind == .json ? Result { () throws(JSONParseError) in try JSONReader.parse(response.body) } : nil
        let message: String?
        if case .success(let v)? = parsed {
            message = ResponseScreen.jsonMessage(in: v)
        } else {
            message = ResponseScreen.jsonMessage(response.body)
        }
        let said = message ?? BodyKind.excerpt(response.body)
        if response.status == 401 || response.status == 403
            || (kind == .json
                && (said.contains("Invalid Crumb") || said.contains("Invalid Cookie") || said.contains("Unauthorized")
                    || said.contains("unable to access")))
        {
            return .unauthorized(said)
        }
        if response.status == 429 {
            return .failure(RateLimit.error(response, source: source, detail: "HTTP 429: \"\(said)\""))
        }
        guard kind == .json, let parsed else {
            return .failure(
                .notJSON(source: source, status: response.status, kind: kind, excerpt: BodyKind.excerpt(response.body)))
        }
        let root: JSONValue
        switch parsed {
        case .success(let v): root = v
        case .failure(let error):
            return .failure(.malformed(source: source, line: 1, column: error.offset + 1, detail: error.message))
        }
        if response.status >= 400 {
            return .failure(.httpStatus(source: source, status: response.status, excerpt: said))
        }
        guard let results = root["quoteResponse"]?["result"]?.array else {
            return .failure(.malformed(source: source, line: 1, column: 1, detail: "no quote rows in \"\(said)\""))
        }
        var rows: [String: JSONValue] = [:]
        for r in results {
            if let s = r["symbol"]?.string { rows[s.uppercased()] = r }
        }
        return .rows(rows)
    }

    /// A stock from a quote row (and, when it arrived, the chart of the day for the sparkline).
    static func stock(
        symbol: String, row: JSONValue, chart: Result<Stock, QuoteError>?, context: SourceContext, sourceName: String
    ) -> Result<Stock, QuoteError> {
        guard let last = row["regularMarketPrice"]?.decimal else {
            if case .number(let text)? = row["regularMarketPrice"] {
                return .failure(.priceNotReadable(source: source, sent: text))
            }
            if case .string(let text)? = row["regularMarketPrice"] {
                return .failure(.priceNotReadable(source: source, sent: text))
            }
            return .failure(.noData(source: source))
        }
        let venue = YahooVenue(row, codeKey: "exchange", symbol: symbol, registry: context.registry)
        let exchange = venue.exchange
        let zone = venue.zone
        let previous = row["regularMarketPreviousClose"]?.decimal
        // Yahoo's change fields carry float32 noise (0.200012); recompute them exactly when the
        // previous close is known.
        var price = Price(
            last: last, change: previous == nil ? row["regularMarketChange"]?.decimal : nil,
            changePercent: previous == nil ? row["regularMarketChangePercent"]?.decimal : nil,
            open: row["regularMarketOpen"]?.decimal, high: row["regularMarketDayHigh"]?.decimal,
            low: row["regularMarketDayLow"]?.decimal, previousClose: previous,
            volume: row["regularMarketVolume"]?.decimal,
            lastTrade: row["regularMarketTime"]?.epochInstant)
        price.deriveChange()
        let state = row["marketState"]?.string
        let reported: MarketStatus? = {
            switch state {
            case "REGULAR": return .open
            case "PRE": return .pre
            case "POST": return .post
            case "PREPRE", "POSTPOST", "CLOSED": return .closed
            default: return nil
            }
        }()
        var extended: ExtendedHoursQuote? = nil
        for (session, prefix) in [(MarketStatus.pre, "preMarket"), (.post, "postMarket")] where reported == session {
            if let p = row[prefix + "Price"]?.decimal {
                // Measured from the regular close, exactly (Yahoo's own change has float noise).
                let change = p - last
                extended = ExtendedHoursQuote(
                    session: session, price: p, change: change ?? row[prefix + "Change"]?.decimal,
                    changePercent: change.flatMap { c in
                        (c * ExactDecimal(100)).flatMap { $0.divided(by: last, scale: 4) }?.normalized
                    },
                    time: row[prefix + "Time"]?.epochInstant)
            }
        }
        let company = Company(symbol: symbol, name: venue.name, exchange: exchange, exchangeCode: venue.exchangeCode)
        var stock = Stock(
            company: company, currency: venue.currency,
            timeZone: zone,
            price: price, source: sourceName)
        stock.reportedStatus = reported
        stock.extendedHours = extended
        stock.priceDecimals = YahooPriceHint.decimals(
            YahooPriceHint.decimals(row["priceHint"]?.decimal), for: price.last)
        switch chart {
        case .success(let c)?:
            stock.intraday = c.intraday
            stock.session = c.session
            stock.intradayUnavailable = c.intradayUnavailable
        case .failure(.unknownSymbol)?:
            stock.intradayUnavailable = "Yahoo's spark answer has no points for it"
        case .failure(let e)?:
            stock.intradayUnavailable = "the day's points (Yahoo's spark) failed: " + e.detail
        case nil:
            stock.intradayUnavailable = "no chart requested"
        }
        if stock.session == nil, let t = price.lastTrade, let zone {
            stock.session = SessionWindow.regular(exchange: exchange, zone: zone, on: zone.localDateTime(at: t).date)
        }
        return .success(stock)
    }
}
