import SquarestockCore
import SquarestockNetworking

/// Yahoo Finance's JSON endpoints, the data source that still works in 2026: quotes in batches
/// of 50 from `/v7/finance/quote` (with the session's crumb) and the day's 5-minute bars in
/// batches of 20 from `/v7/finance/spark?symbols=...&range=1d&interval=5m`, all in one
/// concurrent round after the session is known: 50 symbols are 4 requests, not 51 (one chart
/// each), and a symbol Yahoo does not know costs no request of its own. A rejected crumb
/// renews the session once.
package struct YahooSource: QuoteSource {
    package let name = YahooService.name
    package static let batchSize = 50
    /// Yahoo's spark endpoint refuses more than 20 symbols a request.
    package static let sparkBatchSize = 20

    package init() {}

    package func quotes(for symbols: [String], context: SourceContext, transport: HTTPTransport) -> [StockResult] {
        let store = YahooSessionStore(cacheDirectory: context.cacheDirectory)
        var session: YahooSession
        var fresh = false
        if let cached = store.load(origin: YahooSession.origin(endpoint: context.endpoint)),
            cached.isUsable(now: context.now)
        {
            session = cached
        } else {
            switch newSession(context: context, transport: transport) {
            case .success(let s):
                session = s
                fresh = true
            case .failure(let e): return symbols.map { StockResult(symbol: $0, outcome: .failure(e)) }
            }
        }
        let batches = stride(from: 0, to: symbols.count, by: YahooSource.batchSize).map {
            Array(symbols[$0..<min($0 + YahooSource.batchSize, symbols.count)])
        }
        // Asked, and found in the answers, as Yahoo spells them (`BRK-B` for `BRK.B`).
        let wire = Dictionary(
            symbols.map { ($0, YahooTicker.wire($0, registry: context.registry)) }, uniquingKeysWith: { a, _ in a })
        let sparks =
            context.quotesOnly
            ? []
            : stride(from: 0, to: symbols.count, by: YahooSource.sparkBatchSize).map {
                Array(symbols[$0..<min($0 + YahooSource.sparkBatchSize, symbols.count)])
            }
        func spelled(_ batch: [String]) -> [String] { batch.map { wire[$0] ?? $0 } }
        var responses = transport.perform(
            batches.map { quoteRequest(spelled($0), session: session, context: context) }
                + sparks.map { sparkRequest(spelled($0), session: session, context: context) })
        var quoteOutcomes = responses.prefix(batches.count).map { decodeQuote($0) }
        if !fresh, quoteOutcomes.contains(where: \.isUnauthorized) {
            // The cached crumb was refused: make a new session once and ask again.
            switch newSession(context: context, transport: transport) {
            case .success(let s):
                session = s
                responses.replaceSubrange(
                    0..<batches.count,
                    with: transport.perform(batches.map { quoteRequest(spelled($0), session: s, context: context) }))
                quoteOutcomes = responses.prefix(batches.count).map { decodeQuote($0) }
            case .failure(let e):
                quoteOutcomes = quoteOutcomes.map { $0.isUnauthorized ? .failure(e) : $0 }
            }
        }
        if quoteOutcomes.contains(where: \.hasRows) {
            store.save(session)
        } else if quoteOutcomes.contains(where: \.isUnauthorized) {
            store.clear()
        }
        var charts: [String: Result<Stock, QuoteError>] = [:]
        for (k, spark) in sparks.enumerated() {
            let decoded: [Result<Stock, QuoteError>]
            switch responses[batches.count + k] {
            case .success(let r):
                decoded = YahooChartQuote.sparkStocks(
                    symbols: spark, spelled: spelled(spark), response: r, context: context, sourceName: name)
            case .failure(let e): decoded = spark.map { _ in .failure(.transport(source: name, e)) }
            }
            for (symbol, chart) in zip(spark, decoded) { charts[symbol] = chart }
        }
        var results: [StockResult] = []
        for (b, batch) in batches.enumerated() {
            for symbol in batch {
                // No chart asked for (`quotesOnly`) is none, not a failed one.
                let chart = context.quotesOnly ? nil : charts[symbol] ?? .failure(.unknownSymbol(source: name))
                let outcome = stock(
                    symbol, spelled: wire[symbol] ?? symbol, batch: quoteOutcomes[b], chart: chart, context: context)
                results.append(StockResult(symbol: symbol, outcome: outcome))
            }
        }
        return results
    }

    func newSession(context: SourceContext, transport: HTTPTransport) -> Result<YahooSession, QuoteError> {
        YahooSessionFlow(context: context, transport: transport, userAgent: context.yahooUserAgent).establish()
    }

    /// One symbol's stock from its batch's answer and its day's chart (from a spark answer).
    /// Yahoo leaves unknown symbols out of a batch; the chart then tells "unknown" from "no quote".
    /// `spelled` is the symbol as it was asked (`YahooTicker.wire`), the key of its row.
    func stock(
        _ symbol: String, spelled: String? = nil, batch: YahooQuoteDecoder.Outcome, chart: Result<Stock, QuoteError>?,
        context: SourceContext
    ) -> Result<Stock, QuoteError> {
        switch batch {
        case .rows(let rows):
            if let row = rows[(spelled ?? symbol).uppercased()] {
                return YahooQuoteDecoder.stock(
                    symbol: symbol, row: row, chart: chart, context: context, sourceName: name)
            }
            return (chart ?? .failure(.unknownSymbol(source: name))).flatMap { _ in .failure(.noData(source: name)) }
                .mapError { e in
                    e == .unknownSymbol(source: "yahoo") || e == .noData(source: "yahoo")
                        ? .unknownSymbol(source: name) : e
                }
        case .unauthorized(let said):
            return .failure(
                .sessionFailed(source: name, detail: "Yahoo refused the session even after renewing it (\"\(said)\")"))
        case .failure(let e):
            return .failure(e)
        }
    }

    func decodeQuote(_ r: Result<HTTPResponse, TransportError>) -> YahooQuoteDecoder.Outcome {
        switch r {
        case .success(let response): return YahooQuoteDecoder.decode(response)
        case .failure(let e): return .failure(.transport(source: name, e))
        }
    }

    func headers(_ session: YahooSession, context: SourceContext) -> [String] {
        var h = ["User-Agent: " + context.yahooUserAgent, "Accept: application/json"]
        if let c = session.cookies.headerLine { h.append(c) }
        return h
    }

    func quoteRequest(_ symbols: [String], session: YahooSession, context: SourceContext) -> HTTPRequest {
        let url =
            "https://query1.finance.yahoo.com/v7/finance/quote?symbols="
            + symbols.map(Endpoint.encode).joined(separator: "%2C")
            + "&formatted=false&crumb=" + Endpoint.encode(session.crumb)
        return HTTPRequest(url: context.url(url), headers: headers(session, context: context))
    }

    /// The day's 5-minute closes of up to `sparkBatchSize` symbols in one answer (the same
    /// meta and timestamps as a chart's). A watch re-serves it 4 minutes (a new point every 5).
    func sparkRequest(_ symbols: [String], session: YahooSession, context: SourceContext) -> HTTPRequest {
        let url =
            "https://query1.finance.yahoo.com/v7/finance/spark?symbols="
            + symbols.map(Endpoint.encode).joined(separator: "%2C")
            + "&range=1d&interval=5m&indicators=close&includeTimestamps=false&includePrePost=false"
        return HTTPRequest(url: context.url(url), headers: headers(session, context: context), reuseFor: 240)
    }
}
