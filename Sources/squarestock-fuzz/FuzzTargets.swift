import Foundation
import SquarestockCore
import SquarestockKit
import SquarestockNetworking
import SquarestockRendering
import SquarestockSearch
import SquarestockServices
import SquarestockWatch

/// Every parser that reads bytes from the network or from disk, as a fuzz target: each must
/// return a value or a typed error for any input, never trap, hang or read out of bounds.
enum FuzzTargets {
    static let names =
        [
            "csv", "numbers", "dates", "json", "body", "stooq-quote", "stooq-bars", "yahoo-csv", "yahoo-chart",
            "yahoo-chart-history", "history-csv", "directory", "search-query", "yahoo-quote", "yahoo-search",
            "yahoo-autoc",
            "av-quote", "av-intraday", "av-search",
            "manifest", "config", "cookies", "html-form", "snapshot", "watch-input", "quote-render",
            "yahoo-session", "crumb", "header-lines", "directory-search", "watch-render", "fx-convert",
        ] + FuzzExchangeTargets.names

    static let context = SourceContext(now: Instant(secondsSinceEpoch: 1_761_755_819))
    static let newYork = try? ExchangeTimeZone(identifier: "America/New_York")
    /// Every eighth listing of the shipped directory (from SQUARESTOCK_DATA or the checkout),
    /// indexed once for the search target. The query is what is fuzzed: a 1/8 sample keeps every
    /// kind of name, share class and venue the full index has and makes each query 8x cheaper,
    /// which is what lets the target reach its ten million executions.
    static let searchIndex: SymbolIndex? = {
        guard let full = try? SymbolDirectoryStore(environment: ProcessInfo.processInfo.environment).loadIndex().get()
        else { return nil }
        return SymbolIndex(listings: stride(from: 0, to: full.count, by: 8).map { full.listing(at: $0) })
    }()

    /// A snapshot of every 256th listing of the shipped directory (a few dozen listings, a few
    /// KB, so one run stays cheap), made once.
    static let smallSnapshot: [UInt8]? = searchIndex.map { sample in
        SymbolIndex(listings: stride(from: 0, to: sample.count, by: 32).map { sample.listing(at: $0) }).snapshot()
    }

