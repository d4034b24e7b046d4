import Foundation
import TestSupport
import Testing

/// `book`, `trades`, `markets` and exchange quotes through the built binary, against a loopback
/// server that answers at the exchanges' real paths with recorded bodies. Expected outputs live
/// in `ExchangeGolden/<case>/` (`stdout`, `stderr`, `exit`; the server's address reads
/// `ENDPOINT`); `GOLDEN_RECORD=1` rewrites them from the current binary.
struct ExchangeCLITests {
    static let directory = Fixture.testsDirectory + "/SquarestockCLITests/ExchangeGolden"

    /// Case name → the command line.
    static let cases: [(String, [String])] = [
        ("kraken-quote-table", ["BTC-USD", "BTC-USDT", "--source", "kraken", "--format", "table"]),
        ("kraken-quote-json", ["quote", "BTC-USD", "--source", "kraken", "--format", "json"]),
        ("kraken-quote-unlisted", ["BTC-USDX", "BTC-USD", "--source", "kraken", "--format", "csv"]),
        ("kraken-book-table", ["book", "BTC-USD", "--exchange", "kraken", "--depth", "5", "--format", "table"]),
        ("kraken-book-ascii", ["book", "btc-usd", "--depth", "3", "--format", "table", "--ascii"]),
        ("kraken-book-json", ["book", "BTC-USD", "--depth", "2", "--format", "json"]),
        ("kraken-book-csv", ["book", "BTC-USD", "--depth", "2"]),
        ("kraken-trades-table", ["trades", "BTC-USD", "--format", "table"]),
        ("kraken-trades-json", ["trades", "BTC-USD", "--limit", "2", "--format", "json"]),
        ("kraken-trades-unlisted", ["trades", "BTC-EURX", "--format", "table"]),
        ("kraken-markets-table", ["markets", "--quote", "usd", "--search", "xbt", "--format", "table"]),
        ("kraken-markets-csv", ["markets", "--search", "DOGE"]),
        ("kraken-chart-csv", ["chart", "BTC-USD", "--source", "kraken", "--range", "5d", "--format", "csv"]),
        (
            "kraken-chart-table",
            ["chart", "BTC-USD", "--source", "kraken", "--range", "5d", "--height", "12", "--format", "table"]
        ),
        ("coinbase-quote-table", ["BTC-USD", "--source", "coinbase", "--format", "table"]),
        ("coinbase-trades-table", ["trades", "BTC-USD", "--exchange", "coinbase", "--format", "table"]),
        ("coinbase-book-json", ["book", "BTC-USD", "--exchange", "coinbase", "--format", "json"]),
        ("tradeogre-book-table", ["book", "XMR-BTC", "--exchange", "tradeogre", "--format", "table", "--depth", "4"]),
        ("tradeogre-markets-table", ["markets", "--exchange", "tradeogre", "--format", "table", "--search", "x"]),
        ("tradeogre-trades-csv", ["trades", "XMR-BTC", "--exchange", "tradeogre", "--limit", "4"]),
    ]

    /// The replay server for the case's exchange.
    static func server(for name: String) throws -> LoopbackHTTPServer {
        if name.hasPrefix("coinbase") { return try CoinbaseReplay.server() }
        if name.hasPrefix("tradeogre") { return try TradeOgreReplay.server() }
        return try KrakenReplay.server()
    }

    @Test(arguments: cases.map(\.0))
    func golden(_ name: String) throws {
        let args = try #require(Self.cases.first { $0.0 == name }?.1)
        let server = try Self.server(for: name)
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_ENDPOINT"] = server.baseURL
        env["XDG_CACHE_HOME"] = TemporaryPath.make("exchange-cli")
        env["SQUARESTOCK_NOW"] = name.hasPrefix("coinbase") ? "2026-06-19T16:45:00Z" : "2023-12-05T22:30:00Z"
        let run = try CLIRunner.run(args, environment: env)
        let stdout = run.stdout.replacingOccurrences(of: server.baseURL, with: "ENDPOINT")
        let stderr = run.stderr.replacingOccurrences(of: server.baseURL, with: "ENDPOINT")
        let dir = Self.directory + "/" + name
        for difference in try Golden.check(stdout: stdout, stderr: stderr, exitCode: run.exitCode, in: dir) {
            Issue.record(Comment(rawValue: difference))
        }
    }

