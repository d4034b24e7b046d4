import Crypto
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Once an order has left, only a clear acceptance or a clear refusal made before Kraken acted is
/// reported as such; every other outcome (an internal error, a busy or unavailable service, an
/// error not known here, Ctrl-C) is "status unknown; check `squarestock account orders`", because
/// the order may be on the exchange. The fake places the order, then answers the error.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct AccountOrderFateCLITests {
    @Test(arguments: [
        "EGeneral:Internal error", "EService:Busy", "EService:Unavailable", "EService:Deadline elapsed",
        "EGeneral:Something new",
    ])
    func anUnclearErrorAfterTheOrderWasSentIsStatusUnknown(error: String) throws {
        let s = try AccountCLITests.Setup()
        s.fake.addOrderError = error
        let run = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes"])
        #expect(run.exitCode == 4)
        #expect(run.stderr.contains("status unknown") && run.stderr.contains(error), "\(run.stderr)")
        #expect(run.stderr.contains("squarestock account orders --exchange kraken"))
        #expect(!run.stderr.contains("try again later") && !run.stderr.contains("refused"), "\(run.stderr)")
        #expect(s.fake.placed.count == 1 && s.fake.addOrderRequests == 1)
    }

    @Test func aClearRefusalBeforeActingStaysARefusal() throws {
        let s = try AccountCLITests.Setup()
        s.fake.cancelOnly = true
        let run = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes"])
        #expect(run.exitCode == 1 && run.stderr.contains("not taking orders now"), "\(run.stderr)")
        #expect(!run.stderr.contains("status unknown") && s.fake.placed.isEmpty)
    }

    /// Coinbase and TradeOgre: a server error once the order was placed is not a refusal.
    @Test(arguments: [500, 503])
    func aServerErrorAfterAnOrderWasSentIsStatusUnknownOnCoinbaseAndTradeOgre(status: Int) throws {
        let (coinbase, server, env) = try AccountCoinbaseTradeOgreCLITests.coinbase()
        coinbase.orderAnswerStatus = status
        let buy = try CLIRunner.run(["buy", "BTC-USD", "0.01", "--limit", "60000", "--far", "--yes"], environment: env)
        #expect(buy.exitCode == 4 && buy.stderr.contains("status unknown"), "\(buy.stderr)")
        #expect(buy.stderr.contains("HTTP \(status)") && !buy.stderr.contains("refused"), "\(buy.stderr)")
        #expect(coinbase.orderCount == 1)
        _ = server

        let tradeOgre = TradeOgrePrivateFake(
            key: "TO-KEY-1234", secret: "TO-SECRET-5678", balances: ["BTC": "0.10000000", "XMR": "3.00000000"])
        tradeOgre.orderAnswerStatus = status
        let toServer = try tradeOgre.server()
        var toEnv = try AccountCoinbaseTradeOgreCLITests.environment(toServer, exchange: "tradeogre")
        toEnv["TRADEOGRE_API_KEY"] = "TO-KEY-1234"
        toEnv["TRADEOGRE_API_SECRET"] = "TO-SECRET-5678"
        let sell = try CLIRunner.run(["buy", "XMR-BTC", "1", "--limit", "0.005", "--far", "--yes"], environment: toEnv)
        #expect(sell.exitCode == 4 && sell.stderr.contains("status unknown"), "\(sell.stderr)")
        // TradeOgre lists no closed orders: its advice names the balances, not `--closed`.
        #expect(buy.stderr.contains("account orders --closed --exchange coinbase"), "\(buy.stderr)")
        #expect(!sell.stderr.contains("--closed"), "\(sell.stderr)")
        #expect(sell.stderr.contains("`squarestock account --exchange tradeogre` (the balances"), "\(sell.stderr)")
        // So does an answer that cannot be read (a proxy's page with HTTP 200).
        tradeOgre.orderAnswerStatus = nil
        tradeOgre.orderAnswerBody = "<html>proxy page</html>"
        let unread = try CLIRunner.run(
            ["buy", "XMR-BTC", "1", "--limit", "0.005", "--far", "--yes"], environment: toEnv)
        #expect(unread.exitCode == 4 && !unread.stderr.contains("--closed"), "\(unread.stderr)")
        #expect(unread.stderr.contains("(the balances"), "\(unread.stderr)")
        tradeOgre.orderAnswerBody = nil
        // TradeOgre writes amounts in 8 decimals: one typed with more goes down to that step
        // (it was sent with all of them).
        tradeOgre.orderAnswerStatus = nil
        let fine = try CLIRunner.run(
            ["buy", "XMR-BTC", "1.123456789123", "--limit", "0.005", "--far", "--yes"], environment: toEnv)
        #expect(fine.exitCode == 0, "\(fine.stderr)")
        #expect(tradeOgre.sentQuantities.last == "1.12345678", "\(tradeOgre.sentQuantities)")
        #expect(!sell.stderr.contains("refused"), "\(sell.stderr)")
        #expect(tradeOgre.orderCount == 3 && tradeOgre.orderRequests == 3)
    }

    /// A refusal page that is not Coinbase's JSON (a proxy's 400, a firewall's 403) after the
    /// order left is no refusal: status unknown, as on Kraken.
    @Test(arguments: [400, 403])
    func aProxysPageAfterACoinbaseOrderIsStatusUnknown(status: Int) throws {
        let (coinbase, server, env) = try AccountCoinbaseTradeOgreCLITests.coinbase()
        coinbase.orderAnswerPage = (status, "<html><body>\(status) Request blocked</body></html>")
        let buy = try CLIRunner.run(["buy", "BTC-USD", "0.01", "--limit", "60000", "--far", "--yes"], environment: env)
        #expect(buy.exitCode == 4 && buy.stderr.contains("status unknown"), "\(buy.stderr)")
        #expect(buy.stderr.contains("HTTP \(status) after the request was sent"), "\(buy.stderr)")
        #expect(!buy.stderr.contains("refused") && !buy.stderr.contains("permission"), "\(buy.stderr)")
        #expect(coinbase.orderCount == 1)
        _ = server
    }

    /// Coinbase's own plain-text 401 refuses the token before anything is acted on: the key is
    /// refused, not "status unknown" (the preview's balance read failed too, and said so).
    @Test func coinbasesOwn401OnAnOrderRefusesTheKey() throws {
        let (coinbase, server, env) = try AccountCoinbaseTradeOgreCLITests.coinbase()
        var other = env
        other["COINBASE_API_PRIVATE_KEY"] = P256.Signing.PrivateKey().pemRepresentation
        let buy = try CLIRunner.run(
            ["buy", "BTC-USD", "0.01", "--limit", "60000", "--far", "--yes"], environment: other)
        #expect(buy.exitCode == 1 && buy.stderr.contains("coinbase refused the key"), "\(buy.stdout)\(buy.stderr)")
        #expect(!buy.stderr.contains("status unknown") && coinbase.orderCount == 0, "\(buy.stderr)")
        _ = server
    }

    /// Coinbase's `success: true` is an order taken: with the id at the top (an older shape,
    /// next to `failure_reason: UNKNOWN_FAILURE_REASON`) it is placed; with no id at all its
    /// status is unknown. Both were "refused", and a user told so sends the order again.
    @Test func coinbasesSuccessIsNeverRefused() throws {
        let (coinbase, server, env) = try AccountCoinbaseTradeOgreCLITests.coinbase()
        coinbase.orderAnswerShape = "top"
        let top = try CLIRunner.run(
            ["buy", "BTC-USD", "0.01", "--limit", "60000", "--far", "--yes", "--format", "json"], environment: env)
        #expect(top.exitCode == 0, "\(top.stderr)")
        #expect(
            top.stdout.contains("\"placed\": true") && top.stdout.contains("11111111-2222-3333-4444-"), "\(top.stdout)")
        coinbase.orderAnswerShape = "bare"
        let bare = try CLIRunner.run(
            ["buy", "BTC-USD", "0.01", "--limit", "60000", "--far", "--yes"], environment: env)
        #expect(bare.exitCode == 4 && bare.stderr.contains("status unknown"), "\(bare.stderr)")
        #expect(!bare.stderr.contains("refused"), "\(bare.stderr)")
        // Neither success nor an error: unknown too.
        coinbase.orderAnswerShape = "empty"
        let empty = try CLIRunner.run(
            ["buy", "BTC-USD", "0.01", "--limit", "60000", "--far", "--yes"], environment: env)
        #expect(empty.exitCode == 4 && !empty.stderr.contains("refused"), "\(empty.stderr)")
        #expect(coinbase.orderCount == 3)
        _ = server
    }

    /// Accounts' pages that repeat their cursor: an error, not the same balance twenty times
    /// (the preview then passed an order against 2,000 dollars when there were 100); an order's
    /// preview says why the balance was not read.
    @Test func coinbasesRepeatedCursorIsAnError() throws {
        let (coinbase, server, env) = try AccountCoinbaseTradeOgreCLITests.coinbase()
        coinbase.stuckCursor = true
        let account = try CLIRunner.run(["account"], environment: env)
        #expect(account.exitCode != 0 && account.stderr.contains("pages repeat"), "\(account.stdout)\(account.stderr)")
        let buy = try CLIRunner.run(["buy", "BTC-USD", "0.01", "--limit", "60000", "--far", "--yes"], environment: env)
        #expect(
            (buy.stdout + buy.stderr).contains(
                "USD, balance not read (coinbase sent an answer squarestock cannot read"),
            "\(buy.stdout)\(buy.stderr)")
        #expect((buy.stdout + buy.stderr).contains("pages repeat"), "\(buy.stdout)\(buy.stderr)")
        _ = server
    }

    /// Ctrl-C after the exchange answered with the order's id, while its status is read: the
    /// order is placed, and the message says so with the id (it ended silently with 130).
    @Test func ctrlCWhileAPlacedOrdersStatusIsReadSaysItWasPlaced() throws {
        let s = try AccountCLITests.Setup()
        s.fake.queryDelay = 50
        let cli = try RunningCLI(
            ["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes", "--timeout", "55"], environment: s.env)
        // Waits until the order is placed and its status is being read.
        #expect(s.fake.waitForQuery())
        #expect(s.fake.placed.count == 1 && s.fake.queryRequests == 1)
        cli.send(SIGINT)
        let run = cli.finish()
        #expect(run.exitCode == 128 + SIGINT, "\(run.stderr)")
        #expect(
            run.stderr.contains("placed: O") && run.stderr.contains("interrupted while its status was read"),
            "\(run.stderr)")
        #expect(!run.stderr.contains("status unknown"), "\(run.stderr)")
    }

    /// With `--format json`, standard output still gets its one object, saying the fate is
    /// unknown (it was empty).
    @Test func ctrlCWhileAnOrderIsInFlightSaysItsStatusIsUnknown() throws {
        let s = try AccountCLITests.Setup()
        s.fake.addOrderDelay = 50
        let cli = try RunningCLI(
            ["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes", "--timeout", "55", "--format", "json"],
            environment: s.env)
        // Waits until the order has reached the exchange (the fake has placed it).
        let deadline = Date(timeIntervalSinceNow: 40)
        while s.fake.placed.isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(s.fake.placed.count == 1)
        cli.send(SIGINT)
        let run = cli.finish()
        #expect(run.exitCode == 128 + SIGINT, "\(run.stderr)")
        #expect(run.stderr.contains("status unknown") && run.stderr.contains("squarestock account orders"))
        #expect(run.stderr.contains("interrupted"), "\(run.stderr)")
        #expect(
            run.stdout.contains("\"placed\": null") && run.stdout.contains("\"statusUnknown\": true"),
            "\(run.stdout)")
    }

    /// On TradeOgre, which lists no closed orders, an interrupted order's advice names the
    /// balances, not `account orders --closed` (which TradeOgre refuses).
    @Test func ctrlCWhileATradeOgreOrderIsInFlightNamesTheBalances() throws {
        let tradeOgre = TradeOgrePrivateFake(
            key: "TO-KEY-1234", secret: "TO-SECRET-5678", balances: ["BTC": "0.10000000", "XMR": "3.00000000"])
        tradeOgre.orderDelay = 50
        let server = try tradeOgre.server()
        var env = try AccountCoinbaseTradeOgreCLITests.environment(server, exchange: "tradeogre")
        env["TRADEOGRE_API_KEY"] = "TO-KEY-1234"
        env["TRADEOGRE_API_SECRET"] = "TO-SECRET-5678"
        let cli = try RunningCLI(
            ["buy", "XMR-BTC", "1", "--limit", "0.005", "--far", "--yes", "--timeout", "55"], environment: env)
        #expect(tradeOgre.waitForOrder() && tradeOgre.orderCount == 1)
        cli.send(SIGINT)
        let run = cli.finish()
        #expect(run.exitCode == 128 + SIGINT, "\(run.stderr)")
        #expect(run.stderr.contains("status unknown") && !run.stderr.contains("--closed"), "\(run.stderr)")
        #expect(run.stderr.contains("`squarestock account --exchange tradeogre` (the balances"), "\(run.stderr)")
    }

    /// The same for a cancellation: once it has reached the exchange, Ctrl-C says its outcome is
    /// unknown instead of ending silently.
    @Test func ctrlCWhileACancellationIsInFlightSaysItsStatusIsUnknown() throws {
        let s = try AccountCLITests.Setup()
        let placed = try s.run(["buy", "BTC-USD", "0.01", "--limit", "20000", "--far", "--yes"])
        #expect(placed.exitCode == 0, "\(placed.stderr)")
        let id = try #require(s.fake.placed.first)
        s.fake.cancelDelay = 50
        let cli = try RunningCLI(["cancel", id, "--yes", "--timeout", "55"], environment: s.env)
        let deadline = Date(timeIntervalSinceNow: 40)
        while s.fake.cancelled.isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(s.fake.cancelled == [id])
        cli.send(SIGINT)
        let run = cli.finish()
        #expect(run.exitCode == 128 + SIGINT, "\(run.stderr)")
        #expect(
            run.stderr.contains("status unknown") && run.stderr.contains("cancellation was in flight"), "\(run.stderr)")
    }
}
