import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockNetworking
@testable import SquarestockServices

/// Every history source through libcurl against a server on 127.0.0.1 that serves recorded bodies
/// on the services' own paths: what goes on the wire (path, query, headers), and what comes back
/// after decoding, trimming to the range and finding the previous close.
struct HistorySourceLoopbackTests {
    static let transport = CurlTransport(options: TransportOptions(timeout: 5, retry: RetryPolicy(maxAttempts: 1)))

    static func at(_ iso: String) -> Instant {
        Instant(secondsSinceEpoch: DateTimeParsing.isoDateTime(iso)!.secondsSinceEpochAsUTC)
    }

    func chart(_ source: HistorySource, _ symbol: String, _ range: ChartRange, context: SourceContext) -> Result<
        ChartData, HistoryError
    > {
        ChartManager(source: source, transport: Self.transport, context: context).chart(symbol: symbol, range: range)
            .result
    }

    // MARK: yahoo

    @Test func yahooAsksTheChartEndpointWithoutASession() throws {
        let routes = RouteTable()
        routes.add(
            path: "/v8/finance/chart/AAPL",
            response: LoopbackResponse(
                headers: [("Content-Type", "application/json")],
                body: Fixture.bytes("yahoo-json/spark_AAPL_mid-session.json")))
        let server = try LoopbackHTTPServer(routes: routes)
        let ctx = SourceContext(now: Self.at("2025-10-29T17:00:00"), endpoint: server.baseURL, cacheDirectory: nil)
        let data = try chart(YahooSource(), "aapl", .day1, context: ctx).get()
        #expect(server.requests.count == 1)  // no cookie, no crumb: the chart needs neither
        let r = try #require(server.requests.first)
        #expect(r.path == "/v8/finance/chart/AAPL")
        #expect(r.queryItem("range") == "1d")
        #expect(r.queryItem("interval") == "5m")
        #expect(r.queryItem("includePrePost") == "false")
        #expect(r.header("User-Agent")?.hasPrefix("Mozilla/5.0 (compatible; squarestock/") == true)
        #expect(r.header("Cookie") == nil)
        #expect(data.symbol == "AAPL")
        #expect(data.series.bars.count == 39)
        #expect(data.previousClose?.description == "269.0")
        #expect(data.source == "yahoo")
        #expect(data.exchange?.id == "XNAS")
    }

    @Test func yahooSendsCachedCookiesAndTheRangesInterval() throws {
        let routes = RouteTable()
        routes.add(
            path: "/v8/finance/chart/AAPL",
            response: LoopbackResponse(
                body: Fixture.bytes("history/yahoo-json/yfinance-rs__AAPL_range-6mo_1d_mid-session_2025-10-28.json")))
        routes.add(
            path: "/v8/finance/chart/%5EGSPC",
            response: .text(
                "{\"chart\":{\"result\":null,\"error\":{\"code\":\"Not Found\",\"description\":\"No data found, symbol may be delisted\"}}}",
                status: 404))
        let server = try LoopbackHTTPServer(routes: routes)
        let cache = TemporaryPath.make("history")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let now = Self.at("2025-10-28T17:00:00")
        YahooSessionStore(cacheDirectory: cache).save(
            YahooSession(
                cookies: CookieJar(cookies: [.init(name: "A3", value: "d=AQAB", expires: now.secondsSinceEpoch + 3600)]
                ), crumb: "haT3oykhHqZ",
                created: now.secondsSinceEpoch - 60, origin: YahooSession.origin(endpoint: server.baseURL)))
        let ctx = SourceContext(now: now, endpoint: server.baseURL, cacheDirectory: cache)
        let data = try chart(YahooSource(), "AAPL", .month6, context: ctx).get()
        let r = try #require(server.requests.first)
        #expect(r.queryItem("range") == "6mo")
        #expect(r.queryItem("interval") == "1d")
        #expect(r.queryItem("includePrePost") == nil)
        #expect(r.queryItem("crumb") == nil)
        #expect(r.header("Cookie") == "A3=d=AQAB")
        // 6 months back from 2025-10-28 starts on 2025-04-29; the close of the 28th is the reference.
        #expect(data.series.bars.first?.session == HistoryFixture.date("2025-04-29"))
        #expect(data.previousClose?.description == "210.14")
        _ = chart(YahooSource(), "^GSPC", .max, context: ctx)
        #expect(server.requests.last?.target.hasPrefix("/v8/finance/chart/%5EGSPC?range=max&interval=1wk") == true)
        #expect(chart(YahooSource(), "^GSPC", .max, context: ctx).error == .response(.unknownSymbol(source: "yahoo")))
    }