    /// The quote table's change at the pair's own decimals, as its price: DASH-BTC moved by
    /// +0.00016993, once shown rounded to `+0.0002`.
    @Test func aSmallPricesChangeKeepsItsDigits() throws {
        let server = try CoinbaseSmallPriceReplay.server()
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_ENDPOINT"] = server.baseURL
        env["XDG_CACHE_HOME"] = TemporaryPath.make("exchange-cli")
        env["SQUARESTOCK_NOW"] = "2026-06-19T16:45:00Z"
        let run = try CLIRunner.run(["DASH-BTC", "--source", "coinbase", "--format", "table"], environment: env)
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\n  0.00619345  +0.00016993 (+2.82%)  open\n"), "\(run.stdout)")
    }

    /// A password in `--endpoint http://user:pass@host` never reaches a file: the cached pair
    /// list named its endpoint with it, in clear.
    @Test func anEndpointsPasswordIsNotKeptInTheCache() throws {
        let server = try KrakenReplay.server()
        var env = CLIRunner.baseEnvironment()
        let cache = TemporaryPath.make("exchange-cli")
        env["XDG_CACHE_HOME"] = cache
        env["SQUARESTOCK_NOW"] = "2023-12-05T22:30:00Z"
        let endpoint = server.baseURL.replacingOccurrences(of: "://", with: "://usr:PassWW5@")
        let run = try CLIRunner.run(["BTC-USD", "--source", "kraken", "--endpoint", endpoint], environment: env)
        #expect(run.exitCode == 0, "\(run.stderr)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: cache)
        var kept = 0
        for file in files {
            guard let bytes = FileManager.default.contents(atPath: cache + "/" + file) else { continue }
            kept += 1
            #expect(!String(decoding: bytes, as: UTF8.self).contains("PassWW5"), "\(file)")
        }
        #expect(kept > 0, "no cache file was written: \(files)")
        // The same host again, without the password: the list is that server's, still used.
        let lists = server.requests.filter { $0.path.hasSuffix("/AssetPairs") }.count
        let again = try CLIRunner.run(
            ["BTC-USD", "--source", "kraken", "--endpoint", server.baseURL], environment: env)
        #expect(again.exitCode == 0, "\(again.stderr)")
        #expect(lists == 1 && server.requests.filter { $0.path.hasSuffix("/AssetPairs") }.count == 1)
    }

