import SquarestockCore
import SquarestockNetworking

/// Reads `/v7/finance/quote` answers: one object per known symbol under
/// `quoteResponse.result`, matched by `symbol` (unknown symbols are simply absent). The rows are
/// read straight from the bytes (`YahooQuoteBatchReader`), never as a tree of the whole batch.
package enum YahooQuoteDecoder {
    package static let source = "yahoo"

    package enum Outcome: Sendable {
        case rows([String: YahooQuoteRow])
        /// 401 or an "Invalid Crumb" / "Unauthorized" envelope: the session must be renewed.
        case unauthorized(String)
        case failure(QuoteError)

        var isUnauthorized: Bool {
            if case .unauthorized = self { return true }
            return false
        }
        var hasRows: Bool {
            if case .rows = self { return true }
            return false
        }
    }

    package static func decode(_ response: HTTPResponse) -> Outcome {
        let kind = BodyKind.classify(response.body)
        // A JSON body is walked once for the message of an error envelope (and checked
        // well-formed), then its rows are read straight from the bytes: no tree of the batch.
        let scan = kind == .json ? ResponseScreen.scanJSON(response.body) : nil
        let message: String?
        if case .wellFormed(let m)? = scan {
            message = m
        } else {
            message = ResponseScreen.jsonMessage(response.body)
        }
        // An answer below 400 that holds the rows and whose envelope says nothing is the rows.
        // Only here is the body's first line not quoted: that excerpt sanitizes the whole line,
        // all 50 rows of it, which was most of this decoder's time, and searched for refusal
        // words it could only ever find in a name near the start, making a good answer a
        // refused session.
        if message == nil, response.status < 400, case .wellFormed? = scan,
            let rows = YahooQuoteBatchReader.rows(response.body)
        {
            return .rows(rows)
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
        guard kind == .json, let scan else {
            return .failure(
                .notJSON(source: source, status: response.status, kind: kind, excerpt: BodyKind.excerpt(response.body)))
        }
        if case .malformed(let offset, let detail) = scan {
            return .failure(.malformed(source: source, line: 1, column: offset + 1, detail: detail))
        }
        if response.status >= 400 {
            return .failure(.httpStatus(source: source, status: response.status, excerpt: said))
        }
        guard let rows = YahooQuoteBatchReader.rows(response.body) else {
            // Yahoo's own error envelope with HTTP 200 (`{"finance":{"result":null,"error":
            // {"description":"Invalid input"}}}`): a refusal of the whole request, said as one
            // (exit 3), not as a body it could not read at "line 1, column 1".
            if let message {
                return .failure(
                    .exchangeError(
                        source: source, message: message,
                        hint: "try again in a few minutes, or use another --source (squarestock doctor checks each)"))
            }
            return .failure(.malformed(source: source, line: 1, column: 1, detail: "no quote rows in \"\(said)\""))
        }
        return .rows(rows)
    }

    /// A stock from a quote row (and, when it arrived, the chart of the day for the sparkline).
    package static func stock(
        symbol: String, row: YahooQuoteRow, chart: Result<Stock, QuoteError>?, context: SourceContext,
        sourceName: String
    ) -> Result<Stock, QuoteError> {
        guard let last = row.regularMarketPrice else {
            if let text = row.unreadablePrice {
                return .failure(.priceNotReadable(source: source, sent: text))
            }
            return .failure(.noData(source: source))
        }
        let venue = YahooVenue(row.venue, symbol: symbol, registry: context.registry)
        let exchange = venue.exchange
        let zone = venue.zone
        let previous = row.regularMarketPreviousClose
        // Yahoo's change fields carry float32 noise (0.200012); recompute them exactly when the
        // previous close is known.
        var price = Price(
            last: last, change: previous == nil ? row.regularMarketChange : nil,
            changePercent: previous == nil ? row.regularMarketChangePercent : nil,
            open: row.regularMarketOpen, high: row.regularMarketDayHigh,
            low: row.regularMarketDayLow, previousClose: previous,
            volume: row.regularMarketVolume,
            lastTrade: row.regularMarketTime)
        price.deriveChange()
        let reported: MarketStatus? = {
            switch row.marketState {
            case "REGULAR": return .open
            case "PRE": return .pre
            case "POST": return .post
            case "PREPRE", "POSTPOST", "CLOSED": return .closed
            default: return nil
            }
        }()
        var extended: ExtendedHoursQuote? = nil
        for (session, fields) in [(MarketStatus.pre, row.preMarket), (.post, row.postMarket)] where reported == session
        {
            if let p = fields.price {
                // Measured from the regular close, exactly (Yahoo's own change has float noise).
                let change = p - last
                extended = ExtendedHoursQuote(
                    session: session, price: p, change: change ?? fields.change,
                    changePercent: change.flatMap { c in
                        (c * ExactDecimal(100)).flatMap { $0.divided(by: last, scale: 4) }?.normalized
                    },
                    time: fields.time)
            }
        }
        let company = Company(symbol: symbol, name: venue.name, exchange: exchange, exchangeCode: venue.exchangeCode)
        var stock = Stock(
            company: company, currency: venue.currency,
            timeZone: zone,
            price: price, source: sourceName)
        stock.reportedStatus = reported
        stock.extendedHours = extended
        stock.priceDecimals = YahooPriceHint.decimals(row.priceHint, for: price.last)
        switch chart {
        case .success(let c)?:
            stock.intraday = c.intraday
            stock.session = c.session
            stock.intradayUnavailable = c.intradayUnavailable
        case .failure(.unknownSymbol)?:
            // The quote knows the symbol; the spark answer left it out ("does not know this
            // symbol" under a good quote was false).
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