    // MARK: stooq

    @Test func stooqDailyRangeIsDatedAndReadsThePolishHeader() throws {
        let routes = RouteTable()
        routes.add(
            path: "/q/d/l/", queryContains: ["s=aapl.us", "i=d"],
            response: LoopbackResponse(body: Fixture.bytes("history/stooq/aapl_us_d_polish-header.csv")))
        let server = try LoopbackHTTPServer(routes: routes)
        let ctx = SourceContext(
            now: Self.at("2023-03-17T21:00:00"), endpoint: server.baseURL, settings: [StooqService.apiKey: "k3y"])
        let data = try chart(StooqSource(), "AAPL", .year1, context: ctx).get()
        let r = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(r.target == "/q/d/l/?s=aapl.us&i=d&d1=20220308&d2=20230318&apikey=k3y")
        #expect(data.series.interval == .daily)
        #expect(data.series.bars.first?.session == HistoryFixture.date("2022-03-18"))
        #expect(data.series.bars.last?.session == HistoryFixture.date("2023-03-17"))
        #expect(data.series.bars.last?.close?.description == "155")
        #expect(data.previousClose?.description == "159.893")  // the close of 2022-03-17, just before the range
        #expect(data.series.currency?.code == "USD")
        #expect(data.series.zone.identifier == "America/New_York")
    }

