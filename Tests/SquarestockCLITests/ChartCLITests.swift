import Foundation
import TestSupport
import Testing

/// `squarestock chart` through the real binary: how it treats the terminal, and live sources
/// through `--endpoint` and a loopback server.
struct ChartCLITests {
    func environment(_ extra: [String: String] = [:], removing: [String] = []) -> [String: String] {
        var env = CLIRunner.baseEnvironment()
        for k in removing { env.removeValue(forKey: k) }
        for (k, v) in extra { env[k] = v }
        return env
    }

    @Test func drawingHasNoEscapeCodesWhenPipedEvenWithoutNoColor() throws {
        let run = try CLIRunner.run(
            ["chart", "AAPL", "--source", "samples", "--format", "table", "--volume"],
            environment: environment(removing: ["NO_COLOR"]))
        #expect(run.exitCode == 0)
        #expect(run.stdout.contains("prev close $269.00"))
        #expect(!run.stdout.contains("\u{1B}"))
        // 20 rows (no terminal height known) and two notes: the recording's, and that the recording
        // has no volume to draw.
        #expect(run.stdout.split(separator: "\n").count == 22)
        #expect(run.stdout.contains("note: --volume: samples sent no volume for these bars, so none is drawn"))
        #expect(run.stdout.split(separator: "\n").allSatisfy { $0.unicodeScalars.count <= 100 })
    }

