import Foundation
import SquarestockCore
import SquarestockNetworking
import SquarestockRendering
import SquarestockSearch
import SquarestockServices
import SquarestockWatch

/// The targets that carry decoded network text all the way to what the user sees: quotes
/// through the watch table, line writers and currency conversion, and a downloaded symbol
/// directory through the search index and its writers. Each output must be inert.
enum FuzzRenderTargets {
    static let context = FuzzTargets.context

    /// Quotes decoded from `body` by the decoder the selector's low two bits pick (Yahoo chart,
    /// Yahoo quote, Stooq, legacy Yahoo CSV), at most four.
    static func decodedQuotes(selector: UInt8, body: HTTPResponse) -> [StockResult] {
        var outcomes: [(String, Result<Stock, QuoteError>)] = []
        switch selector & 3 {
        case 0:
            outcomes = [
                ("AAPL", YahooChartQuote.stock(symbol: "AAPL", response: body, context: context, sourceName: "fuzz"))
            ]
        case 1:
            if case .rows(let rows) = YahooQuoteDecoder.decode(body) {
                outcomes = rows.map {
                    (
                        $0.key,
                        YahooQuoteDecoder.stock(
                            symbol: $0.key, row: $0.value, chart: nil, context: context, sourceName: "fuzz")
                    )
                }
            }
        case 2:
            if case .success(let rows) = StooqDecoder.quotes(body) {
                outcomes = rows.map {
                    (
                        "AAPL",
                        StooqSource.stock(
                            symbol: "AAPL", row: $0, intraday: nil, daily: nil, context: context, sourceName: "fuzz")
                    )
                }
            }
        default:
            if case .success(let rows) = YahooCSVDecoder.rows(
                body, codes: YahooFieldCode.split(YahooFieldCode.standard) ?? [])
            {
                outcomes = rows.map {
                    ($0.symbol, YahooCSVSource.stock(symbol: $0.symbol, row: $0, context: context, sourceName: "fuzz"))
                }
            }
        }
        return outcomes.prefix(4).map { StockResult(symbol: $0.0, outcome: $0.1) }
    }

    /// The first byte picks the decoder (bits 0-1), the sparkline style (bit 2) and the width
    /// (bits 3-7); the rest is the body.
    static func split(_ bytes: [UInt8]) -> (selector: UInt8, body: HTTPResponse)? {
        guard let selector = bytes.first else { return nil }
        return (selector, HTTPResponse(status: 200, body: Array(bytes.dropFirst())))
    }

    /// `watch`: decoded quotes applied twice (so flashes and changes are drawn), then the table
    /// at a width the input picks and every line format.
    static func watchRender(_ bytes: [UInt8]) {
        guard let (selector, body) = split(bytes) else { return }
        let results = decodedQuotes(selector: selector, body: body)
        guard !results.isEmpty else { return }
        var state = WatchState(symbols: results.map(\.symbol))
        _ = state.apply(results, now: context.now, clock: 0)
        _ = state.apply(results, now: context.now.adding(seconds: 60), clock: 60)
        let style: SparklineStyle = selector & 4 == 0 ? .unicode : .ascii
        let columns = 20 + Int(selector >> 3) * 6
        let lines = WatchTableRenderer(palette: .plain, style: style)
            .render(
                state: state, header: WatchHeader(source: "fuzz", lastSuccess: context.now), columns: columns, rows: 12,
                now: context.now, clock: 61)
        FuzzOracle.requireInert(lines, "the watch table")
        for format in WatchLineFormat.allCases {
            let writer = WatchLineWriter(format: format)
            for entry in state.ordered(by: .yourOrder) {
                FuzzOracle.requireInert(writer.line(entry, now: context.now), "a watch \(format) line")
            }
        }
    }

    /// `--currency`: the body holds the quotes and the rates alike (a quote in `XXX` converts
    /// with the result for `XXX`), so decoded prices and rates meet in the arithmetic; then
    /// every quote writer renders the converted results.
    static func fxConvert(_ bytes: [UInt8]) {
        guard let (selector, body) = split(bytes) else { return }
        let results = decodedQuotes(selector: selector, body: body)
        guard !results.isEmpty else { return }
        var rates: [String: Result<Stock, QuoteError>] = [:]
        for r in results { if let code = r.stock?.currency?.code, rates[code] == nil { rates[code] = r.outcome } }
        let converted = CurrencyConversion.convert(results, to: "EUR", rates: rates)
        FuzzOracle.requireInert(
            [
                QuoteTableRenderer(width: 100, style: .unicode, palette: .plain, userZone: FuzzTargets.newYork).render(
                    converted, now: context.now),
                QuoteCSVWriter.render(converted, now: context.now),
                QuoteJSONWriter.render(converted, now: context.now),
            ], "a converted quote")
    }

    /// `symbols update` then `search`: a downloaded directory file (either kind) is indexed,
    /// searched and written in every format, and asked for a "did you mean".
    static func directorySearch(_ bytes: [UInt8]) {
        guard let listings = try? SymbolDirectoryParser.parse(bytes).directory.listings, !listings.isEmpty else {
            return
        }
        let index = SymbolIndex(listings: Array(listings.prefix(64)))
        for query in ["apple", "inc", "a", String(decoding: bytes.prefix(8), as: UTF8.self)] {
            let rows = SearchMerger.merge(offline: index.search(query, limit: 5), online: [], limit: 5, query: query)
            FuzzOracle.requireInert(
                [
                    SearchResultWriter.table(rows, width: 100, palette: .plain), SearchResultWriter.json(rows),
                    SearchResultWriter.csv(rows),
                ],
                "search results")
        }
        if let hint = index.suggestion(forUnknownSymbol: "APPL") {
            FuzzOracle.requireInert(hint.symbol + " (" + hint.name + ")", "a did-you-mean hint")
        }
    }
}
