import Foundation
import TestSupport
import Testing

/// Text a server sends, and values a user passes, reach the terminal only as plain characters:
/// every field that becomes domain text (currency codes, granularities, directory names, option
/// values quoted in errors) is sanitized where its bytes are decoded, so no renderer can forget.
struct NetworkTextCLITests {
    /// An OSC 52 clipboard write and an OSC 0 window-title change, as JSON `\u` escapes.
    static let jsonEscapedAttack = #"\u001b]52;c;aGFja2Vk\u0007\u001b]0;pwned\u0007"#
    /// The same, as raw bytes (our readers accept control bytes inside strings and fields).
    static let rawAttack = "\u{1B}]52;c;aGFja2Vk\u{07}\u{1B}]0;pwned\u{07}\u{9B}2J"

    /// Fails the test for any control character but line feed (C0, DEL, C1), or what the
    /// attack would have left: its payload or title.
    static func expectInert(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let controls = text.unicodeScalars.filter {
            ($0.value < 0x20 && $0.value != 0x0A) || (0x7F...0x9F).contains($0.value)
        }
        #expect(
            controls.isEmpty, "\(what) holds control characters: \(controls.map { String($0.value, radix: 16) })",
            sourceLocation: sourceLocation)
        #expect(
            !text.contains("aGFja2Vk") && !text.contains("pwned"), "\(what) shows the attack's payload",
            sourceLocation: sourceLocation)
    }

    static func yahooRoutes(currency: String, granularity: String) -> RouteTable {
        let routes = RouteTable()
        YahooSessionRoutes.add(to: routes)
        let quote = Fixture.text("yahoo-json/quote/yfinance-rs__v7_AAPL-MSFT_PRE_2025-10-01.json")
            .replacingOccurrences(of: #""currency":"USD""#, with: #""currency":"\#(currency)USD""#)
        let chart = Fixture.text("yahoo-json/spark_AAPL_mid-session.json")
            .replacingOccurrences(of: #""currency":"USD""#, with: #""currency":"\#(currency)USD""#)
            .replacingOccurrences(of: #""dataGranularity":"5m""#, with: #""dataGranularity":"1d\#(granularity)""#)
        routes.add(path: "/v7/finance/quote", response: LoopbackResponse(body: Array(quote.utf8)))
        // The spark answer of the quote's sparkline, served as the chart command's chart too.
        routes.add(path: "/v7/finance/spark", response: LoopbackResponse(body: Array(chart.utf8)))
        routes.add(path: "/v8/finance/chart/AAPL", response: LoopbackResponse(body: Array(chart.utf8)))
        return routes
    }

    @Test(arguments: [(jsonEscapedAttack, rawAttack), (rawAttack, jsonEscapedAttack)])
    func yahooCurrencyAndGranularityNeverReachTheTerminalRaw(currency: String, granularity: String) throws {
        let server = try LoopbackHTTPServer(routes: Self.yahooRoutes(currency: currency, granularity: granularity))
        let env = DoctorAndYahooCLITests().environment(endpoint: server.baseURL)
        for format in ["table", "csv", "json"] {
            let run = try CLIRunner.run(["AAPL", "--source", "yahoo", "--format", format], environment: env)
            #expect(run.exitCode == 0, "\(format): \(run.stderr)")
            #expect(run.stdout.contains("USD"), "\(format): the currency is still shown")
            Self.expectInert(run.stdout + run.stderr, "quote --format \(format)")
        }
        for extra in [[], ["--format", "csv"]] {
            let chart = try CLIRunner.run(
                ["chart", "AAPL", "--source", "yahoo", "--range", "1d"] + extra, environment: env)
            Self.expectInert(chart.stdout + chart.stderr, "chart \(extra)")
        }
    }

    @Test func legacyYahooCSVCurrencyIsSanitized() throws {
        // One line in the order of the standard f= codes (s n x c4 l1 d1 t1 c1 p2 o p h g v).
        let body =
            "\"INTC\",\"Intel Corporation\",\"NMS\",\"\(Self.rawAttack)USD\",35.44,\"9/9/2016\",\"4:00pm\","
            + "-0.66,\"-1.83%\",36.10,36.10,36.44,35.44,29457900\n"
        let routes = RouteTable()
        routes.add(path: "/d/quotes.csv", response: .text(body))
        let server = try LoopbackHTTPServer(routes: routes)
        for format in ["table", "csv", "json"] {
            let run = try CLIRunner.run([
                "INTC", "--source", "yahoo-csv", "--endpoint", server.baseURL, "--format", format,
            ])
            #expect(run.exitCode == 0, "\(format): \(run.stderr)")
            #expect(run.stdout.contains("USD"))
            Self.expectInert(run.stdout + run.stderr, "yahoo-csv --format \(format)")
        }
    }

    @Test func namesFromADownloadedDirectoryAreSanitized() throws {
        let nasdaq = Fixture.repositoryText("data/symbols/nasdaqlisted.txt")
            .replacingOccurrences(
                of: "AAPL|Apple Inc. - Common Stock|", with: "AAPL|Apple\(Self.rawAttack) Inc. - Common Stock|")
        let routes = RouteTable()
        routes.add(path: "/dynamic/SymDir/nasdaqlisted.txt", response: .text(nasdaq))
        routes.add(
            path: "/dynamic/SymDir/otherlisted.txt",
            response: .text(Fixture.repositoryText("data/symbols/otherlisted.txt")))
        routes.add(
            path: "/q/l/",
            response: .text(
                "Symbol,Date,Time,Open,High,Low,Close,Volume,Name\nAAPLE.US,N/D,N/D,N/D,N/D,N/D,N/D,N/D,AAPLE.US\n"))
        routes.add(path: "/q/d/l/", response: .text("No data"))
        let server = try LoopbackHTTPServer(routes: routes)
        var env = CLIRunner.baseEnvironment()
        env["XDG_DATA_HOME"] = TemporaryPath.make("data")
        env["XDG_CACHE_HOME"] = TemporaryPath.make("cache")
        let update = try CLIRunner.run(["symbols", "update", "--endpoint", server.baseURL], environment: env)
        #expect(update.exitCode == 0, "\(update.stderr)")

        for format in ["table", "csv", "json"] {
            let search = try CLIRunner.run(["search", "apple", "--format", format], environment: env)
            #expect(search.stdout.contains("Apple Inc."), "\(format): \(search.stdout)")
            Self.expectInert(search.stdout + search.stderr, "search --format \(format)")
        }
        let hint = try CLIRunner.run(
            ["AAPLE", "--source", "stooq", "--endpoint", server.baseURL, "--format", "json"], environment: env)
        #expect(hint.stderr.contains("did you mean AAPL (Apple Inc.)?"), "\(hint.stderr)")
        Self.expectInert(hint.stdout + hint.stderr, "the did-you-mean hint")
    }

    @Test func optionAndConfigValuesQuotedInErrorsAreSanitized() throws {
        for arguments in [
            ["AAPL", "--source", "samples", "--timeout", "1\(Self.rawAttack)"],
            ["AAPL", "--source", "x\(Self.rawAttack)"],
            ["AAPL", "--source", "samples", "--currency", "E\(Self.rawAttack)"],
            ["market", "--calendar", "N\(Self.rawAttack)"],
        ] {
            let run = try CLIRunner.run(arguments + ["--format", "csv"])
            #expect(run.exitCode != 0, "\(arguments)")
            #expect(!run.stderr.isEmpty)
            Self.expectInert(run.stdout + run.stderr, "the error for \(arguments[1...])")
        }
        let home = TemporaryPath.make("config")
        try FileManager.default.createDirectory(atPath: home + "/squarestock", withIntermediateDirectories: true)
        let config = home + "/squarestock/config"
        try Array("source = samples\n\(Self.rawAttack) no equals sign\n".utf8).withUnsafeBytes {
            try Data($0).write(to: URL(fileURLWithPath: config))
        }
        chmod(config, 0o600)
        var env = CLIRunner.baseEnvironment()
        env["XDG_CONFIG_HOME"] = home
        let run = try CLIRunner.run(["AAPL", "--format", "csv"], environment: env)
        #expect(run.stderr.contains("warning: config:"), "\(run.stderr)")
        Self.expectInert(run.stderr, "the config warning")
    }
}
