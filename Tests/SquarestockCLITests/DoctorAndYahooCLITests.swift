import Foundation
import TestSupport
import Testing

/// `doctor` and the Yahoo source through the real binary and a loopback server.
struct DoctorAndYahooCLITests {
    static func yahooRoutes(_ routes: RouteTable) {
        YahooSessionRoutes.add(to: routes)
        routes.add(
            path: "/v7/finance/quote",
            response: LoopbackResponse(
                body: Fixture.bytes("yahoo-json/quote/yfinance-rs__v7_AAPL-MSFT_PRE_2025-10-01.json")))
        routes.add(
            path: "/v7/finance/spark",
            response: LoopbackResponse(body: Fixture.bytes("yahoo-json/spark_AAPL_mid-session.json")))
    }

    func environment(endpoint: String) -> [String: String] {
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_ENDPOINT"] = endpoint
        env["XDG_CACHE_HOME"] = TemporaryPath.make("cli-cache")
        env["SQUARESTOCK_NOW"] = "2025-10-01T13:20:00Z"
        return env
    }

    @Test func doctorWithOneHealthyAndOneBrokenSource() throws {
        let routes = RouteTable()
        Self.yahooRoutes(routes)
        routes.add(
            path: "/q/l/", response: LoopbackResponse(body: Fixture.bytes("errors/SYNTHETIC_html_challenge_200.html")))
        routes.add(
            path: "/q/d/l/", response: LoopbackResponse(body: Fixture.bytes("errors/SYNTHETIC_html_challenge_200.html"))
        )
        let server = try LoopbackHTTPServer(routes: routes)
        let run = try CLIRunner.run(["doctor", "--timeout", "5"], environment: environment(endpoint: server.baseURL))
        #expect(run.exitCode == 0)
        #expect(run.stdout.contains("ok    yahoo: AAPL 254.63 USD in "))
        #expect(
            run.stdout.contains(
                "FAIL  stooq: the server sent an HTML page instead of CSV (HTTP 200): \"Checking your browser - stooq\""
            ))
        #expect(run.stdout.contains("/q/l/?s=aapl.us&f=sd2t2ohlcvn&h&e=csv  HTTP 200, an HTML page"))
        #expect(run.stdout.contains("FAIL  yahoo-csv: yahoo-csv answered HTTP 404"))
        #expect(run.stdout.contains("working: yahoo"))
        #expect(run.stdout.contains("stooq API key: not configured"))
    }

    @Test func doctorFailsWhenNothingWorks() throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackResponse(body: Fixture.bytes("errors/SYNTHETIC_html_challenge_200.html"))
        }
        var env = environment(endpoint: server.baseURL)
        env["STOOQ_API_KEY"] = "topsecret"
        let run = try CLIRunner.run(["doctor", "--timeout", "5"], environment: env)
        #expect(run.exitCode == 1)
        #expect(run.stdout.contains("no live source works from here"))
        #expect(run.stdout.contains("stooq API key: configured"))
        #expect(!run.stdout.contains("topsecret"))
        #expect(run.stdout.contains("apikey=REDACTED"))
    }

    @Test func yahooPreMarketQuoteIsLabelled() throws {
        let routes = RouteTable()
        Self.yahooRoutes(routes)
        let server = try LoopbackHTTPServer(routes: routes)
        let run = try CLIRunner.run(
            ["AAPL", "--source", "yahoo", "--format", "table"], environment: environment(endpoint: server.baseURL))
        #expect(run.exitCode == 0)
        #expect(run.stdout.contains("254.63  +0.20 (+0.08%)  pre (pre-market)"))
        #expect(run.stdout.contains("  pre-market 255.10  +0.47 (+0.18%)  at 09:16 EDT"))
        let json = try CLIRunner.run(
            ["AAPL", "--source", "yahoo", "--format", "json"], environment: environment(endpoint: server.baseURL))
        #expect(
            json.stdout.contains(
                "\"extendedHours\": {\"session\": \"pre\", \"price\": 255.1, \"change\": 0.47, \"changePercent\": 0.1846, \"time\": \"2025-10-01T13:16:23Z\"}"
            ))
        #expect(json.stdout.contains("\"source\": \"yahoo\""))
    }

    @Test func autoSaysWhyItFellBack() throws {
        let routes = RouteTable()
        routes.add(path: "/", response: .text("Edge: Too Many Requests", status: 429))
        routes.add(path: "/quote/AAPL/", response: .text("Edge: Too Many Requests", status: 429))
        routes.add(path: "/q/l/", response: LoopbackResponse(body: Fixture.bytes("stooq/quote_aapl.us_2020-05-06.csv")))
        routes.add(path: "/q/d/l/", response: .text("No data"))
        let server = try LoopbackHTTPServer(routes: routes)
        var env = environment(endpoint: server.baseURL)
        env["STOOQ_API_KEY"] = "k"
        let run = try CLIRunner.run(["AAPL", "--format", "csv", "--timeout", "5"], environment: env)
        #expect(run.exitCode == 0)
        #expect(
            run.stderr.hasPrefix(
                "squarestock: note: fell back from yahoo to stooq: yahoo session failed: could not get a Yahoo cookie"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stdout.contains(",stooq,"))
    }

    /// A quote whose venue names no decimals is shown with one figure for all its prices, never
    /// fewer than its currency's minor unit: a Kuwaiti stock at 1.2345 KWD moved by 0.0012 (it
    /// read `1.23  0.00 (+0.10%)`), and a dollar price converted into dinars has three places.
    @Test func pricesWithoutTheVenuesDecimalsKeepTheCurrencysMinorUnit() throws {
        // The standard f= codes' order: s n x c4 l1 d1 t1 c1 p2 o p h g v.
        let lines = [
            "s=KWDX":
                "\"KWDX\",\"Kuwait Test\",\"KSE\",\"KWD\",1.2345,\"9/9/2016\",\"4:00pm\",0.0012,\"+0.10%\",1.2333,1.2333,1.24,0.9,1000\n",
            "s=AAPL":
                "\"AAPL\",\"Apple\",\"NMS\",\"USD\",268.84,\"9/9/2016\",\"4:00pm\",1.00,\"+0.37%\",267.84,267.84,269.00,266.50,1000\n",
            "s=USDKWD%3DX":
                "\"USDKWD=X\",\"USD/KWD\",\"CCY\",\"KWD\",0.30712,\"9/9/2016\",\"4:00pm\",0.0001,\"+0.03%\",0.30702,0.30702,0.308,0.306,0\n",
        ]
        let routes = RouteTable()
        for (query, line) in lines { routes.add(path: "/d/quotes.csv", queryContains: [query], response: .text(line)) }
        let server = try LoopbackHTTPServer(routes: routes)
        let base = ["--source", "yahoo-csv", "--endpoint", server.baseURL, "--format", "table"]
        let kuwaiti = try CLIRunner.run(["KWDX"] + base, environment: environment(endpoint: server.baseURL))
        #expect(kuwaiti.exitCode == 0, "\(kuwaiti.stderr)")
        #expect(kuwaiti.stdout.contains("+0.001 (+0.10%)"), "\(kuwaiti.stdout)")
        #expect(kuwaiti.stdout.contains("low 0.900  prev close 1.233"), "\(kuwaiti.stdout)")
        let converted = try CLIRunner.run(
            ["AAPL", "--currency", "KWD"] + base, environment: environment(endpoint: server.baseURL))
        #expect(converted.exitCode == 0, "\(converted.stderr)")
        // 268.84 x 0.30712 = 82.5661408
        #expect(converted.stdout.contains("82.566"), "\(converted.stdout)")
    }
}
