import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockNetworking
@testable import SquarestockServices

/// Every source through libcurl against a real server on 127.0.0.1 that serves the recorded
/// bodies on the real services' paths (`--endpoint` swaps only scheme, host and port).
struct LoopbackSourceTests {
    static let now = Instant(secondsSinceEpoch: 1_588_881_600)  // 2020-05-07T20:00:00Z

    func stooqServer(quote: String = "stooq/SYNTHETIC_quote_batch_aapl_xxxx_msft.csv") throws -> LoopbackHTTPServer {
        let routes = RouteTable()
        routes.add(
            path: "/q/l/",
            response: LoopbackResponse(status: 200, headers: [("Content-Type", "text/csv")], body: Fixture.bytes(quote))
        )
        routes.add(
            path: "/q/d/l/", queryContains: ["s=aapl.us", "i=5"],
            response: LoopbackResponse(body: Fixture.bytes("stooq/SYNTHETIC_intraday_aapl.us_5m_2020-05-06.csv")))
        routes.add(
            path: "/q/d/l/", queryContains: ["s=aapl.us", "i=d"],
            response: LoopbackResponse(body: Fixture.bytes("stooq/SYNTHETIC_daily_aapl.us_2020-05.csv")))
        routes.add(path: "/q/d/l/", response: .text("No data"))
        return try LoopbackHTTPServer(routes: routes)
    }

    @Test func stooqEndToEndOverHTTP() throws {
        let server = try stooqServer()
        let manager = StockManager(
            source: StooqSource(), transport: CurlTransport(),
            context: SourceContext(now: Self.now, endpoint: server.baseURL))
        let r = manager.quotes(for: ["aapl", "XXXX", "msft"])
        #expect(r.map(\.symbol) == ["AAPL", "XXXX", "MSFT"])
        let aapl = try #require(r[0].stock)
        #expect(aapl.price.last?.description == "300.63")
        #expect(aapl.price.previousClose?.description == "297.56")
        #expect(aapl.intraday.count == 7)
        #expect(r[1].error == .noData(source: "stooq"))
        let msft = try #require(r[2].stock)
        #expect(msft.price.last?.description == "182.54")
        #expect(msft.price.previousClose == nil)  // its history answered "No data"
        #expect(msft.intradayUnavailable != nil)
        // One quote batch, then intraday and daily history only for the two symbols it priced:
        // XXXX, which Stooq said it does not know, gets no further request (issue 30).
        #expect(server.requests.filter { $0.path == "/q/l/" }.count == 1)
        #expect(server.requests.first { $0.path == "/q/l/" }?.queryItem("s") == "aapl.us+xxxx.us+msft.us")
        #expect(server.requests.count == 5)
        #expect(!server.requests.contains { $0.path == "/q/d/l/" && $0.queryItem("s") == "xxxx.us" })
        #expect(server.connectionCount <= 5)
    }

