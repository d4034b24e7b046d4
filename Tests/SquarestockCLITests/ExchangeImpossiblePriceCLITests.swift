import Foundation
import TestSupport
import Testing

/// A ticker whose last price cannot be read exactly (`1e400`, `NaN`, 10^40, 500 decimals) or is
/// below zero is an error for that pair (`quote` fails; `line` says why), never a blank price
/// with nothing said, and so is a negative price or size in a book, trades or candles;
/// a pair in the pair list whose ticker answers "unknown pair" is not called unlisted.
@Suite(.serialized)
struct ExchangeImpossiblePriceCLITests {
    static let recorded = Fixture.text("kraken/rest-ticker/inline__Ticker_pair-XBTUSD_key-XXBTZUSD_2026-09-25.json")

    /// Kraken's public API from the recordings, with XBTUSD's last price replaced by `last`
    /// (a JSON value as written on the wire), or XBTUSD's ticker unknown when `last` is nil.
    static func server(last: String?) throws -> LoopbackHTTPServer {
        let routes = KrakenReplay.routes()
        let body: String
        if let last {
            body = recorded.replacingOccurrences(of: "\"c\":[\"84036.00000\"", with: "\"c\":[\(last)")
        } else {
            body = "{\"error\":[\"EQuery:Unknown asset pair\"]}"
        }
        return try LoopbackHTTPServer { request in
            request.path == "/0/public/Ticker"
                ? .text(body, contentType: "application/json") : routes.respond(to: request)
        }
    }

    static func run(_ args: [String], _ server: LoopbackHTTPServer) throws -> CLIRun {
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_ENDPOINT"] = server.baseURL
        env["XDG_CACHE_HOME"] = TemporaryPath.make("price")
        env["SQUARESTOCK_NOW"] = "2026-09-25T12:00:00Z"
        return try CLIRunner.run(args, environment: env)
    }

    @Test(arguments: [
        "\"1e400\"", "\"NaN\"", "1e400", "\"10000000000000000000000000000000000000000\"",
        "\"0." + String(repeating: "1", count: 500) + "\"",
    ])
    func anUnreadableLastPriceIsAnErrorForThePair(last: String) throws {
        let server = try Self.server(last: last)
        let run = try Self.run(["quote", "BTC-USD", "--source", "kraken", "--format", "table"], server)
        #expect(run.exitCode != 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("cannot read exactly"), "\(run.stderr)")
        // `line` exits 0 by design (a status bar); it says why on standard error.
        let line = try Self.run(["line", "BTC-USD", "--source", "kraken"], server)
        #expect(line.stderr.contains("cannot read exactly"), "\(line.stdout)\(line.stderr)")
    }

    @Test func aNegativeLastPriceIsAnErrorNotAFact() throws {
        let server = try Self.server(last: "\"-84036.00000\"")
        let run = try Self.run(["quote", "BTC-USD", "--source", "kraken", "--format", "csv"], server)
        #expect(run.exitCode != 0 && run.stderr.contains("a last price of -84036.00000"), "\(run.stderr)")
        #expect(run.stdout.contains("\nBTC-USD,,,,,,"), "\(run.stdout)")
    }

    /// Kraken's recorded Depth, Trades and OHLC with one number turned negative.
    static func negativeServer() throws -> LoopbackHTTPServer {
        let routes = KrakenReplay.routes()
        func body(_ file: String, _ from: String, _ to: String) -> String {
            let text = Fixture.text(file)
            let changed = text.replacingOccurrences(of: from, with: to)
            precondition(changed != text, "\(from) not in \(file)")
            return changed
        }
        let depth = body(
            "kraken/rest-depth/krakennet__docs-example_Depth_XXBTZUSD_2023-07-06_PRETTY.json", "\"2.059\"",
            "\"-2.059\"")
        let trades = body(
            "kraken/rest-trades/krakennet__docs-example_Trades_XXBTZUSD_2023-07-06_PRETTY.json", "\"0.34507674\"",
            "\"-0.34507674\"")
        let ohlc = body(
            "kraken/rest-ohlc/inline__OHLC_XXBTZUSD_interval60_24bars_2023-12-05.json", "\"41970.0\"", "\"-41970.0\"")
        return try LoopbackHTTPServer { request in
            switch request.path {
            case "/0/public/Depth": return .text(depth, contentType: "application/json")
            case "/0/public/Trades": return .text(trades, contentType: "application/json")
            case "/0/public/OHLC" where request.queryItem("interval") == "60":
                return .text(ohlc, contentType: "application/json")
            default: return routes.respond(to: request)
            }
        }
    }

    @Test func negativeNumbersInABookTradesOrCandlesAreAnErrorNotAFact() throws {
        let server = try Self.negativeServer()
        for (args, what) in [
            (["book", "BTC-USD", "--exchange", "kraken", "--format", "table"], "a book level of -2.059"),
            (["trades", "BTC-USD", "--exchange", "kraken", "--format", "table"], "a trade of -0.34507674"),
            (["chart", "BTC-USD", "--source", "kraken", "--range", "5d", "--format", "csv"], "-41970.0"),
        ] {
            let run = try Self.run(args, server)
            #expect(run.exitCode != 0, "\(args): \(run.stdout)")
            #expect(run.stderr.contains(what) && run.stderr.contains("below zero"), "\(args): \(run.stderr)")
        }
    }

    @Test func aListedPairWhoseTickerIsUnknownIsNotCalledUnlisted() throws {
        let server = try Self.server(last: nil)
        let run = try Self.run(["quote", "BTC-USD", "--source", "kraken", "--format", "table"], server)
        #expect(run.exitCode != 0)
        #expect(!run.stderr.contains("does not list"), "\(run.stderr)")
        #expect(run.stderr.contains("BTC-USD is in its pair list, but its ticker was not found"), "\(run.stderr)")
    }
}
