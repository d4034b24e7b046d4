import SquarestockCore
import SquarestockNetworking

/// Alpha Vantage (`https://www.alphavantage.co/query`), keyed: GLOBAL_QUOTE for the quote and
/// TIME_SERIES_INTRADAY (5min, US/Eastern wall clock, newest first) for the day's bars and the
/// time of the last trade, both as CSV. The key comes from `ALPHAVANTAGE_API_KEY` or the config
/// file and never appears in any output.
package struct AlphaVantageSource: QuoteSource {
    package let name = AlphaVantageService.name

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
        var requests: [HTTPRequest] = []
        for t in tickers {
            requests.append(
                HTTPRequest(url: url("GLOBAL_QUOTE", "symbol=" + Endpoint.encode(t.ticker), key: key, context: context))
            )
            requests.append(
                HTTPRequest(
                    url: url(
                        "TIME_SERIES_INTRADAY",
                        "symbol=" + Endpoint.encode(t.ticker) + "&interval=5min&outputsize=compact", key: key,
                        context: context)))
        }
        let responses = transport.perform(requests)
        for (k, t) in tickers.enumerated() {
            let quote = responses[2 * k].mapError { QuoteError.transport(source: name, $0) }.flatMap {
                AlphaVantageDecoder.globalQuote($0, apiKey: key)
            }
            let bars = responses[2 * k + 1].mapError { QuoteError.transport(source: name, $0) }.flatMap {
                AlphaVantageDecoder.intraday($0, apiKey: key)
            }
            outcomes[t.index] = quote.flatMap { q in
                if let text = q?.unreadablePrice { return .failure(.priceNotReadable(source: name, sent: text)) }
                guard let q, q.price != nil else { return .failure(.unknownSymbol(source: name)) }
                return .success(stock(symbol: symbols[t.index], quote: q, bars: bars, context: context))
            }
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
        switch bars {
        case .success(let list):
            if let eastern = AlphaVantageSource.eastern, let day = q.latestDay {
                points = list.filter { $0.time.date == day }.compactMap { b in
                    b.close.map { IntradayPoint(time: eastern.instant(for: b.time), price: $0) }
                }.sorted { $0.time < $1.time }
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
        return Stock(
            company: Company(symbol: symbol, exchange: exchange), currency: exchange?.currency, timeZone: zone,
            price: price,
            intraday: points,
            session: q.latestDay.flatMap { SessionWindow.regular(exchange: exchange, zone: zone, on: $0) },
            source: name, notes: notes, intradayUnavailable: unavailable)
    }
}
