import Foundation
import TestSupport
import Testing

/// A ticker whose last price cannot be read exactly (`1e400`, `NaN`, 10^40, 500 decimals) or is
/// below zero is an error for that pair (`quote` fails; `line` says why), never a blank price
/// with nothing said;
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
        env["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "squarestock-price-\(UUID().uuidString)"
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

    @Test func aListedPairWhoseTickerIsUnknownIsNotCalledUnlisted() throws {
        let server = try Self.server(last: nil)
        let run = try Self.run(["quote", "BTC-USD", "--source", "kraken", "--format", "table"], server)
        #expect(run.exitCode != 0)
        #expect(!run.stderr.contains("does not list"), "\(run.stderr)")
        #expect(run.stderr.contains("BTC-USD is in its pair list, but its ticker was not found"), "\(run.stderr)")
    }
}
