import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockNetworking
@testable import SquarestockServices

struct AlphaVantageSourceTests {
    static let now = Instant(secondsSinceEpoch: 1_584_576_000)  // 2020-03-19T00:00:00Z

    func run(_ routes: RouteTable, _ symbols: [String], key: String? = "SECRETKEY123") throws -> (
        [StockResult], LoopbackHTTPServer
    ) {
        let server = try LoopbackHTTPServer(routes: routes)
        let settings = key.map { [AlphaVantageService.apiKey: $0] } ?? [:]
        let ctx = SourceContext(now: Self.now, endpoint: server.baseURL, settings: settings)
        return (
            StockManager(source: AlphaVantageSource(), transport: CurlTransport(), context: ctx).quotes(for: symbols),
            server
        )
    }

    @Test func globalQuoteOverHTTP() throws {
        let routes = RouteTable()
        routes.add(
            path: "/query", queryContains: ["function=GLOBAL_QUOTE"],
            response: LoopbackResponse(body: Fixture.bytes("alphavantage/GLOBAL_QUOTE_DJIA.csv")))
        routes.add(
            path: "/query", queryContains: ["function=TIME_SERIES_INTRADAY"],
            response: LoopbackResponse(body: Fixture.bytes("alphavantage/TIME_SERIES_INTRADAY_1min.csv")))
        let (r, server) = try run(routes, ["DJIA"])
        let s = try #require(r[0].stock)
        #expect(s.price.last?.description == "19888.1406")
        #expect(s.price.previousClose?.description == "21237.3809")
        #expect(s.price.change?.description == "-1349.2403")  // exact from price and previous close
        #expect(s.source == "alphavantage")
        // The recorded intraday file is of another day (2020-04-20): no invented points.
        #expect(s.intraday.isEmpty)
        #expect(s.intradayUnavailable == "Alpha Vantage sent no intraday bars for 2020-03-18")
        #expect(s.notes.contains { $0.text.contains("only the trading day (2020-03-18)") })
        let q = try #require(server.requests.first { $0.queryItem("function") == "GLOBAL_QUOTE" })
        #expect(q.queryItem("datatype") == "csv")
        #expect(q.queryItem("apikey") == "SECRETKEY123")
    }