    @Test func stooqHTMLChallengeOverHTTPFailsEverySymbolClearly() throws {
        let routes = RouteTable()
        routes.add(
            path: "/q/l/",
            response: LoopbackResponse(
                status: 200, headers: [("Content-Type", "text/html")],
                body: Fixture.bytes("errors/SYNTHETIC_html_challenge_200.html")))
        let server = try LoopbackHTTPServer(routes: routes)
        let r = StockManager(
            source: StooqSource(), transport: CurlTransport(),
            context: SourceContext(now: Self.now, endpoint: server.baseURL)
        )
        .quotes(for: ["AAPL", "MSFT"])
        for result in r {
            let message = try #require(result.error).message(symbol: result.symbol)
            #expect(
                message.hasPrefix(
                    "\(result.symbol): the server sent an HTML page instead of CSV (HTTP 200): \"Checking your browser - stooq\""
                ))
            #expect(message.contains("STOOQ_API_KEY"))
        }
        #expect(ExitStatus.forResults(r) == .nothingFetched)
    }

    @Test func stooqSendsTheAPIKeyButNeverShowsIt() throws {
        let server = try LoopbackHTTPServer { _ in .text("boom", status: 404) }
        let ctx = SourceContext(now: Self.now, endpoint: server.baseURL, settings: [StooqService.apiKey: "s3cret"])
        let r = StockManager(source: StooqSource(), transport: CurlTransport(), context: ctx).quotes(for: ["AAPL"])
        #expect(server.requests.allSatisfy { $0.queryItem("apikey") == "s3cret" })
        #expect(r[0].error?.message(symbol: "AAPL").contains("s3cret") == false)
        #expect(Endpoint.redact(server.requests[0].target).contains("s3cret") == false)
    }

    @Test func yahooCSVEndToEndMatchesLinesBySymbol() throws {
        let routes = RouteTable()
        // The recorded answer lists INTC then AIR.PA; asking in the other order must still match.
        routes.add(
            path: "/d/quotes.csv",
            response: LoopbackResponse(body: Fixture.bytes("yahoo-csv/multiQuoteRequest__INTC_AIR.PA.csv")))
        let server = try LoopbackHTTPServer(routes: routes)
        let source = YahooCSVSource(
            fieldCodes: "nsc4xab2sa5sbb3sb6sl1sk3sd1t1opghva2kjm3m4sj2sss1sj1sf6sr1qdyee7e9e8rr5p6p5b4s6j4t8s7")
        let r = StockManager(
            source: source, transport: CurlTransport(), context: SourceContext(now: Self.now, endpoint: server.baseURL)
        )
        .quotes(for: ["AIR.PA", "INTC", "GOOG"])
        let air = try #require(r[0].stock)
        #expect(air.company.name == "AIRBUS GROUP")
        #expect(air.price.last?.description == "55.63")
        #expect(air.currency?.code == "EUR")
        // "9/9/2016","5:35pm" is Paris wall clock (CEST, +2).
        #expect(air.price.lastTrade?.iso8601UTC == "2016-09-09T15:35:00Z")
        let intc = try #require(r[1].stock)
        #expect(intc.price.last?.description == "35.44")
        #expect(intc.price.lastTrade?.iso8601UTC == "2016-09-09T20:00:00Z")
        #expect(intc.company.exchange?.id == "XNAS")
        #expect(r[2].error == .missingFromResponse(source: "yahoo-csv"))
        let req = try #require(server.requests.first)
        #expect(req.path == "/d/quotes.csv")
        #expect(req.queryItem("s") == "AIR.PA+INTC+GOOG")
        #expect(req.queryItem("e") == ".csv")
    }

    @Test func yahooCSVShutdownNoticeIsAServiceError() throws {
        let notice =
            "It has come to our attention that this service is being used in violation of the Yahoo Terms of Service."
        let server = try LoopbackHTTPServer { _ in .text(notice, status: 403) }
        let r = StockManager(
            source: YahooCSVSource(), transport: CurlTransport(),
            context: SourceContext(now: Self.now, endpoint: server.baseURL)
        )
        .quotes(for: ["AAPL"])
        guard case .httpStatus("yahoo-csv", 403, let excerpt)? = r[0].error else {
            Issue.record("expected HTTP 403 error, got \(String(describing: r[0].error))")
            return
        }
        #expect(excerpt.hasPrefix("It has come to our attention"))
    }

    @Test func samplesAreReadThroughLibcurlFileURLs() throws {
        let ctx = SourceContext(
            now: Self.now, settings: [SamplesService.directory: Fixture.repositoryRoot + "/samples"])
        let r = StockManager(source: SamplesSource(), transport: CurlTransport(), context: ctx).quotes(for: [
            "AAPL", "INTC", "AIR.PA", "ZZZZ",
        ])
        let aapl = try #require(r[0].stock)
        #expect(aapl.intraday.count == 39)
        #expect(aapl.price.previousClose?.description == "269.0")
        #expect(aapl.price.last?.description == "268.835")
        #expect(r[1].stock?.price.last?.description == "35.44")
        #expect(r[2].stock?.price.last?.description == "55.63")
        #expect(r[3].error?.message(symbol: "ZZZZ").contains("the samples cover AAPL") == true)
    }

    @Test func samplesWithoutTheFolderSayWhatToSet() {
        let r = StockManager(source: SamplesSource(), transport: CurlTransport(), context: SourceContext(now: Self.now))
            .quotes(for: ["AAPL"])
        #expect(r[0].error?.message(symbol: "AAPL").contains("SQUARESTOCK_SAMPLES") == true)
    }
}
