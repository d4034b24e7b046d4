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
}
