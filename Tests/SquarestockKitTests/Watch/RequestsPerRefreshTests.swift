import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockNetworking
@testable import SquarestockServices

/// How many requests a one-shot quote and a watch refresh cost, counted by a loopback server
/// through libcurl: a symbol a service has said it does not know gets no further request, and
/// Yahoo's batch endpoints carry many symbols a request. The counts are exact so a regression
/// (a request per symbol creeping back) fails here; the figures are in BENCHMARKS.md.
struct RequestsPerRefreshTests {
    /// Three symbols Stooq knows among ten; the other seven it answers `N/D`.
    static let tenSymbols = ["AAPL", "NOPE1", "MSFT", "NOPE2", "NOPE3", "IBM", "NOPE4", "NOPE5", "NOPE6", "NOPE7"]
    static let known: Set<String> = ["AAPL.US", "MSFT.US", "IBM.US"]

    static func app(
        source: String, endpoint: String, extra: [String: String] = [:],
        home: String = TemporaryPath.make("requests-per-refresh")
    ) throws -> SquarestockApp {
        try FileManager.default.createDirectory(
            atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let env = [
            "HOME": home, "XDG_CACHE_HOME": home + "/cache", "XDG_STATE_HOME": home + "/state",
            "XDG_DATA_HOME": home + "/data", "SQUARESTOCK_ENDPOINT": endpoint, "SQUARESTOCK_SOURCE": source,
            "SQUARESTOCK_NOW": "2020-05-07T20:00:00Z",
        ].merging(extra) { _, b in b }
        return SquarestockApp(
            settings: try Settings.resolve(.init(), environment: env, loadConfig: { _ in ConfigFile() }))
    }

    /// Stooq as it answers: a quote row for each known ticker of `s`, `N/D` for the others,
    /// and the recorded bars for any history request (or `No data` without `history`).
    static func stooqServer(history: Bool = true) throws -> LoopbackHTTPServer {
        let intraday = Fixture.bytes("stooq/SYNTHETIC_intraday_aapl.us_5m_2020-05-06.csv")
        let daily = Fixture.bytes("stooq/SYNTHETIC_daily_aapl.us_2020-05.csv")
        return try LoopbackHTTPServer { request in
            switch request.path {
            case "/q/l/":
                var body = "Symbol,Date,Time,Open,High,Low,Close,Volume,Name\r\n"
                for t in (request.queryItem("s") ?? "").split(separator: "+").map({ $0.uppercased() }) {
                    body +=
                        known.contains(t)
                        ? "\(t),2020-05-06,22:00:01,300.46,303.24,298.87,300.63,35583438,\(t)\r\n"
                        : "\(t),N/D,N/D,N/D,N/D,N/D,N/D,N/D,\(t)\r\n"
                }
                return .text(body)
            case "/q/d/l/":
                guard history else { return .text("No data") }
                return LoopbackResponse(body: request.queryItem("i") == "5" ? intraday : daily)
            default:
                return .text("no route", status: 404)
            }
        }
    }

    @Test func aStooqQuoteAsksNoHistoryOfTheSymbolsItAnsweredND() throws {
        let server = try Self.stooqServer()
        // The source as the quote command makes it (without the "did you mean" matching, which
        // loads the symbol directory: slow in a debug build, and no request).
        let settings = try Self.app(source: "stooq", endpoint: server.baseURL).settings
        let results = StockManager(
            source: settings.quoteSource, transport: CurlTransport(), context: settings.sourceContext
        ).quotes(for: Self.tenSymbols)
        #expect(results.filter { $0.stock != nil }.map(\.symbol) == ["AAPL", "MSFT", "IBM"])
        #expect(results[1].error == .noData(source: "stooq"))
        // One batch of ten, then the day's bars and the daily bars of the three it priced:
        // 7 requests, where each unknown symbol used to cost two more (21).
        #expect(server.requests.count == 7, "\(server.requests.map(\.target))")
        let history = server.requests.filter { $0.path == "/q/d/l/" }.compactMap { $0.queryItem("s") }
        #expect(Set(history) == ["aapl.us", "msft.us", "ibm.us"])
    }

    @Test func aStooqWatchRefreshOfTenSymbols() throws {
        let server = try Self.stooqServer()
        let clock = ManualClock(1000)
        let feed = try Self.app(source: "stooq", endpoint: server.baseURL).watchFeed(replaySpeed: nil, clock: clock)
        let now = Instant(secondsSinceEpoch: 1_588_881_600)
        _ = feed.quotes(for: Self.tenSymbols, now: now)
        #expect(server.requests.count == 7)
        // The next refresh: the quote batch again; the bars are re-served from the cache.
        clock.advance(by: 60)
        let second = feed.quotes(for: Self.tenSymbols, now: now.adding(seconds: 60))
        #expect(second.filter { $0.stock != nil }.count == 3)
        #expect(server.requests.count == 8, "\(server.requests.dropFirst(7).map(\.target))")
    }

    /// Alpha Vantage asks a request per symbol: one it said it does not know is not asked at
    /// the next refreshes (a watchlist's typo spent the 25 requests of a day in minutes); its
    /// row keeps the answer, in its place. An hour on it is asked once more.
    @Test func anAlphaVantageWatchHoldsBackASymbolItDoesNotKnow() throws {
        let server = try Self.alphaVantageServer()
        let clock = ManualClock(1000)
        let app = try Self.app(
            source: "alphavantage", endpoint: server.baseURL, extra: ["ALPHAVANTAGE_API_KEY": "demo"])
        let feed = app.watchFeed(replaySpeed: nil, clock: clock)
        let now = Instant(secondsSinceEpoch: 1_588_881_600)
        func asked() -> [String] {
            server.requests.filter { $0.queryItem("function") == "GLOBAL_QUOTE" }.compactMap { $0.queryItem("symbol") }
        }
        let first = feed.quotes(for: ["IBM", "ZZZZ"], now: now)
        #expect(first[1].error == .unknownSymbol(source: "alphavantage"), "\(first)")
        // The symbols are asked concurrently, so in either order.
        #expect(asked().sorted() == ["IBM", "ZZZZ"])
        clock.advance(by: 60)
        let second = feed.quotes(for: ["IBM", "ZZZZ"], now: now.adding(seconds: 60))
        #expect(asked().count == 3 && asked().last == "IBM", "\(asked())")
        #expect(second.map(\.symbol) == ["IBM", "ZZZZ"] && second[1].error == .unknownSymbol(source: "alphavantage"))
        clock.advance(by: 3_600)
        _ = feed.quotes(for: ["IBM", "ZZZZ"], now: now.adding(seconds: 3_700))
        #expect(asked().count == 5 && asked().suffix(2).sorted() == ["IBM", "ZZZZ"], "\(asked())")
    }

    /// The status line's refresh holds an unknown symbol back as `watch` does: not stale for an
    /// hour (then two), where a priced symbol is stale after --max-age.
    @Test func anAlphaVantageLineHoldsBackASymbolItDoesNotKnow() throws {
        let server = try Self.alphaVantageServer()
        let home = TemporaryPath.make("requests-per-refresh")
        func refresh(at now: String) throws -> [LineQuote] {
            try Self.app(
                source: "alphavantage", endpoint: server.baseURL,
                extra: ["ALPHAVANTAGE_API_KEY": "demo", "SQUARESTOCK_NOW": now], home: home
            ).refreshLineQuotes(["IBM", "ZZZZ"], asked: "alphavantage")
        }
        // In IBM's session (11:00 in New York), so its price is stale after --max-age.
        let start: Int64 = 1_588_863_600
        let first = try refresh(at: "2020-05-07T15:00:00Z")
        #expect(first[0].isStale(now: start + 61, maxAge: 60))
        #expect(!first[1].isStale(now: start + 3_599, maxAge: 60) && first[1].isStale(now: start + 3_601, maxAge: 60))
        // Asked again after the hour and still unknown: held for two.
        let second = try refresh(at: "2020-05-07T16:00:01Z")
        #expect(second[1].closedUntil == start + 3_601 + 7_200, "\(second[1])")
        #expect(second[1].price.isEmpty && !second[1].error.isEmpty)
        // Another source's unknown symbol is not held (each refresh is one batch).
        let stooq = try Self.stooqServer()
        let line = try Self.app(source: "stooq", endpoint: stooq.baseURL).refreshLineQuotes(["NOPE1"], asked: "stooq")
        #expect(line[0].closedUntil == 0 && line[0].isStale(now: line[0].fetched + 61, maxAge: 60))
    }

    /// A chart whose history Stooq has none of asks the quote whether it knows the symbol; the
    /// quote's bars are the chart's own answers, re-served, not fetched a second time.
    @Test func aChartFetchesNoHistoryTwice() throws {
        let server = try Self.stooqServer(history: false)
        let message = try Self.chartFailure(server, "AAPL", range: .day1)
        #expect(message.contains("though it quotes it"), "\(message)")
        #expect(server.requests.map(\.path).sorted() == ["/q/d/l/", "/q/d/l/", "/q/l/"])
    }

    /// Yahoo: the session (cookie, crumb), then one quote batch and one spark batch for ten
    /// symbols, known and unknown alike; a later refresh is the quote batch alone.
    @Test func aYahooWatchRefreshOfTenSymbols() throws {
        let server = try LoopbackHTTPServer(routes: Self.yahooRoutes())
        let clock = ManualClock(1000)
        let feed = try Self.app(source: "yahoo", endpoint: server.baseURL).watchFeed(replaySpeed: nil, clock: clock)
        let now = Instant(secondsSinceEpoch: 1_761_680_000)
        let first = feed.quotes(for: Self.tenSymbols, now: now)
        #expect(first.filter { $0.stock != nil }.map(\.symbol) == ["AAPL", "MSFT"])
        #expect(first[0].stock?.intraday.count == 39)
        #expect(first[1].error == .unknownSymbol(source: "yahoo"))
        // Cookie and crumb in turn, then quote and spark together (in either order).
        let paths = server.requests.map(\.path)
        #expect(paths.count == 4 && paths.prefix(2) == ["/", "/v1/test/getcrumb"], "\(paths)")
        #expect(Set(paths.dropFirst(2)) == ["/v7/finance/quote", "/v7/finance/spark"])
        let spark = server.requests.first { $0.path == "/v7/finance/spark" }
        #expect(spark?.queryItem("symbols") == Self.tenSymbols.joined(separator: ","))
        clock.advance(by: 60)
        _ = feed.quotes(for: Self.tenSymbols, now: now.adding(seconds: 60))
        #expect(server.requests.count == 5)
        #expect(server.requests.last?.path == "/v7/finance/quote")
    }

    /// 50 Yahoo symbols: the session's two requests, then one quote batch and three spark
    /// batches (20, 20, 10) in one concurrent round: three round trips in all.
    @Test func fiftyYahooSymbolsTakeSixRequests() throws {
        let server = try LoopbackHTTPServer(routes: Self.yahooRoutes())
        let symbols = ["AAPL", "MSFT"] + (1...48).map { "NOPE\($0)" }
        // The source as the quote command makes it, without the "did you mean" matching of 48
        // unknown symbols (slow in a debug build, and no request).
        let settings = try Self.app(source: "yahoo", endpoint: server.baseURL).settings
        let results = StockManager(
            source: settings.quoteSource, transport: CurlTransport(), context: settings.sourceContext
        ).quotes(for: symbols)
        #expect(results.filter { $0.stock != nil }.count == 2)
        #expect(results.filter { $0.error == .unknownSymbol(source: "yahoo") }.count == 48)
        #expect(server.requests.count == 6, "\(server.requests.map(\.target))")
        let sparks = server.requests.filter { $0.path == "/v7/finance/spark" }
        #expect(sparks.map { ($0.queryItem("symbols") ?? "").split(separator: ",").count }.sorted() == [10, 20, 20])
    }

    /// `--currency`: the FX pair's quote is asked for, not its day of points (a spark request
    /// for a sparkline nobody is shown).
    @Test func aConversionAsksNoSparkOfItsPair() throws {
        let server = try LoopbackHTTPServer(routes: Self.yahooRoutes())
        let app = try Self.app(source: "yahoo", endpoint: server.baseURL)
        let manager = StockManager(
            source: app.settings.quoteSource, transport: app.transport, context: app.settings.sourceContext)
        _ = CurrencyConversion.convert(manager.quotes(for: ["AAPL"]), to: "EUR", manager: manager)
        let quotes = server.requests.filter { $0.path == "/v7/finance/quote" }.compactMap { $0.queryItem("symbols") }
        #expect(quotes == ["AAPL", "USDEUR=X"], "\(server.requests.map(\.target))")
        let sparks = server.requests.filter { $0.path == "/v7/finance/spark" }.compactMap { $0.queryItem("symbols") }
        #expect(sparks == ["AAPL"], "\(server.requests.map(\.target))")
    }

    /// Alpha Vantage's GLOBAL_QUOTE: IBM priced, any other symbol an empty quote (unknown).
    static func alphaVantageServer() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            guard request.queryItem("function") == "GLOBAL_QUOTE" else { return .text("no route", status: 404) }
            guard request.queryItem("symbol") == "IBM" else {
                return .text(#"{"Global Quote": {}}"#, contentType: "application/json")
            }
            return .text(
                "symbol,open,high,low,price,volume,latestDay,previousClose,change,changePercent\r\n"
                    + "IBM,250.0,252.0,249.0,251.5,1000,2020-05-07,250.0,1.5,0.6%\r\n")
        }
    }

