import Foundation
import SquarestockKit

/// Every parser that reads bytes from the network or from disk, as a fuzz target: each must
/// return a value or a typed error for any input, never trap, hang or read out of bounds.
enum FuzzTargets {
    static let names = ["csv", "numbers", "dates", "json", "body", "stooq-quote", "stooq-bars", "yahoo-csv", "yahoo-chart",
                        "yahoo-chart-history", "history-csv", "directory", "search-query", "yahoo-quote", "yahoo-search", "yahoo-autoc", "av-quote", "av-intraday", "av-search",
                        "manifest", "config"]

    static let context = SourceContext(now: Instant(secondsSinceEpoch: 1_761_755_819))
    static let newYork = try? ExchangeTimeZone(identifier: "America/New_York")
    /// Every eighth listing of the shipped directory (from SQUARESTOCK_DATA or the checkout),
    /// indexed once for the search target. The query is what is fuzzed: a 1/8 sample keeps every
    /// kind of name, share class and venue the full index has and makes each query 8x cheaper,
    /// which is what lets the target reach its ten million executions.
    static let searchIndex: SymbolIndex? = {
        guard let full = try? SymbolDirectoryStore(environment: ProcessInfo.processInfo.environment).loadIndex().get() else { return nil }
        return SymbolIndex(listings: stride(from: 0, to: full.count, by: 8).map { full.listing(at: $0) })
    }()

    static func run(_ target: String, _ bytes: [UInt8]) {
        let response = HTTPResponse(status: 200, body: bytes)
        switch target {
        case "csv":
            bytes.withUnsafeBytes { raw in
                var reader = TolerantCSVReader(bytes: raw)
                var fields: [CSVField] = []
                var n = 0
                while reader.nextRecord(into: &fields) {
                    for f in fields { n &+= reader.string(f).utf8.count }
                }
                _ = n
            }
        case "numbers":
            bytes.withUnsafeBytes { raw in
                _ = FieldParsing.humanNumber(raw)
                _ = FieldParsing.decimal(raw)
                if let d = ExactDecimal.parse(raw) {
                    _ = d.description
                    _ = d.rounded(toScale: 2)
                    _ = d * d
                    _ = d.divided(by: d, scale: 6)
                }
            }
        case "dates":
            bytes.withUnsafeBytes { raw in
                _ = DateTimeParsing.isoDate(raw)
                _ = DateTimeParsing.compactDate(raw)
                _ = DateTimeParsing.usDate(raw)
                _ = DateTimeParsing.time(raw)
                _ = DateTimeParsing.twelveHourTime(raw)
                if let dt = DateTimeParsing.isoDateTime(raw), let zone = try? ExchangeTimeZone(identifier: "America/New_York") {
                    _ = zone.localDateTime(at: zone.instant(for: dt))
                }
            }
        case "json": _ = try? JSONReader.parseAllowingJSONP(bytes)
        case "body": _ = BodyKind.classify(bytes); _ = BodyKind.excerpt(bytes)
        case "stooq-quote": _ = StooqDecoder.quotes(response)
        case "stooq-bars": _ = StooqDecoder.bars(response)
        case "yahoo-csv":
            if case .success(let rows) = YahooCSVDecoder.rows(response, codes: YahooFieldCode.split(YahooFieldCode.standard) ?? []) {
                for r in rows { _ = YahooCSVSource.stock(symbol: r.symbol, row: r, context: context, sourceName: "fuzz") }
            }
        case "yahoo-chart": _ = YahooChartDecoder.stock(symbol: "AAPL", response: response, context: context, sourceName: "fuzz")
        case "yahoo-chart-history":
            if case .success(let h) = YahooChartHistoryDecoder.decode(response, symbol: "AAPL", registry: .standard, requested: .daily) {
                _ = ChartManager.data(symbol: "AAPL", range: .year1, fetched: h)
            }
        case "history-csv":
            // The first byte picks one CSV history layout (so each run decodes once, not four
            // times, and the fuzzer learns which byte reaches which decoder); the chart is then
            // drawn from whatever decoded, in the style the second bit pair picks.
            guard let zone = newYork, let selector = bytes.first else { return }
            let body = HTTPResponse(status: 200, body: Array(bytes.dropFirst()))
            let result: Result<HistorySeries, HistoryError>
            switch selector & 3 {
            case 0: result = StooqHistoryDecoder.decode(body, symbol: "AAPL", zone: zone, interval: .daily)
            case 1: result = YahooTableCSVDecoder.decode(body, symbol: "AAPL", zone: zone)
            case 2: result = YahooDownloadCSVDecoder.decode(body, symbol: "AAPL", zone: zone)
            default: result = AlphaVantageTimeSeriesDecoder.decode(body, symbol: "AAPL", zone: zone, interval: .minutes(5), apiKey: "KEY")
            }
            if case .success(let series) = result, !series.bars.isEmpty {
                let styles = ChartStyle.allCases
                _ = ChartRenderer.render(series: series, size: ChartSize(width: 60, height: 12), style: styles[Int(selector >> 2) % styles.count],
                                         palette: .plain, options: ChartOptions())
            }
        case "directory": _ = try? SymbolDirectoryParser.parse(bytes)
        case "search-query": _ = searchIndex?.search(String(decoding: bytes, as: UTF8.self), limit: 5)
        case "yahoo-quote":
            if case .rows(let rows) = YahooQuoteDecoder.decode(response) {
                for (s, row) in rows { _ = YahooQuoteDecoder.stock(symbol: s, row: row, chart: nil, context: context, sourceName: "fuzz") }
            }
        case "yahoo-search": _ = YahooSearchDecoder.matches(response)
        case "yahoo-autoc": _ = YahooAutocompleteDecoder.matches(response)
        case "av-quote": _ = AlphaVantageDecoder.globalQuote(response, apiKey: "KEY")
        case "av-intraday": _ = AlphaVantageDecoder.intraday(response, apiKey: "KEY")
        case "av-search": _ = AlphaVantageDecoder.search(response, apiKey: "KEY", registry: .standard)
        case "manifest": _ = SamplesSource.parseManifest(bytes); _ = SamplesSource.parseHistoryManifest(bytes)
        case "config": _ = ConfigFile.parse(String(decoding: bytes, as: UTF8.self))
        default: break
        }
    }
}
