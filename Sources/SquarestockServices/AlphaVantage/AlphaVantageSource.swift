import SquarestockCore
import SquarestockNetworking

/// Alpha Vantage (`https://www.alphavantage.co/query`), keyed: GLOBAL_QUOTE for the quote and
/// then, for the symbols it priced, TIME_SERIES_INTRADAY (5min, US/Eastern wall clock, newest
/// first) for the day's bars and the time of the last trade, both as CSV. The key comes from `ALPHAVANTAGE_API_KEY` or the config
/// file and never appears in any output.
package struct AlphaVantageSource: QuoteSource {
    package let name = AlphaVantageService.name
    package var asksPerSymbol: Bool { true }

    package init() {}

    static let eastern = try? ExchangeTimeZone(identifier: "America/New_York")

    /// Quotes and charts alike need a key; what to do without one.
    var missingKey: QuoteError {
        .notConfigured(
            source: name,
            detail:
                "no API key; set ALPHAVANTAGE_API_KEY or alphavantage_api_key in the config file (free keys at alphavantage.co)"
        )
    }

    package func quotes(for symbols: [String], context: SourceContext, transport: HTTPTransport) -> [StockResult] {
        guard let key = context.setting(AlphaVantageService.apiKey) else {
            return symbols.map { StockResult(symbol: $0, outcome: .failure(missingKey)) }
        }
        var tickers: [(index: Int, ticker: String)] = []
        var outcomes = [Result<Stock, QuoteError>?](repeating: nil, count: symbols.count)
        for (i, s) in symbols.enumerated() {
            switch AlphaVantageSymbol.ticker(for: s, registry: context.registry) {
            case .success(let t): tickers.append((i, t))
            case .failure(let e): outcomes[i] = .failure(e)
            }
        }
        // The quotes first; the day's bars only for the symbols they priced. Alpha Vantage
        // counts every request against a small daily allowance, and an unknown symbol's bars
        // could only be an error.
        let quotes =
            tickers.isEmpty
            ? []
            : transport.perform(
                tickers.map { t in
                    HTTPRequest(
                        url: url("GLOBAL_QUOTE", "symbol=" + Endpoint.encode(t.ticker), key: key, context: context))
                })
        var priced: [(index: Int, ticker: String, quote: AlphaVantageDecoder.GlobalQuote)] = []
        for (k, t) in tickers.enumerated() {
            let quote = quotes[k].mapError { QuoteError.transport(source: name, $0) }.flatMap {
                AlphaVantageDecoder.globalQuote($0, apiKey: key)
            }
            switch quote {
            case .failure(let e): outcomes[t.index] = .failure(e)
            case .success(let q):
                if let text = q?.unreadablePrice {
                    outcomes[t.index] = .failure(.priceNotReadable(source: name, sent: text))
                } else if let q, q.price != nil {
                    priced.append((t.index, t.ticker, q))
                } else {
                    outcomes[t.index] = .failure(.unknownSymbol(source: name))
                }
            }
        }
        let bars =
            priced.isEmpty
            ? []
            : transport.perform(
                priced.map { p in
                    HTTPRequest(
                        url: url(
                            "TIME_SERIES_INTRADAY",
                            "symbol=" + Endpoint.encode(p.ticker)
                                + "&interval=5min&outputsize=compact&extended_hours=false",
                            key: key,
                            context: context),
                        // The day's 5-minute bars: a watch re-serves them 4 minutes (a new bar every 5).
                        reuseFor: 240)
                })
        for (k, p) in priced.enumerated() {
            let intraday = bars[k].mapError { QuoteError.transport(source: name, $0) }.flatMap {
                AlphaVantageDecoder.intraday($0, apiKey: key)
            }
            outcomes[p.index] = .success(
                stock(symbol: symbols[p.index], quote: p.quote, bars: intraday, context: context))
        }
        return symbols.enumerated().map {
            StockResult(symbol: $1, outcome: outcomes[$0] ?? .failure(.missingFromResponse(source: name)))
        }
    }

    func url(_ function: String, _ params: String, key: String, context: SourceContext) -> String {
        context.url(
            "https://www.alphavantage.co/query?function=\(function)&\(params)&datatype=csv&apikey="
                + Endpoint.encode(key))
    }

    func stock(
        symbol: String, quote q: AlphaVantageDecoder.GlobalQuote,
        bars: Result<[AlphaVantageDecoder.IntradayBar], QuoteError>, context: SourceContext
    ) -> Stock {
        let exchange =
            AlphaVantageSymbol.exchange(symbol: q.symbol, region: nil, registry: context.registry)
            ?? context.registry.exchange(forSymbol: symbol)
        let zone = exchange.flatMap { try? ExchangeTimeZone(identifier: $0.timeZone) }
        var price = Price(
            last: q.price, change: q.change, changePercent: q.changePercent, open: q.open, high: q.high, low: q.low,
            previousClose: q.previousClose, volume: q.volume)
        if q.previousClose != nil {
            price.change = nil
            price.changePercent = nil
        }
        price.deriveChange()
        var points: [IntradayPoint] = []
        var unavailable: String?
        let session = q.latestDay.flatMap { SessionWindow.regular(exchange: exchange, zone: zone, on: $0) }
        switch bars {
        case .success(let list):
            if let eastern = AlphaVantageSource.eastern, let day = q.latestDay {
                points = list.filter { $0.time.date == day }.compactMap { b in
                    b.close.map { IntradayPoint(time: eastern.instant(for: b.time), price: $0) }
                }.sorted { $0.time < $1.time }
                // Bars before the open or after the close (16:00:00 is the closing print) are the
                // extended hours' (a service that ignored `extended_hours=false`): not the
                // session's, nor its last trade.
                if let session { points.removeAll { !session.contains($0.time) } }
            }
            // The newest bar of the quote's day is the best "last trade" time Alpha Vantage gives.
            price.lastTrade = points.last?.time
            if points.isEmpty {
                unavailable = "Alpha Vantage sent no intraday bars for \(q.latestDay?.description ?? "the quote's day")"
            }
        case .failure(let e):
            unavailable = "intraday request failed: " + e.detail
        }
        var notes: [StockNote] = []
        if price.lastTrade == nil, let d = q.latestDay {
            notes.append(.remark("Alpha Vantage gives only the trading day (\(d)) for this quote, not the time"))
        }
        var stock = Stock(
            company: Company(symbol: symbol, exchange: exchange), currency: exchange?.currency, timeZone: zone,
            price: price,
            intraday: points,
            session: session, source: name, notes: notes, intradayUnavailable: unavailable)
        stock.priceDecimals = SentDecimals.of(symbol, prices: [price.last, price.open, price.high, price.low])
        return stock
    }
}