    /// A chart of a symbol Stooq neither quotes nor has history of says it has no history for
    /// it (it said "has no quote", the quote's wording).
    @Test func aChartOfASymbolStooqHasNoDataForSaysNoHistory() throws {
        let message = try Self.chartFailure(try Self.stooqServer(history: false), "NOPE1", range: .month1)
        #expect(message.contains("stooq has no history for NOPE1"), "\(message)")
        #expect(!message.contains("no quote"), "\(message)")
    }

    /// The message of a Stooq chart that must fail ("" and an issue recorded when it does not).
    static func chartFailure(_ server: LoopbackHTTPServer, _ symbol: String, range: ChartRange) throws -> String {
        guard
            case .failure(let failure) = try app(source: "stooq", endpoint: server.baseURL).chart(symbol, range: range)
        else {
            Issue.record("expected no history for \(symbol)")
            return ""
        }
        return failure.message
    }

    static func yahooRoutes() -> RouteTable {
        let routes = RouteTable()
        YahooSessionRoutes.add(to: routes)
        routes.add(
            path: "/v7/finance/quote",
            response: LoopbackResponse(
                body: Fixture.bytes("yahoo-json/quote/yfinance-rs__v7_AAPL-MSFT_REGULAR_2025-10-28.json")))
        routes.add(
            path: "/v7/finance/spark",
            response: LoopbackResponse(body: Fixture.bytes("yahoo-json/SYNTHETIC_spark_MSFT-AAPL_two-symbols.json")))
        return routes
    }
}