    @Test func pipedOutputDefaultsToCSV() throws {
        let run = try CLIRunner.run(["chart", "AAPL", "--source", "samples"])
        #expect(run.exitCode == 0)
        #expect(
            run.stdout.hasPrefix(
                "symbol,session,time,localTime,open,high,low,close,volume\nAAPL,2025-10-29,2025-10-29T13:30:00Z,2025-10-29T09:30:00-04:00,,,,269.63,\n"
            ))
        // The CSV has no room for the recording's note: it goes to standard error (it was dropped,
        // and the recording read as live data).
        #expect(run.stderr.contains("squarestock: note: ") && run.stderr.contains("recorded"), "\(run.stderr)")
    }

    @Test func coloursOnlyOnATerminalAndNeverWithNoColor() throws {
        let exe = CLIRunner.executablePath
        func underPTY(_ args: String, _ extra: [String: String]) throws -> String {
            // `script` gives the child a pseudo-terminal, as a user's shell would.
            try CLIRunner.run(
                ["-qec", "\(exe) chart AAPL --source samples \(args)", "/dev/null"],
                environment: environment(
                    extra.merging(["TERM": "xterm-256color"]) { a, _ in a }, removing: ["NO_COLOR"]),
                executable: "/usr/bin/script"
            ).stdout
        }
        let coloured = try underPTY("", [:])
        #expect(coloured.contains("┤"))  // a terminal gets the drawing by default
        #expect(coloured.contains("\u{1B}[31m"))  // below the previous close: red
        #expect(!(try underPTY("", ["NO_COLOR": "1"])).contains("\u{1B}["))
        #expect(!(try underPTY("--no-color", [:])).contains("\u{1B}["))
        // Not a UTF-8 locale: ASCII, which any terminal shows.
        let ascii = try underPTY("--no-color", ["LANG": "C"])
        #expect(ascii.contains("+--"))
        #expect(!ascii.unicodeScalars.contains { $0.value > 127 })
    }

    @Test func localZoneComesFromTZ() throws {
        let run = try CLIRunner.run(
            ["chart", "AAPL", "--source", "samples", "--tz", "local", "--format", "table"],
            environment: environment(["TZ": "Asia/Tokyo"]))
        #expect(run.exitCode == 0)
        // The session of Oct 29 in New York runs from 22:30 on Oct 29 to 05:00 on Oct 30 in
        // Tokyo: both days are named (the last bar's alone read as a session of Oct 30).
        #expect(run.stdout.contains("Oct 29-30 JST"), "\(run.stdout)")
        #expect(run.stdout.contains("23:00"))  // 10:00 in New York
        let tokyo = try CLIRunner.run(
            ["chart", "7203.T", "--source", "samples", "--tz", "America/New_York", "--format", "table"],
            environment: environment([:]))
        #expect(tokyo.stdout.contains("Oct 4-5 EDT"), "\(tokyo.stdout)")
        let own = try CLIRunner.run(
            ["chart", "7203.T", "--source", "samples", "--format", "table"], environment: environment([:]))
        #expect(own.stdout.contains("Oct 5 JST"), "\(own.stdout)")
    }

    @Test func yahooChartThroughTheEndpointNeedsNoCrumb() throws {
        let routes = RouteTable()
        routes.add(
            path: "/v8/finance/chart/AAPL",
            response: LoopbackResponse(
                body: Fixture.bytes("history/yahoo-json/yfinance-rs__AAPL_range-6mo_1d_mid-session_2025-10-28.json")))
        let server = try LoopbackHTTPServer(routes: routes)
        let env = environment([
            "SQUARESTOCK_ENDPOINT": server.baseURL,
            "XDG_CACHE_HOME": TemporaryPath.make("chart"),
            "SQUARESTOCK_NOW": "2025-10-28T17:00:00Z",
        ])
        let run = try CLIRunner.run(
            [
                "chart", "AAPL", "--source", "yahoo", "--range", "3mo", "--format", "table", "--width", "80",
                "--height", "12",
            ], environment: env)
        #expect(run.exitCode == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix("AAPL 3mo  $269.22"))
        #expect(server.requests.map(\.target) == ["/v8/finance/chart/AAPL?range=3mo&interval=1d"])
    }

    @Test func blockedSourceIsExitThreeWithOneLine() throws {
        let routes = RouteTable()
        routes.add(
            path: "/q/d/l/", response: LoopbackResponse(body: Fixture.bytes("errors/SYNTHETIC_html_challenge_200.html"))
        )
        let server = try LoopbackHTTPServer(routes: routes)
        let run = try CLIRunner.run([
            "chart", "AAPL", "--source", "stooq", "--endpoint", server.baseURL, "--range", "1y",
        ])
        #expect(run.exitCode == 3)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(
            run.stderr.hasPrefix(
                "squarestock: AAPL: the server sent an HTML page instead of CSV (HTTP 200): \"Checking your browser - stooq\""
            ))
    }

    @Test func autoSaysWhyItFellBack() throws {
        let routes = RouteTable()
        routes.add(path: "/v8/finance/chart/AAPL", response: .text("Edge: Too Many Requests", status: 429))
        routes.add(
            path: "/q/d/l/", queryContains: ["i=d"],
            response: LoopbackResponse(body: Fixture.bytes("history/stooq/aapl_us_d_polish-header.csv")))
        let server = try LoopbackHTTPServer(routes: routes)
        let env = environment([
            "SQUARESTOCK_ENDPOINT": server.baseURL, "STOOQ_API_KEY": "k", "SQUARESTOCK_NOW": "2023-03-17T21:00:00Z",
            "XDG_CACHE_HOME": TemporaryPath.make("chart"),
        ])
        let run = try CLIRunner.run(
            ["chart", "AAPL", "--range", "1mo", "--format", "csv", "--timeout", "5"], environment: env)
        #expect(run.exitCode == 0)
        #expect(
            run.stderr.hasPrefix("squarestock: note: fell back from yahoo to stooq: yahoo is rate limiting requests"))
        #expect(
            run.stdout.hasSuffix(
                "AAPL,2023-03-17,2023-03-17T04:00:00Z,2023-03-17T00:00:00-04:00,156.08,156.74,154.28,155,98944633\n"))
    }

    /// `--volume` on bars that carry none (an index, most FX) says so instead of drawing a chart
    /// that simply lacks them.
    @Test func volumeAskedForWithoutAnyIsSaid() throws {
        let routes = RouteTable()
        let csv = """
            Date,Open,High,Low,Close
            2023-03-13,3855.76,3905.05,3808.86,3855.76
            2023-03-14,3894.01,3937.29,3873.63,3919.29
            2023-03-15,3876.74,3894.26,3838.24,3891.93
            2023-03-16,3878.93,3964.46,3864.11,3960.28
            2023-03-17,3958.69,3958.91,3901.27,3916.64

            """
        routes.add(path: "/q/d/l/", queryContains: ["i=d"], response: .text(csv))
        let server = try LoopbackHTTPServer(routes: routes)
        let env = environment([
            "SQUARESTOCK_ENDPOINT": server.baseURL, "STOOQ_API_KEY": "k", "SQUARESTOCK_NOW": "2023-03-17T21:00:00Z",
            "XDG_CACHE_HOME": TemporaryPath.make("chart"),
        ])
        let args = ["chart", "^SPX", "--source", "stooq", "--range", "1mo", "--format", "table", "--width", "60"]
        let run = try CLIRunner.run(args + ["--volume"], environment: env)
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("note: --volume: stooq sent no volume for these bars, so none is drawn"),
            "\(run.stdout)")
        let without = try CLIRunner.run(args, environment: env)
        #expect(!without.stdout.contains("--volume"), "\(without.stdout)")
    }
}
