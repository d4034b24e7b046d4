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
    /// The shipped directory (from SQUARESTOCK_DATA or the checkout), loaded once for the search target.
    static let searchIndex: SymbolIndex? = try? SymbolDirectoryStore(environment: ProcessInfo.processInfo.environment).loadIndex().get()

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
            // Every CSV history layout, then the chart drawn from whatever decoded.
            guard let zone = newYork else { return }
            let results = [StooqHistoryDecoder.decode(response, symbol: "AAPL", zone: zone, interval: .daily),
                           YahooTableCSVDecoder.decode(response, symbol: "AAPL", zone: zone),
                           YahooDownloadCSVDecoder.decode(response, symbol: "AAPL", zone: zone),
                           AlphaVantageTimeSeriesDecoder.decode(response, symbol: "AAPL", zone: zone, interval: .minutes(5), apiKey: "KEY")]
            for case .success(let series) in results where !series.bars.isEmpty {
                _ = ChartRenderer.render(series: series, size: ChartSize(width: 60, height: 12), style: .line, palette: .plain, options: ChartOptions())
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
