import Foundation
import TestSupport
import Testing

/// Issue 28: an exchange (or a proxy in front of it) that echoes the account's key or secret
/// never gets any of it printed: not where an error message is cut to length, not in the encoded
/// form it was sent in (TradeOgre's `Authorization: Basic base64(key:secret)`), and not on
/// standard output, where an asset or an order can be named after the key.
@Suite(.serialized)
struct KeyEchoCLITests {
    static let krakenKey = "KRAKEN-ECHO-KEY-7f3a9c2e41d05b86"
    static let krakenSecret = "kQH5HW/8p1uGOVjbgWA7FunAmGO8lsSUXNsu3eow76sz84Q18fWxnyRzBHCd3pd5nE9qa99HAZtuZuj6F1huXg=="
    static let ogreKey = "ogre-echo-key-0a1b2c3d4e5f6071"
    static let ogreSecret = "ogre-echo-secret-98f7e6d5c4b3a291"

    /// Every 8-character piece of `secret` found in `output`, ignoring case.
    static func leaks(of secret: String, in output: String) -> [String] {
        let haystack = output.lowercased()
        let chars = Array(secret.lowercased())
        return (0...(chars.count - 8)).map { String(chars[$0..<($0 + 8)]) }.filter { haystack.contains($0) }
    }

    static func environment(_ server: LoopbackHTTPServer, exchange: String) throws -> [String: String] {
        let home = TemporaryPath.make("echo")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        var env = CLIRunner.baseEnvironment()
        env["HOME"] = home
        env["XDG_CONFIG_HOME"] = home + "/config"
        env["XDG_CACHE_HOME"] = home + "/cache"
        env["SQUARESTOCK_ENDPOINT"] = server.baseURL
        env["SQUARESTOCK_EXCHANGE"] = exchange
        env["SQUARESTOCK_NOW"] = "2026-09-25T12:00:00Z"
        env["KRAKEN_API_KEY"] = krakenKey
        env["KRAKEN_API_SECRET"] = krakenSecret
        env["TRADEOGRE_API_KEY"] = ogreKey
        env["TRADEOGRE_API_SECRET"] = ogreSecret
        return env
    }

    /// Kraken's error text with the key after `pad` characters: the old decoder cut the message
    /// at 160 and redacted afterwards, so a key crossing the cut came out in part.
    @Test(arguments: [113, 140, 150, 155, 158])
    func aKrakenErrorEchoingTheKeyAcrossTheCutPrintsNoneOfIt(pad: Int) throws {
        let filler = String(repeating: "f", count: pad)
        let server = try LoopbackHTTPServer { _ in
            .text(
                #"{"error":["EGeneral:Invalid arguments: \#(filler)\#(Self.krakenKey) tail"]}"#,
                contentType: "application/json")
        }
        let env = try Self.environment(server, exchange: "kraken")
        for args in [["account"], ["account", "orders"]] {
            let run = try CLIRunner.run(args, environment: env)
            #expect(run.exitCode != 0)
            #expect(run.stderr.contains("EGeneral:Invalid arguments"), "\(args): \(run.stderr)")
            let leaked = Self.leaks(of: Self.krakenKey, in: run.stdout + run.stderr)
            #expect(leaked.isEmpty, "\(args) pad \(pad): \(leaked) in \(run.stderr)")
        }
    }

    /// TradeOgre's HTTP 500 page quoting the request's `Authorization` header: the key and the
    /// secret travel base64-encoded together, and that form was unknown to the redactor.
    @Test func aTradeOgrePageEchoingTheBasicHeaderPrintsNeitherKeyNorSecret() throws {
        let server = try LoopbackHTTPServer { request in
            let auth = request.header("Authorization") ?? "none"
            return .text(
                "<html><head><title>500 \(auth)</title></head><body>Authorization: \(auth)</body></html>",
                status: 500, contentType: "text/html")
        }
        let env = try Self.environment(server, exchange: "tradeogre")
        let run = try CLIRunner.run(["account"], environment: env)
        #expect(run.exitCode != 0)
        let basic = Data("\(Self.ogreKey):\(Self.ogreSecret)".utf8).base64EncodedString()
        // The header did reach the page: the test would pass for nothing otherwise.
        #expect(server.requests.contains { $0.header("Authorization") == "Basic " + basic })
        let output = run.stdout + run.stderr
        #expect(Self.leaks(of: basic, in: output).isEmpty, "\(run.stderr)")
        #expect(Self.leaks(of: Self.ogreKey, in: output).isEmpty)
        #expect(Self.leaks(of: Self.ogreSecret, in: output).isEmpty)
    }

    /// Kraken's balances naming an asset after the key: the table, CSV and JSON on standard
    /// output show the marker instead.
    @Test(arguments: ["table", "csv", "json"])
    func anAssetNamedAfterTheKeyIsRedactedOnStandardOutput(format: String) throws {
        let server = try LoopbackHTTPServer { request in
            if request.path.hasSuffix("/BalanceEx") {
                return .text(
                    #"{"error":[],"result":{"\#(Self.krakenKey)":{"balance":"1.5","hold_trade":"0"},"ZUSD":{"balance":"10.00","hold_trade":"0"}}}"#,
                    contentType: "application/json")
            }
            return .text(#"{"error":["EGeneral:Unknown method"]}"#, contentType: "application/json")
        }
        let env = try Self.environment(server, exchange: "kraken")
        let run = try CLIRunner.run(["account", "--format", format], environment: env)
        #expect(run.stdout.contains("REDACTED"), "\(format): \(run.stdout) \(run.stderr)")
        let leaked = Self.leaks(of: Self.krakenKey, in: run.stdout + run.stderr)
        #expect(leaked.isEmpty, "\(format): \(leaked) in \(run.stdout)")
    }
}