    /// Why `target` cannot be fuzzed in this process, if it cannot. An unknown name, or a search
    /// target without the symbol directory, would otherwise run every input through nothing and
    /// count millions of executions that tested nothing.
    static func unusable(_ target: String) -> String? {
        guard names.contains(target) else {
            return "unknown target '\(target)'; targets: " + names.joined(separator: " ")
        }
        if target == "search-query" || target == "snapshot", searchIndex == nil {
            return
                "\(target) needs the symbol directory: run from a checkout, or set SQUARESTOCK_DATA to its data/ folder"
        }
        return nil
    }

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
                if let dt = DateTimeParsing.isoDateTime(raw),
                    let zone = try? ExchangeTimeZone(identifier: "America/New_York")
                {
                    _ = zone.localDateTime(at: zone.instant(for: dt))
                }
            }
        case "json":
            _ = try? JSONReader.parseAllowingJSONP(bytes)
            // The cursor the exchange decoders walk must skip in full whatever the reader parses.
            if (try? JSONReader.parse(bytes)) != nil {
                let skipped: Bool = bytes.withUnsafeBytes { raw in
                    var c = JSONCursor(raw)
                    return c.skipValue() && c.atEnd()
                }
                precondition(skipped, "JSONCursor refused a body JSONReader parsed")
            }
        case "body":
            _ = BodyKind.classify(bytes)
            _ = BodyKind.excerpt(bytes)
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
            _ = YahooChartDecoder.stock(symbol: "AAPL", response: response, context: context, sourceName: "fuzz")
        case "yahoo-chart-history":
            if case .success(let h) = YahooChartHistoryDecoder.decode(
                response, symbol: "AAPL", registry: .standard, requested: .daily)
            {
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
        case "directory": _ = try? SymbolDirectoryParser.parse(bytes)
        case "search-query": _ = searchIndex?.search(String(decoding: bytes, as: UTF8.self), limit: 5)
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
        case "manifest":
            _ = SamplesSource.parseManifest(bytes)
            _ = SamplesSource.parseHistoryManifest(bytes)
        case "config": _ = ConfigFile.parse(String(decoding: bytes, as: UTF8.self))
        case "cookies":
            // Response header values: every line as a Set-Cookie and as a Retry-After.
            var jar = CookieJar()
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                let value = String(decoding: line, as: UTF8.self)
                jar.absorb(setCookie: value, now: context.now)
                _ = RetryPolicy.parseRetryAfter(value, now: context.now)
            }
            _ = jar.headerLine
        case "html-form":
            let fields = HTMLForm.hiddenInputs(bytes)
            _ = HTMLForm.encode(fields.map { ($0.name, $0.value) })
        case "snapshot":
            // A valid snapshot of a small index, damaged as the input says and resealed, so the
            // damage reaches the shape checks behind the checksum: loading must refuse it or give
            // an index that searches without reading out of bounds.
            guard var damaged = smallSnapshot else { return }
            var i = 0
            if bytes.count >= 2 {  // first two bytes: how much of the file survives
                let keep = (Int(bytes[0]) << 8 | Int(bytes[1])) % (damaged.count + 1)
                if keep >= 16 { damaged.removeSubrange(keep...) }
                i = 2
            }
            while i + 3 <= bytes.count {  // then (offset high, offset low, byte) edits
                let at = (Int(bytes[i]) << 8 | Int(bytes[i + 1])) % max(damaged.count - 8, 1)
                if at >= 16, at < damaged.count { damaged[at] = bytes[i + 2] }
                i += 3
            }
            if let index = try? SymbolIndex(snapshot: SymbolIndex.resealedSnapshot(damaged)) {
                for q in ["apple", "berkshre b", "GOOG"] { _ = index.search(q, limit: 5) }
                _ = index.suggestion(forUnknownSymbol: "APPL")
                _ = index.listings
            }
        case "quote-render":
            // A quote as the user sees it: the first byte picks the decoder (Yahoo chart, Yahoo
            // quote, Stooq, legacy Yahoo CSV), then the stock goes through the market status, the
            // table with its sparkline, and the CSV and JSON writers, so absurd values that decode
            // (a trade in year 292277026596, a zero previous close) reach the arithmetic on them.
            guard let (selector, body) = FuzzRenderTargets.split(bytes) else { return }
            let results = FuzzRenderTargets.decodedQuotes(selector: selector, body: body)
            guard !results.isEmpty else { return }
            FuzzOracle.requireInert(
                [
                    QuoteTableRenderer(
                        width: 100, style: selector & 4 == 0 ? .unicode : .ascii, palette: .plain, userZone: newYork
                    )
                    .render(results, now: context.now),
                    QuoteCSVWriter.render(results, now: context.now), QuoteJSONWriter.render(results, now: context.now),
                ], "a quote")
        case "watch-input":
            // What a user types or writes: keys, alert rules and watchlist files.
            _ = WatchKey.decode(bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            _ = AlertRule.parse(text)
            let file = WatchList.parseFile(text, name: "list")
            _ = WatchList.resolve(commandLine: [], file: file, config: WatchList.parseConfig(text))
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
        case "header-lines":
            // Each line as libcurl's header callback would hand it over, line end included.
            var headers: [HTTPHeader] = []
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                let withEnd = Array(line) + [UInt8(ascii: "\n")]
                switch withEnd.withUnsafeBytes({ HTTPHeaderLine.parse($0) }) {
                case .statusLine: headers.removeAll()
                case .header(let h): headers.append(h)
                case .other: break
                }
            }
            let now = context.now
            _ = HTTPResponse(status: 429, headers: headers, body: []).header("Retry-After").map {
                RetryPolicy.parseRetryAfter($0, now: now)
            }
        case "directory-search": FuzzRenderTargets.directorySearch(bytes)
        case "watch-render": FuzzRenderTargets.watchRender(bytes)
        case "fx-convert": FuzzRenderTargets.fxConvert(bytes)
        default: _ = FuzzExchangeTargets.run(target, bytes)
        }
    }
}
