import Crypto
import Foundation
import TestSupport
import Testing

/// The account commands against Coinbase (a JWT checked on every request) and TradeOgre (HTTP
/// Basic), each a loopback fake keeping balances and orders.
@Suite(.serialized)
struct AccountCoinbaseTradeOgreCLITests {
    static let keyName = "organizations/0f1e2d3c/apiKeys/4b5a6978"
    static let pemLines = [
        "-----BEGIN EC PRIVATE KEY-----", "MHcCAQEEIFaTh5lOCssiwZGySlJxRYUzsfvXt/EnXky5K+Z+9iOVoAoGCCqGSM49",
        "AwEHoUQDQgAEM/nLYVq6cAg2AV8NKkQU48UwUNlqfHOhTBKXirx+AbT/1CyG+ldt", "5WerKoZZ1C3WNpAnPddMGg/bpsruX7CmqQ==",
        "-----END EC PRIVATE KEY-----",
    ]

    static func environment(_ server: LoopbackHTTPServer, exchange: String) throws -> [String: String] {
        let home = TemporaryPath.make("account")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        var env = CLIRunner.baseEnvironment()
        env["HOME"] = home
        env["XDG_CONFIG_HOME"] = home + "/config"
        env["XDG_CACHE_HOME"] = home + "/cache"
        env["SQUARESTOCK_ENDPOINT"] = server.baseURL
        env["SQUARESTOCK_EXCHANGE"] = exchange
        return env
    }

    static func coinbase() throws -> (CoinbasePrivateFake, LoopbackHTTPServer, [String: String]) {
        let key = try P256.Signing.PrivateKey(pemRepresentation: pemLines.joined(separator: "\n"))
        let fake = CoinbasePrivateFake(
            keyName: keyName, publicKey: key.publicKey, accounts: ["USD": "5000.00", "BTC": "0.25000000"])
        let server = try fake.server()
        var env = try environment(server, exchange: "coinbase")
        env["COINBASE_API_KEY_NAME"] = keyName
        env["COINBASE_API_PRIVATE_KEY"] = pemLines.joined(separator: "\\n")
        return (fake, server, env)
    }

    @Test func coinbaseBalancesComeThroughEveryPageWithAValidJWTEach() throws {
        let (fake, server, env) = try Self.coinbase()
        let run = try CLIRunner.run(["account", "--format", "csv"], environment: env)
        #expect(run.exitCode == 0, "\(run.stderr) \(fake.lastRefusal ?? "")")
        #expect(run.stdout.contains("BTC,0.25000000,0.25000000,0,"))
        #expect(run.stdout.contains("USD,5000.00,5000.00,0,5000.00"))
        _ = server
    }

    @Test func coinbaseLimitBuyPreviewPlaceListCancel() throws {
        let (fake, server, env) = try Self.coinbase()
        let dry = try CLIRunner.run(
            ["buy", "BTC-USD", "0.01", "--limit", "60000", "--far", "--dry-run"], environment: env)
        #expect(dry.exitCode == 0, "\(dry.stderr) \(fake.lastRefusal ?? "")")
        #expect(dry.stdout.contains("Coinbase validated the order (nothing was placed): total 600.00, fees 0.60"))
        let buy = try CLIRunner.run(["buy", "BTC-USD", "0.01", "--limit", "60000", "--far", "--yes"], environment: env)
        #expect(buy.exitCode == 0, "\(buy.stderr)")
        #expect(buy.stdout.contains("fee:       about 7.20 USD (1.2% taker at your key's tier)"))
        #expect(buy.stdout.contains("placed: 11111111-2222-3333-4444-000000000001, open"))
        let orders = try CLIRunner.run(["account", "orders", "--format", "csv"], environment: env)
        #expect(orders.stdout.contains("11111111-2222-3333-4444-000000000001,BTC-USD,buy,limit,0.01,0,60000,open,"))
        let one = try CLIRunner.run(
            ["account", "order", "11111111-2222-3333-4444-000000000001", "--format", "json"], environment: env)
        #expect(one.stdout.contains("\"status\": \"open\""))
        let cancel = try CLIRunner.run(["cancel", "--all", "--yes"], environment: env)
        #expect(cancel.exitCode == 0 && cancel.stdout.contains("cancelled 1 order"))
        let unknown = try CLIRunner.run(["cancel", "nope", "--yes"], environment: env)
        #expect(unknown.exitCode == 1 && unknown.stderr.contains("knows no order nope"))
        #expect(fake.orderRequests == 2)
        _ = server
    }