    @Test func stooqIntradayComesWithDailyBarsForThePreviousClose() throws {
        let routes = RouteTable()
        routes.add(
            path: "/q/d/l/", queryContains: ["s=aapl.us", "i=5"],
            response: LoopbackResponse(body: Fixture.bytes("stooq/SYNTHETIC_intraday_aapl.us_5m_2020-05-06.csv")))
        routes.add(
            path: "/q/d/l/", queryContains: ["s=aapl.us", "i=d"],
            response: LoopbackResponse(body: Fixture.bytes("stooq/SYNTHETIC_daily_aapl.us_2020-05.csv")))
        let server = try LoopbackHTTPServer(routes: routes)
        let ctx = SourceContext(now: Self.at("2020-05-07T20:00:00"), endpoint: server.baseURL)
        let data = try chart(StooqSource(), "AAPL", .day1, context: ctx).get()
        #expect(
            Set(server.requests.map(\.target)) == [
                "/q/d/l/?s=aapl.us&i=5", "/q/d/l/?s=aapl.us&i=d&d1=20200416&d2=20200508",
            ])
        // Warsaw 15:35 is New York 09:35; only the last session is shown.
        #expect(data.series.bars.first?.time.iso8601UTC == "2020-05-06T13:35:00Z")
        #expect(data.series.bars.allSatisfy { $0.session == HistoryFixture.date("2020-05-06") })
        #expect(data.previousClose?.description == "297.56")
        let week = try chart(StooqSource(), "AAPL", .day5, context: ctx).get()
        #expect(week.series.sessions == [HistoryFixture.date("2020-05-05"), HistoryFixture.date("2020-05-06")])
        #expect(week.previousClose?.description == "293.16")
    }

    @Test func stooqMaxIsWeeklyAndItsErrorsAreTheQuotePaths() throws {
        let routes = RouteTable()
        routes.add(
            path: "/q/d/l/", queryContains: ["s=aapl.us", "i=w"],
            response: LoopbackResponse(
                body: Fixture.bytes("history/stooq/SYNTHETIC_aapl_us_w_english-header_no-final-newline.csv")))
        routes.add(
            path: "/q/d/l/", queryContains: ["s=msft.us"],
            response: LoopbackResponse(body: Fixture.bytes("errors/SYNTHETIC_html_challenge_200.html")))
        routes.add(path: "/q/d/l/", queryContains: ["s=xxxx.us"], response: .text("No data"))
        let server = try LoopbackHTTPServer(routes: routes)
        let ctx = SourceContext(now: Self.at("2020-04-25T12:00:00"), endpoint: server.baseURL)
        let data = try chart(StooqSource(), "AAPL", .max, context: ctx).get()
        #expect(server.requests.first?.target == "/q/d/l/?s=aapl.us&i=w")
        #expect(data.series.interval == .weekly)
        #expect(data.series.bars.count == 4)
        let blocked = try #require(chart(StooqSource(), "MSFT", .month1, context: ctx).error)
        #expect(blocked.isServiceLevel)
        #expect(blocked.message(symbol: "MSFT").contains("STOOQ_API_KEY"))
        #expect(chart(StooqSource(), "XXXX", .month1, context: ctx).error == .response(.noData(source: "stooq")))
        #expect(chart(StooqSource(), "BTC-USD", .month1, context: ctx).error?.isServiceLevel == false)
    }

    // MARK: alphavantage

    @Test func alphaVantageIntradayIsRegularHoursWithDailyClosesBeside() throws {
        let daily =
            "timestamp,open,high,low,close,volume\r\n2021-03-12,120.40,121.17,119.16,121.03,88105050\r\n2021-03-11,122.54,123.21,121.26,121.96,103026514\r\n"
        let routes = RouteTable()
        routes.add(
            path: "/query", queryContains: ["function=TIME_SERIES_INTRADAY"],
            response: LoopbackResponse(
                body: Fixture.bytes("history/alphavantage/SYNTHETIC_TIME_SERIES_INTRADAY_5min_AAPL_dst-weekend.csv")))
        routes.add(path: "/query", queryContains: ["function=TIME_SERIES_DAILY"], response: .text(daily))
        let server = try LoopbackHTTPServer(routes: routes)
        var ctx = SourceContext(now: Self.at("2021-03-15T14:00:00"), endpoint: server.baseURL)
        ctx.settings[AlphaVantageService.apiKey] = "AVKEY"
        let data = try chart(AlphaVantageSource(), "AAPL", .day1, context: ctx).get()
        let intraday = try #require(server.requests.first { $0.queryItem("function") == "TIME_SERIES_INTRADAY" })
        #expect(intraday.queryItem("symbol") == "AAPL")
        #expect(intraday.queryItem("interval") == "5min")
        #expect(intraday.queryItem("outputsize") == "compact")
        #expect(intraday.queryItem("extended_hours") == "false")
        #expect(intraday.queryItem("datatype") == "csv")
        #expect(intraday.queryItem("apikey") == "AVKEY")
        let closes = try #require(server.requests.first { $0.queryItem("function") == "TIME_SERIES_DAILY" })
        #expect(closes.queryItem("outputsize") == "compact")
        // New York wall clock on both sides of the clock change; Monday's session only.
        #expect(data.series.bars.map(\.time.iso8601UTC) == ["2021-03-15T13:30:00Z", "2021-03-15T13:35:00Z"])
        #expect(data.previousClose?.description == "121.03")
    }

    @Test func alphaVantageFullSeriesRefusedFallsBackToCompactWithANote() throws {
        let routes = RouteTable()
        routes.add(
            path: "/query", queryContains: ["function=TIME_SERIES_DAILY", "outputsize=full"],
            response: LoopbackResponse(
                body: Fixture.bytes("history/alphavantage/errors/information_outputsize_full_premium.json")))
        routes.add(
            path: "/query", queryContains: ["function=TIME_SERIES_DAILY", "outputsize=compact"],
            response: LoopbackResponse(
                body: Fixture.bytes("history/alphavantage/SYNTHETIC_TIME_SERIES_DAILY_AAPL_crlf.csv")))
        routes.add(
            path: "/query", queryContains: ["symbol=NOPE", "function=TIME_SERIES_DAILY", "outputsize=compact"],
            response: LoopbackResponse(
                body: Fixture.bytes("history/alphavantage/errors/SYNTHETIC_information_key-echo.json")))
        let server = try LoopbackHTTPServer(routes: routes)
        var ctx = SourceContext(now: Self.at("2020-04-21T12:00:00"), endpoint: server.baseURL)
        ctx.settings[AlphaVantageService.apiKey] = "SECRETKEY123"
        let data = try chart(AlphaVantageSource(), "AAPL", .year1, context: ctx).get()
        #expect(server.requests.map { $0.queryItem("outputsize") } == ["full", "compact"])
        #expect(data.series.bars.count == 5)
        #expect(data.notes.contains { $0.text.contains("outputsize=full is premium") })
        // The daily limit, with the key Alpha Vantage echoed removed.
        let limited = try #require(chart(AlphaVantageSource(), "NOPE", .month1, context: ctx).error)
        #expect(limited.isRateLimit)
        #expect(!limited.message(symbol: "NOPE").contains("SECRETKEY123"))
        ctx.settings[AlphaVantageService.apiKey] = nil
        #expect(
            chart(AlphaVantageSource(), "AAPL", .month1, context: ctx).error?.message(symbol: "AAPL").contains(
                "ALPHAVANTAGE_API_KEY") == true)
    }

    // MARK: yahoo-csv

    @Test func tableCSVRequestHasZeroBasedMonthsAndDecodesNewestFirst() throws {
        let routes = RouteTable()
        routes.add(
            path: "/table.csv", response: LoopbackResponse(body: Fixture.bytes("history/yahoo-csv/table_TSLA_1Y_D.csv"))
        )
        let server = try LoopbackHTTPServer(routes: routes)
        let ctx = SourceContext(now: Self.at("2016-09-09T21:00:00"), endpoint: server.baseURL)
        let data = try chart(YahooCSVSource(), "TSLA", .month3, context: ctx).get()
        // From 2016-06-10 less ten days (May 31: a=4), to the day after (Sep 10: d=8), daily.
        #expect(server.requests.first?.target == "/table.csv?s=TSLA&a=4&b=31&c=2016&d=8&e=10&f=2016&g=d&ignore=.csv")
        #expect(data.series.bars.first?.session == HistoryFixture.date("2016-06-10"))
        #expect(data.series.bars.last?.close?.description == "194.47")  // 194.470001, float noise dropped
        #expect(data.previousClose?.description == "229.36")  // 2016-06-09 (229.360001 sent)
        #expect(
            YahooCSVSource().history(symbol: "TSLA", range: .day1, context: ctx, transport: Self.transport).error
                == .unavailable(
                    source: "yahoo-csv", what: "intraday history",
                    hint: "use --range 1mo or longer, or another --source"))
    }

    @Test func hostWithoutTableCSVIsAskedForTheV7Download() throws {
        let routes = RouteTable()
        routes.add(
            path: "/v7/finance/download/AAPL",
            response: LoopbackResponse(
                body: Fixture.bytes("history/yahoo-csv/SYNTHETIC_v7-download_AAPL_null-row_crlf.csv")))
        let server = try LoopbackHTTPServer(routes: routes)
        let ctx = SourceContext(now: Self.at("2020-03-20T21:00:00"), endpoint: server.baseURL)
        let data = try chart(YahooCSVSource(), "AAPL", .month1, context: ctx).get()
        #expect(server.requests.map(\.path) == ["/table.csv", "/v7/finance/download/AAPL"])
        let r = server.requests[1]
        #expect(r.queryItem("period1") == "1581379200")  // 2020-02-11, ten days before the month
        #expect(r.queryItem("period2") == "1584748800")  // 2020-03-21
        #expect(r.queryItem("interval") == "1d")
        #expect(r.queryItem("events") == "history")
        #expect(
            data.series.sessions.map(\.description) == [
                "2020-03-13", "2020-03-16", "2020-03-17", "2020-03-19", "2020-03-20",
            ])
    }

    // MARK: samples and auto

    @Test func samplesServeTheRecordingsTheManifestLists() throws {
        let ctx = SourceContext(
            now: Self.at("2025-10-29T17:00:00"),
            settings: [SamplesService.directory: Fixture.repositoryRoot + "/samples"])
        let day = try chart(SamplesSource(), "AAPL", .day1, context: ctx).get()
        #expect(day.series.interval == .minutes(5))
        #expect(day.previousClose?.description == "269.0")
        #expect(day.notes == [.remark("recorded sample (yahoo-chart/AAPL_spark_5m_2025-10-29.json), not live data")])
        let year = try chart(SamplesSource(), "AAPL", .year1, context: ctx).get()
        #expect(year.series.bars.last?.session == HistoryFixture.date("2023-03-17"))
        let tsla = try chart(SamplesSource(), "TSLA", .year1, context: ctx).get()
        #expect(tsla.series.bars.count == 252)
        #expect(
            chart(SamplesSource(), "AAPL", .day5, context: ctx).error?.detail
                == "samples has no recorded 5d history for this symbol; its recordings cover --range 1d, 1mo, 3mo, 6mo, ytd, 1y, 5y, max"
        )
        #expect(
            chart(SamplesSource(), "MSFT", .day1, context: ctx).error?.detail
                == "samples has no recorded history for this symbol; the samples cover AAPL, 7203.T, GOOG, TSLA")
    }

    @Test func manifestHistoryColumnIsReadAndTheQuoteColumnsStayAsTheyWere() {
        let manifest = Array(
            """
            # symbol\tformat\tfile\thistory
            AAPL\tyahoo-chart\ta.json\t1d,5d=yahoo-chart:a.json ytd,1y=stooq:d:stooq/a.csv bogus 2y=stooq:d:x.csv
            INTC\tyahoo-csv:nsl1\tq.csv

            """.utf8)
        #expect(SamplesSource.parseManifest(manifest).map(\.file) == ["a.json", "q.csv"])
        #expect(
            SamplesSource.parseHistoryManifest(manifest) == [
                .init(symbol: "AAPL", ranges: [.day1, .day5], format: "yahoo-chart", file: "a.json"),
                .init(symbol: "AAPL", ranges: [.ytd, .year1], format: "stooq:d", file: "stooq/a.csv"),
            ])
    }

    @Test func manifestLinesEndInLFCRLFOrCRAndBlankLinesAreSkipped() {
        let manifest = Array(
            "# c\r\nAAPL\tyahoo-chart\ta.json\r\rinTC\tyahoo-csv:nsl1\tq.csv\n\n\u{FEFF}x\ty\n7203.t\tstooq-quote\tt.csv"
                .utf8)
        #expect(SamplesSource.parseManifest(manifest).map(\.symbol) == ["AAPL", "INTC", "7203.T"])
    }

    @Test func autoMovesOnOnlyWhenASourceFailsAsAService() throws {
        let routes = RouteTable()
        routes.add(path: "/v8/finance/chart/AAPL", response: .text("Edge: Too Many Requests", status: 429))
        routes.add(
            path: "/v8/finance/chart/XXXX",
            response: .text(
                "{\"chart\":{\"result\":null,\"error\":{\"code\":\"Not Found\",\"description\":\"No data found\"}}}",
                status: 404))
        routes.add(
            path: "/q/d/l/", queryContains: ["s=aapl.us", "i=d"],
            response: LoopbackResponse(body: Fixture.bytes("stooq/SYNTHETIC_daily_aapl.us_2020-05.csv")))
        let server = try LoopbackHTTPServer(routes: routes)
        let ctx = SourceContext(
            now: Self.at("2020-05-07T20:00:00"), endpoint: server.baseURL, settings: [StooqService.apiKey: "k"])
        let auto = FallbackSource.standard(context: ctx, exchange: KrakenAdapter())
        let data = try chart(auto, "AAPL", .month1, context: ctx).get()
        #expect(data.source == "stooq")
        guard case .fellBack(from: "yahoo", to: "stooq", let reason)? = data.notes.first else {
            Issue.record("the first note says why yahoo was skipped: \(data.notes)")
            return
        }
        #expect(reason.hasPrefix("yahoo is rate limiting requests"))
        #expect(
            data.notes.first?.text.hasPrefix("fell back from yahoo to stooq: yahoo is rate limiting requests") == true)
        #expect(chart(auto, "XXXX", .month1, context: ctx).error == .response(.unknownSymbol(source: "yahoo")))
        #expect(!server.requests.contains { $0.target.contains("xxxx") })
        #expect(ServiceCatalog.history(of: auto) != nil)
    }
}