    /// An unknown symbol's quote is a header without a row; its day's bars are never asked for
    /// (each request counts against the key's small daily allowance).
    @Test func anUnknownSymbolCostsItsQuoteRequestAlone() throws {
        let routes = RouteTable()
        routes.add(
            path: "/query", queryContains: ["function=GLOBAL_QUOTE", "symbol=DJIA"],
            response: LoopbackResponse(body: Fixture.bytes("alphavantage/GLOBAL_QUOTE_DJIA.csv")))
        routes.add(
            path: "/query", queryContains: ["function=GLOBAL_QUOTE"],
            response: .text("symbol,open,high,low,price,volume,latestDay,previousClose,change,changePercent\r\n"))
        routes.add(
            path: "/query", queryContains: ["function=TIME_SERIES_INTRADAY"],
            response: LoopbackResponse(body: Fixture.bytes("alphavantage/TIME_SERIES_INTRADAY_1min.csv")))
        let (r, server) = try run(routes, ["DJIA", "NOPE"])
        #expect(r[0].stock != nil)
        #expect(r[1].error == .unknownSymbol(source: "alphavantage"))
        #expect(server.requests.count == 3, "\(server.requests.map(\.target))")
        #expect(
            !server.requests.contains {
                $0.queryItem("function") == "TIME_SERIES_INTRADAY" && $0.queryItem("symbol") == "NOPE"
            })
    }

    @Test func intradayOfTheQuoteDayIsConvertedFromEastern() throws {
        let quote =
            "symbol,open,high,low,price,volume,latestDay,previousClose,change,changePercent\r\nAAPL,277.0,279.0,275.0,276.855,32503750,2020-04-20,282.8,-5.945,-2.1022%\r\n"
        let routes = RouteTable()
        routes.add(path: "/query", queryContains: ["function=GLOBAL_QUOTE"], response: .text(quote))
        routes.add(
            path: "/query", queryContains: ["function=TIME_SERIES_INTRADAY"],
            response: LoopbackResponse(body: Fixture.bytes("alphavantage/TIME_SERIES_INTRADAY_1min.csv")))
        let (r, _) = try run(routes, ["AAPL"])
        let s = try #require(r[0].stock)
        #expect(s.intraday.first.map { $0.time < s.intraday.last!.time } == true)
        // 16:00:00 US/Eastern (EDT) on 2020-04-20 is 20:00Z; it is also the last trade time.
        #expect(s.intraday.last?.time.iso8601UTC == "2020-04-20T20:00:00Z")
        #expect(s.price.lastTrade?.iso8601UTC == "2020-04-20T20:00:00Z")
        #expect(s.intraday.last?.price.description == "276.8550")
    }

    /// The quote's bars are the regular session's: asked without the extended hours (Alpha
    /// Vantage's default includes them), and any bar outside the session that still comes is
    /// neither a point of the sparkline nor the last trade.
    @Test func theQuoteDaysBarsAreTheRegularSessions() throws {
        let quote =
            "symbol,open,high,low,price,volume,latestDay,previousClose,change,changePercent\r\nAAPL,277.0,279.0,275.0,276.855,32503750,2020-04-20,282.8,-5.945,-2.1022%\r\n"
        let bars =
            "timestamp,open,high,low,close,volume\r\n2020-04-20 19:55:00,1,1,1,280.10,5\r\n"
            + "2020-04-20 16:00:00,1,1,1,276.855,5\r\n2020-04-20 15:55:00,1,1,1,277.00,5\r\n"
            + "2020-04-20 09:30:00,1,1,1,277.50,5\r\n2020-04-20 09:25:00,1,1,1,278.00,5\r\n"
            + "2020-04-20 04:00:00,1,1,1,279.00,5\r\n"
        let routes = RouteTable()
        routes.add(path: "/query", queryContains: ["function=GLOBAL_QUOTE"], response: .text(quote))
        routes.add(path: "/query", queryContains: ["function=TIME_SERIES_INTRADAY"], response: .text(bars))
        let (r, server) = try run(routes, ["AAPL"])
        let s = try #require(r[0].stock)
        #expect(
            s.intraday.map(\.time.iso8601UTC) == [
                "2020-04-20T13:30:00Z", "2020-04-20T19:55:00Z", "2020-04-20T20:00:00Z",
            ])
        #expect(s.price.lastTrade?.iso8601UTC == "2020-04-20T20:00:00Z")
        let intraday = try #require(server.requests.first { $0.queryItem("function") == "TIME_SERIES_INTRADAY" })
        #expect(intraday.queryItem("extended_hours") == "false")
    }

    static let errors: [(String, @Sendable (QuoteError) -> Bool)] = [
        (
            "alphavantage/note_rate_limit_5perMin_500perDay.json",
            { e in
                if case .rateLimited(_, "limit: 5 calls per minute and 500 calls per day", _) = e { return true }
                return false
            }
        ),
        (
            "alphavantage/information_25_per_day.json",
            { e in
                if case .rateLimited(_, "limit: 25 requests per day", _) = e { return true }
                return false
            }
        ),
        (
            "alphavantage/information_outputsize_full_premium.json",
            { e in
                if case .premiumOnly = e { return true }
                return false
            }
        ),
        (
            // The public demo key's answer (FORMATS.md's wording): no wait helps, a key of one's own does.
            "alphavantage/SYNTHETIC_information_demo-key.json",
            { e in
                if case .notConfigured(_, let d) = e {
                    return d.contains("demo key") && d.contains("ALPHAVANTAGE_API_KEY")
                }
                return false
            }
        ),
        (
            "alphavantage/error_message_invalid_call.json",
            { e in
                if case .invalidCall(_, let d) = e { return d.hasPrefix("Invalid API call.") }
                return false
            }
        ),
        (
            "alphavantage/SYNTHETIC_information_key-echo.json",
            { e in
                if case .rateLimited(_, "limit: 25 requests per day", _) = e {
                    return !e.detail.contains("SECRETKEY123")
                }
                return false
            }
        ),
    ]

    @Test(arguments: errors)
    func jsonErrorBodiesWithStatus200(_ c: (String, @Sendable (QuoteError) -> Bool)) throws {
        let routes = RouteTable()
        routes.add(
            path: "/query",
            response: LoopbackResponse(
                status: 200, headers: [("Content-Type", "application/json")], body: Fixture.bytes(c.0)))
        let (r, _) = try run(routes, ["IBM"])
        let e = try #require(r[0].error)
        #expect(c.1(e), "\(c.0): \(e)")
        #expect(!e.message(symbol: "IBM").contains("SECRETKEY123"))
    }

    @Test func keyEchoIsRedactedFromEveryText() throws {
        let e = AlphaVantageErrors.error(
            in: HTTPResponse(status: 200, body: Fixture.bytes("alphavantage/SYNTHETIC_information_key-echo.json")),
            apiKey: "SECRETKEY123")
        #expect(e != nil)
        let premium = AlphaVantageErrors.error(
            in: HTTPResponse(status: 200, body: Array("{\"Information\": \"key SECRETKEY123 is premium only\"}".utf8)),
            apiKey: "SECRETKEY123")
        #expect(premium?.detail.contains("REDACTED") == true)
    }

    @Test func noKeyIsAClearConfigurationError() throws {
        let (r, server) = try run(RouteTable(), ["IBM"], key: nil)
        #expect(r[0].error?.message(symbol: "IBM").contains("ALPHAVANTAGE_API_KEY") == true)
        #expect(server.requests.isEmpty)
    }

    @Test func symbolSpellings() throws {
        #expect(try AlphaVantageSymbol.ticker(for: "VOD.L").get() == "VOD.LON")
        #expect(try AlphaVantageSymbol.ticker(for: "SAP.DE").get() == "SAP.DEX")
        #expect(try AlphaVantageSymbol.ticker(for: "BRK.B").get() == "BRK.B")
        guard case .failure(.unsupportedSymbol) = AlphaVantageSymbol.ticker(for: "7203.T") else {
            Issue.record("7203.T should be unsupported")
            return
        }
    }

    @Test func symbolSearchMapsOffsetsToRealExchanges() throws {
        let r = try AlphaVantageDecoder.search(
            HTTPResponse(status: 200, body: Fixture.bytes("alphavantage/SYMBOL_SEARCH_BA.csv")), apiKey: nil,
            registry: .standard
        ).get()
        #expect(
            r.first
                == OnlineSymbolMatch(
                    symbol: "BA", name: "Boeing Company", exchange: "NYSE/Nasdaq", type: "Equity",
                    origin: "alphavantage"))
        #expect(r.first { $0.symbol == "BA.LON" }?.exchange == "London Stock Exchange")
    }
}