    @Test func coinbaseRejectionsAreExplained() throws {
        let (fake, server, env) = try Self.coinbase()
        // A market order the book cannot fill is refused before sending (the recorded book has
        // 0.24090999 BTC of asks); one it can fill is checked against the balance at its prices.
        let thin = try CLIRunner.run(["buy", "BTC-USD", "1", "--market", "--yes"], environment: env)
        #expect(thin.exitCode == 1 && thin.stdout.contains("hold 0.24090999 BTC in the 1 level read"), "\(thin.stdout)")
        let funds = try CLIRunner.run(["buy", "BTC-USD", "0.2", "--market", "--yes"], environment: env)
        #expect(funds.exitCode == 1 && funds.stdout.contains("problem:   it needs about "), "\(funds.stdout)")
        #expect(funds.stdout.contains("USD, and 5000.00 USD is available") && fake.orderRequests == 0)
        let open = try CLIRunner.run(
            ["buy", "BTC-USD", "0.01", "--limit", "60000", "--far", "--yes"], environment: env)
        let openID = open.stdout.components(separatedBy: "placed: ").last?.split(separator: ",").first ?? ""
        #expect(open.exitCode == 0 && !openID.isEmpty, "\(open.stdout)\(open.stderr)")
        fake.entryDisabled = true
        let closed = try CLIRunner.run(
            ["sell", "BTC-USD", "0.01", "--limit", "70000", "--far", "--yes"], environment: env)
        #expect(closed.stderr.contains("not taking orders now (ORDER_ENTRY_DISABLED)"))
        fake.canTrade = false
        // The order is looked up (View), then the cancel is refused (Trade).
        let perm = try CLIRunner.run(["cancel", String(openID), "--yes"], environment: env)
        #expect(perm.stderr.contains("lacks the permission Trade"), "\(perm.stderr)")
        var other = env
        other["COINBASE_API_PRIVATE_KEY"] = P256.Signing.PrivateKey().pemRepresentation
        let key = try CLIRunner.run(["account"], environment: other)
        #expect(key.exitCode == 1 && key.stderr.contains("coinbase refused the key (HTTP 401 Unauthorized)"))
        #expect(fake.lastRefusal == "bad signature")
        _ = server
    }

    @Test func tradeOgreLoginLimitOrdersAndWhatItCannotDo() throws {
        let fake = TradeOgrePrivateFake(
            key: "TO-KEY-1234", secret: "TO-SECRET-5678", balances: ["BTC": "0.10000000", "XMR": "3.00000000"])
        let server = try fake.server()
        let env = try Self.environment(server, exchange: "tradeogre")
        let bad = try CLIRunner.run(["account", "login"], environment: env, stdin: "TO-KEY-1234\nWRONG\n")
        #expect(bad.exitCode == 1 && bad.stderr.contains("tradeogre refused the key (Must be authorized)"))
        let login = try CLIRunner.run(["account", "login"], environment: env, stdin: "TO-KEY-1234\nTO-SECRET-5678\n")
        #expect(login.exitCode == 0, "\(login.stderr)")
        let buy = try CLIRunner.run(["buy", "XMR-BTC", "1", "--limit", "0.005", "--far", "--yes"], environment: env)
        #expect(buy.exitCode == 0, "\(buy.stderr)")
        #expect(buy.stdout.contains("placed: aaaaaaaa-bbbb-cccc-dddd-000000000001"))
        let balances = try CLIRunner.run(["account", "--format", "csv", "--currency", "BTC"], environment: env)
        #expect(balances.stdout.contains("BTC,0.10000000,0.09500000,0.00500000,0.10000000"))
        let orders = try CLIRunner.run(["account", "orders", "--format", "csv"], environment: env)
        #expect(orders.stdout.contains("aaaaaaaa-bbbb-cccc-dddd-000000000001,XMR-BTC,buy,limit,1,0,0.005,open,"))
        // A market order is refused by its preview, before any confirmation or signed request.
        let before = fake.orderRequests
        let market = try CLIRunner.run(["buy", "XMR-BTC", "1", "--market", "--yes"], environment: env)
        #expect(market.exitCode == 1, "\(market.stdout)\(market.stderr)")
        #expect(market.stdout.contains("TradeOgre does not take market orders; give --limit PRICE"), "\(market.stdout)")
        #expect(fake.orderRequests == before)
        let closed = try CLIRunner.run(["account", "orders", "--closed"], environment: env)
        #expect(closed.exitCode == 2 && closed.stderr.contains("does not support a history of closed orders"))
        // `all` answered success and cancelled nothing: the count is what is no longer open (it
        // was the count listed, whatever the exchange did).
        fake.cancelsNothing = true
        let none = try CLIRunner.run(["cancel", "--all", "--yes"], environment: env)
        #expect(none.exitCode == 1 && none.stdout.contains("cancelled 0 orders"), "\(none.stdout)\(none.stderr)")
        fake.cancelsNothing = false
        let cancel = try CLIRunner.run(["cancel", "--all", "--yes"], environment: env)
        #expect(cancel.exitCode == 0 && cancel.stdout.contains("cancelled 1 order"))
        _ = server
    }
}
