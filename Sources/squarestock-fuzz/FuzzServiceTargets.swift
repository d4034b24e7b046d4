import Foundation
import SquarestockCore
import SquarestockNetworking
import SquarestockRendering
import SquarestockSearch
import SquarestockServices
import SquarestockWatch

/// The stock services' decoders, each on the body as an HTTP 200 answer: Stooq, Yahoo (JSON, CSV, session), Alpha Vantage, and the samples' manifest.
enum FuzzServiceTargets {
    static let names = [
        "stooq-quote", "stooq-bars", "yahoo-csv", "yahoo-chart", "yahoo-chart-history", "history-csv", "yahoo-quote",
        "yahoo-search", "yahoo-autoc", "av-quote", "av-intraday", "av-search", "yahoo-session", "crumb", "manifest",
    ]

    /// False for a name that is not one of these targets.
    static func run(_ target: String, _ bytes: [UInt8]) -> Bool {
        let response = HTTPResponse(status: 200, body: bytes)
        let context = FuzzTargets.context
        let newYork = FuzzTargets.newYork
        switch target {
        case "stooq-quote": _ = StooqDecoder.quotes(response)
        case "stooq-bars":
            // The product's one Stooq bar reader: both layouts, the fast row path and the general one.
            if let zone = newYork {
                _ = StooqHistoryDecoder.decode(response, symbol: "AAPL", zone: zone, interval: .minutes(5))
            }
        case "yahoo-csv":
            if case .success(let rows) = YahooCSVDecoder.rows(
                response, codes: YahooFieldCode.split(YahooFieldCode.standard) ?? [])
            {
                for r in rows {
                    _ = YahooCSVSource.stock(symbol: r.symbol, row: r, context: context, sourceName: "fuzz")
                }
            }
        case "yahoo-chart":
            _ = YahooChartQuote.stock(symbol: "AAPL", response: response, context: context, sourceName: "fuzz")
        case "yahoo-chart-history":
            if case .success(let h) = YahooChartHistory.fetched(
                response, symbol: "AAPL", registry: .standard, requested: .daily)
            {
                _ = h.chartData(symbol: "AAPL", range: .year1)
            }
        case "history-csv":
            // The first byte picks one CSV history layout (so each run decodes once, not four
            // times, and the fuzzer learns which byte reaches which decoder); the chart is then
            // drawn from whatever decoded, in the style the second bit pair picks.
            guard let zone = newYork, let selector = bytes.first else { return true }
            let body = HTTPResponse(status: 200, body: Array(bytes.dropFirst()))
            let result: Result<HistorySeries, HistoryError>
            switch selector & 3 {
            case 0: result = StooqHistoryDecoder.decode(body, symbol: "AAPL", zone: zone, interval: .daily)
            case 1: result = YahooHistoryCSVDecoder.decode(body, layout: .table, symbol: "AAPL", zone: zone)
            case 2: result = YahooHistoryCSVDecoder.decode(body, layout: .download, symbol: "AAPL", zone: zone)
            default:
                result = AlphaVantageTimeSeriesDecoder.decode(
                    body, symbol: "AAPL", zone: zone, interval: .minutes(5), apiKey: "KEY")
            }
            if case .success(let series) = result, !series.bars.isEmpty {
                let styles = ChartStyle.allCases
                let chart = ChartRenderer.render(
                    series: series, size: ChartSize(width: 60, height: 12),
                    style: styles[Int(selector >> 2) % styles.count],
                    palette: .plain, options: ChartOptions())
                FuzzOracle.requireInert(chart, "the chart")
            }
        case "yahoo-quote":
            if case .rows(let rows) = YahooQuoteDecoder.decode(response) {
                for (s, row) in rows {
                    _ = YahooQuoteDecoder.stock(symbol: s, row: row, chart: nil, context: context, sourceName: "fuzz")
                }
            }
        case "yahoo-search": _ = YahooSearchDecoder.matches(response)
        case "yahoo-autoc": _ = YahooAutocompleteDecoder.matches(response)
        case "av-quote": _ = AlphaVantageDecoder.globalQuote(response, apiKey: "KEY")
        case "av-intraday": _ = AlphaVantageDecoder.intraday(response, apiKey: "KEY")
        case "av-search": _ = AlphaVantageDecoder.search(response, apiKey: "KEY", registry: .standard)
        case "yahoo-session":
            // A damaged `yahoo-session.json` from the cache: decoded, judged, and its cookies
            // turned into the header a request would send.
            if let session = YahooSessionStore.decode(bytes) {
                _ = session.isUsable(now: context.now)
                _ = session.cookies.headerLine
            }
        case "crumb":
            _ = YahooSessionFlow.crumb(from: response)
            _ = YahooSessionFlow.crumb(from: HTTPResponse(status: 429, body: bytes))
        case "manifest":
            _ = SamplesSource.parseManifest(bytes)
            _ = SamplesSource.parseHistoryManifest(bytes)
        default: return false
        }
        return true
    }
}