    /// Coinbase's product list answering 404 is the service gone or moved (exit 3), not "does
    /// not list this pair" with advice to list its pairs, which fails the same way.
    @Test func aMissingProductListIsTheServiceNotThePair() throws {
        let notFound = LoopbackResponse(
            status: 404, headers: [("Content-Type", "application/json; charset=utf-8")],
            body: Array(#"{"message":"NotFound"}"#.utf8))
        let server = try CoinbaseReplay.server(routes: RouteTable(notFound: notFound))
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_ENDPOINT"] = server.baseURL
        env["XDG_CACHE_HOME"] = TemporaryPath.make("exchange-cli")
        env["SQUARESTOCK_NOW"] = "2026-06-19T16:45:00Z"
        let run = try CLIRunner.run(["BTC-USD", "--source", "coinbase"], environment: env)
        #expect(run.exitCode == 3, "\(run.stdout)\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains("does not list"), "\(run.stdout)\(run.stderr)")
        #expect((run.stdout + run.stderr).contains("404"), "\(run.stdout)\(run.stderr)")
    }

    /// `--currency` on an exchange asks the exchange's own pair, inverted where it trades the
    /// pair the other way round (Kraken: EUR/USD, for dollars into euros); it asked Kraken for
    /// Yahoo's `USDEUR=X` and said "not converted" naming a symbol the user never typed.
    @Test func currencyConversionUsesTheExchangesOwnPair() throws {
        let server = try KrakenReplay.server(
            more: ["EURUSD": "kraken/rest-ticker/SYNTHETIC__Ticker_pair-EURUSD_key-ZEURZUSD.json"])
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_ENDPOINT"] = server.baseURL
        env["XDG_CACHE_HOME"] = TemporaryPath.make("exchange-cli")
        env["SQUARESTOCK_NOW"] = "2026-09-25T12:00:00Z"
        let run = try CLIRunner.run(
            ["BTC-USD", "--source", "kraken", "--currency", "EUR", "--format", "json"], environment: env)
        #expect(run.exitCode == 0, "\(run.stderr)")
        // 84036.00 / 1.08515 = 77441.82831866... in euros
        #expect(run.stdout.contains("\"currency\": \"EUR\""), "\(run.stdout)")
        #expect(run.stdout.contains("\"price\": 77441.828319,"), "\(run.stdout)")
        // Its bid and ask too: 84036.00 x 0.921531585495 (they stayed in dollars).
        #expect(run.stdout.contains("\"bid\": 77441.828319,"), "\(run.stdout)")
        #expect(run.stdout.contains("(1 / EUR-USD"), "\(run.stdout)")
        #expect(!(run.stdout + run.stderr).contains("=X"), "\(run.stdout)\(run.stderr)")
        // A currency neither way round: said with both pairs tried, and the price stays in dollars.
        let none = try CLIRunner.run(["BTC-USD", "--source", "kraken", "--currency", "JPY"], environment: env)
        #expect((none.stdout + none.stderr).contains("USD-JPY (nor JPY-USD) failed"), "\(none.stdout)\(none.stderr)")
    }
}

/// The portfolio's `--currency` and `line --portfolio` on an exchange: the same own pairs as a
/// quote's conversion, not Yahoo's `USDEUR=X` (Kraken answered "unknown pair" and left the
/// holdings unvalued in the base).
struct ExchangePortfolioCurrencyTests {
    @Test func thePortfolioIsConvertedThroughTheExchangesOwnPair() throws {
        let server = try KrakenReplay.server(
            more: ["EURUSD": "kraken/rest-ticker/SYNTHETIC__Ticker_pair-EURUSD_key-ZEURZUSD.json"])
        var env = PortfolioCLITests.environment()
        env["SQUARESTOCK_ENDPOINT"] = server.baseURL
        env["XDG_CACHE_HOME"] = env["XDG_DATA_HOME"]! + "-cache"
        env["SQUARESTOCK_NOW"] = "2026-09-25T12:00:00Z"
        try PortfolioCLITests.run(env, ["buy", "BTC-USD", "0.5", "--price", "80000", "--date", "2026-09-01"])
        let view = try PortfolioCLITests.run(
            env, ["--source", "kraken", "--currency", "EUR", "--format", "json"])
        // 0.5 x 84036.00 = 42018.00 dollars; x (1 / 1.08515 = 0.921531585495) = 38720.91 euros.
        #expect(view.stdout.contains("\"totalValue\": \"38720.91\","), "\(view.stdout)\(view.stderr)")
        #expect(!(view.stdout + view.stderr).contains("no USD→EUR rate"), "\(view.stdout)\(view.stderr)")
        // The line's base is the config's currency.
        env["XDG_CONFIG_HOME"] = env["XDG_DATA_HOME"]! + "-config"
        try FileManager.default.createDirectory(
            atPath: env["XDG_CONFIG_HOME"]! + "/squarestock", withIntermediateDirectories: true)
        try "currency = EUR\n".write(
            toFile: env["XDG_CONFIG_HOME"]! + "/squarestock/config", atomically: true, encoding: .utf8)
        let line = try CLIRunner.run(
            ["line", "--portfolio", "--source", "kraken", "--template", "{symbol} {price}"], environment: env)
        // Holdings and cash: 38,720.91 less the 40,000 dollars paid (36,861.26 euros).
        #expect(line.stdout == "main 1,859.65\n", "\(line.stdout)\(line.stderr)")
        // Kraken lists EUR-USD only: the other way round is not a failure worth a line.
        #expect(!line.stderr.contains("USD-EUR"), "\(line.stderr)")
    }
}
