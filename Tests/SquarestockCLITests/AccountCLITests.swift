import Dispatch
import Foundation
import TestSupport
import Testing

/// `account`, `buy`, `sell` and `cancel` through the built binary against a loopback Kraken that
/// verifies every signature and nonce and keeps balances and orders in memory.
@Suite(.serialized)
struct AccountCLITests {
    static let key = "KRAKEN-TEST-KEY-4c7e1d"
    static let secret = "kQH5HW/8p1uGOVjbgWA7FunAmGO8lsSUXNsu3eow76sz84Q18fWxnyRzBHCd3pd5nE9qa99HAZtuZuj6F1huXg=="

    /// A fake with one key, 10,000 USD and 0.5 BTC, a throwaway HOME, and the environment to reach it.
    struct Setup {
        let fake: KrakenPrivateFake
        let server: LoopbackHTTPServer
        let home: String
        var env: [String: String]

        init(
            allowed: Set<String>? = nil, keyInEnvironment: Bool = true,
            balances: [String: String] = ["ZUSD": "10000.0000", "XXBT": "0.5000000000"]
        ) throws {
            fake = KrakenPrivateFake(
                keys: [AccountCLITests.key: .init(secret: AccountCLITests.secret, allowed: allowed)],
                balances: balances)
            server = try fake.server()
            home = TemporaryPath.make("account")
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            env = CLIRunner.baseEnvironment()
            env["HOME"] = home
            env["XDG_CONFIG_HOME"] = home + "/config"
            env["XDG_CACHE_HOME"] = home + "/cache"
            env["SQUARESTOCK_ENDPOINT"] = server.baseURL
            env["SQUARESTOCK_EXCHANGE"] = "kraken"
            env["SQUARESTOCK_NOW"] = "2026-09-25T12:00:00Z"
            if keyInEnvironment {
                env["KRAKEN_API_KEY"] = AccountCLITests.key
                env["KRAKEN_API_SECRET"] = AccountCLITests.secret
            }
        }

        func run(_ args: [String], stdin: String? = nil) throws -> CLIRun {
            try CLIRunner.run(args, environment: env, stdin: stdin)
        }
    }

    @Test func loginChecksTheKeyThenSavesItOwnerOnly() throws {
        let s = try Setup(keyInEnvironment: false)
        let bad = try s.run(["account", "login"], stdin: "WRONG-KEY\n\(Self.secret)\n")
        #expect(bad.exitCode != 0)
        #expect(bad.stderr.contains("EAPI:Invalid key") && bad.stderr.contains("Query Funds"))
        #expect(!FileManager.default.fileExists(atPath: s.home + "/config/squarestock/credentials"))

        let good = try s.run(["account", "login"], stdin: "\(Self.key)\n\(Self.secret)\n")
        #expect(good.exitCode == 0, "\(good.stderr)")
        let path = s.home + "/config/squarestock/credentials"
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // The stored key works without the environment.
        let balances = try s.run(["account", "--format", "csv"])
        #expect(balances.exitCode == 0, "\(balances.stderr)")
        #expect(balances.stdout.contains("BTC,0.5000000000,0.5000000000,0,"))

        // Readable by others: refused, with the fix.
        chmod(path, 0o644)
        let refused = try s.run(["account"])
        #expect(refused.exitCode != 0 && refused.stderr.contains("chmod 600 \(path)"))
        chmod(path, 0o600)
        let out = try s.run(["account", "logout"])
        #expect(out.stdout.contains("removed the kraken key"))
        #expect(try s.run(["account"]).stderr.contains("account login --exchange kraken"))
    }

    @Test func balancesAreExactAndValuedAtKrakensPrice() throws {
        let s = try Setup()
        let run = try s.run(["account", "--format", "json", "--currency", "usd"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("{\"exchange\": \"kraken\", \"paper\": false, "), "\(run.stdout)")
        #expect(run.stdout.contains("\"asset\": \"BTC\", \"total\": \"0.5000000000\""))
        #expect(run.stdout.contains("\"asset\": \"USD\", \"total\": \"10000.0000\""))
        // BTC is valued at the recorded XBTUSD last trade; USD at 1.
        #expect(run.stdout.contains("\"value\": \"10000.0000\""))
        #expect(
            !run.stdout.contains(
                "\"asset\": \"BTC\", \"total\": \"0.5000000000\", \"available\": \"0.5000000000\", \"held\": \"0\", \"value\": null"
            ))
    }

    /// Valued in euros, dollars divide by Kraken's EUR/USD (it lists no USD/EUR): they were left
    /// out of the total, "no price read from the exchange", though the pair was there.
    @Test func balancesInAnotherCurrencyUseTheInversePair() throws {
        let s = try Setup(balances: ["ZUSD": "1000.00", "ZEUR": "1000.00"])
        s.fake.moreTickers = ["EURUSD": "kraken/rest-ticker/SYNTHETIC__Ticker_pair-EURUSD_key-ZEURZUSD.json"]
        let run = try s.run(["account", "--format", "json", "--currency", "eur"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        // 1000.00 / 1.08515 = 921.53158549...
        #expect(
            run.stdout.contains(
                "\"asset\": \"USD\", \"total\": \"1000.00\", \"available\": \"1000.00\", \"held\": \"0\", \"value\": \"921.5315855\""
            ), "\(run.stdout)")
        #expect(!(run.stdout + run.stderr).contains("not valued"), "\(run.stdout)\(run.stderr)")
    }

    @Test func aLimitBuyIsPreviewedSentOnceListedAndCancelled() throws {
        let s = try Setup()
        let buy = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes"])
        #expect(buy.exitCode == 0, "\(buy.stderr)")
        #expect(buy.stdout.contains("buy 0.01 BTC of BTC-USD on Kraken (XBTUSD)"))
        #expect(buy.stdout.contains("cost:      300.00 USD"))
        #expect(buy.stdout.contains("fee:       about 0.78 USD (0.26% taker at your key's tier)"))
        #expect(buy.stdout.contains("placed: O00001-FAKE-000007, open"))
        #expect(s.fake.placed == ["O00001-FAKE-000007"] && s.fake.addOrderRequests == 1)

        let orders = try s.run(["account", "orders", "--format", "csv"])
        #expect(orders.stdout.contains("O00001-FAKE-000007,BTC-USD,buy,limit,0.01,0.00000000,30000,open,"))
        let held = try s.run(["account", "--format", "csv"])
        #expect(held.stdout.contains("USD,10000.0000,9700.0000,300.00,"))

        let cancel = try s.run(["cancel", "O00001-FAKE-000007", "--yes"])
        #expect(cancel.exitCode == 0 && cancel.stdout.contains("cancelled 1 order"))
        #expect(s.fake.openOrderCount == 0)
        let unknown = try s.run(["cancel", "O99999-NOPE-000000", "--yes"])
        #expect(unknown.exitCode == 1 && unknown.stderr.contains("knows no order O99999-NOPE-000000"))
    }

    @Test func offATerminalNothingIsSentWithoutYes() throws {
        let s = try Setup()
        let run = try s.run(["sell", "BTC-USD", "0.01", "--limit", "30500"])
        #expect(run.exitCode == 2)
        #expect(run.stderr.contains("add --yes"))
        #expect(s.fake.addOrderRequests == 0)
        // With no open order, --all has nothing to ask about (AccountCancelCLITests asks with some).
        let cancel = try s.run(["cancel", "--all"])
        #expect(cancel.exitCode == 0 && cancel.stdout.contains("nothing to cancel"))
    }

    @Test func aMarketOrderIsNeverImplied() throws {
        let s = try Setup()
        let run = try s.run(["buy", "BTC-USD", "0.01", "--yes"])
        #expect(run.exitCode == 2 && run.stderr.contains("--limit PRICE") && run.stderr.contains("--market"))
        #expect(s.fake.addOrderRequests == 0)
    }

    @Test func dryRunAsksKrakenToValidateOnly() throws {
        let s = try Setup()
        let run = try s.run(["buy", "BTC-USD", "0.01", "--market", "--dry-run"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        // Its first line and its last say it was not placed.
        #expect(
            run.stdout.hasPrefix("NOT PLACED: a dry run; Kraken is asked to validate this order, not to place it\n"))
        #expect(
            run.stdout.contains("not placed: Kraken validated the order (nothing was placed): buy 0.01 XBTUSD @ market")
        )
        #expect(s.fake.addOrderRequests == 1 && s.fake.placed.isEmpty)
    }

    @Test func localChecksStopAnOrderBelowTheMinimumOrBeyondTheBalance() throws {
        let s = try Setup()
        let small = try s.run(["buy", "BTC-USD", "0.00001", "--limit", "30000", "--yes"])
        #expect(small.exitCode == 1 && small.stdout.contains("below the minimum order of 0.0002 BTC"))
        let big = try s.run(["buy", "BTC-USD", "1", "--limit", "30000", "--yes"])
        #expect(big.exitCode == 1 && big.stdout.contains("it needs 30000.00 USD, and 10000.00 USD is available"))
        #expect(s.fake.addOrderRequests == 0)
    }

    /// What is sent is what the preview shows: the amount down to the pair's step, a sale's price
    /// up to its tick (a purchase's down), beside what was typed; the confirmation names the
    /// amount sent.
    @Test func thePreviewShowsTheRoundedValuesThatAreSent() throws {
        let s = try Setup()
        let sell = try s.run(["sell", "BTC-USD", "0.0123456789", "--limit", "30000.05", "--yes"])
        #expect(sell.exitCode == 0, "\(sell.stderr)")
        #expect(
            sell.stdout.contains(
                "  amount:    0.01234567 BTC as sent (typed 0.0123456789; the pair's step is 0.00000001, rounded down)"),
            "\(sell.stdout)")
        #expect(
            sell.stdout.contains(
                "  price:     30000.1 USD as sent (typed 30000.05; the pair's prices have 1 decimal, rounded up, "
                    + "never selling for less)"), "\(sell.stdout)")
        #expect(s.fake.addOrderRequests == 1)
        let orders = try s.run(["account", "orders", "--format", "csv"])
        #expect(orders.stdout.contains(",BTC-USD,sell,limit,0.01234567,"), "\(orders.stdout)")
        #expect(orders.stdout.contains(",30000.1,open,"), "\(orders.stdout)")
        let buy = try s.run(["buy", "BTC-USD", "0.01", "--limit", "29999.99", "--dry-run"])
        #expect(buy.stdout.contains("  price:     29999.9 USD as sent (typed 29999.99;"), "\(buy.stdout)")
        #expect(!buy.stdout.contains("  amount:"))
    }

    @Test func rejectionsBecomeActionableMessages() throws {
        var s = try Setup()
        // Insufficient funds found before sending: a market order's cost at the book's prices.
        let funds = try s.run(["buy", "BTC-USD", "1", "--market", "--yes"])
        #expect(funds.exitCode == 1 && s.fake.addOrderRequests == 0)
        #expect(funds.stdout.contains("problem:   it needs about 30384.10 USD, and 10000.00 USD is available"))
        // Found by Kraken when its balance could not be read first: a limit buy beyond the funds.
        s.fake.balanceFails = true
        let kraken = try s.run(["buy", "BTC-USD", "1", "--limit", "30000", "--yes"])
        #expect(kraken.exitCode == 1 && kraken.stderr.contains("insufficient funds"), "\(kraken.stderr)")
        s.fake.balanceFails = false
        s.fake.cancelOnly = true
        let closed = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes"])
        #expect(closed.stderr.contains("not taking orders now (EService:Market in cancel_only mode)"))
        s.env["KRAKEN_API_KEY"] = "SOMEONE-ELSES-KEY"
        let key = try s.run(["account"])
        #expect(key.exitCode == 1 && key.stderr.contains("refused the key (EAPI:Invalid key)"))
        #expect(key.stderr.contains("Create & Modify Orders"))
    }

    @Test func aThrottleSaysToWait() throws {
        let s = try Setup()
        s.fake.throttled = true
        let run = try s.run(["account", "orders"])
        #expect(run.exitCode == 3 && run.stderr.contains("kraken is throttling this key (EAPI:Rate limit exceeded)"))
    }

    /// In a real terminal: the secret is not echoed at login, and an order goes only when the
    /// side and amount are typed.
    @Test(.timeLimit(.minutes(10)), .enabled(if: TmuxSession.isAvailable))
    func onATerminalTheUserTypesTheConfirmationAndTheSecretIsNotShown() throws {
        var s = try Setup(keyInEnvironment: false)
        s.env["TERM"] = "xterm-256color"
        let assignments = s.env.keys.sorted().map { "\($0)='\(s.env[$0]!)'" }.joined(separator: " ")
        let sq = CLIRunner.executablePath
        let script =
            "\(sq) account login; echo login-exit=\\$?; \(sq) buy BTC-USD 0.01 --limit 30000; echo buy1-exit=\\$?; "
            + "\(sq) buy BTC-USD 0.02 --limit 30000; echo buy2-exit=\\$?; sleep 60"
        let tmux = try TmuxSession(command: "env -i \(assignments) sh -c \"\(script)\"", width: 120, height: 40)
        defer { tmux.kill() }
        func wait(_ text: String) -> Bool { tmux.waitFor(timeout: 20) { $0.contains { $0.contains(text) } } != nil }
        #expect(wait("API key (or key name):"), "\(tmux.capture())")
        tmux.sendKeys(Self.key, "Enter")
        #expect(wait("secret (private key"), "\(tmux.capture())")
        tmux.sendKeys(Self.secret, "Enter")
        #expect(wait("login-exit=0"), "\(tmux.capture())")
        #expect(!tmux.capture().contains(Self.secret) && !tmux.capture().contains(Self.key))
        #expect(wait("type 'buy 0.01' to send it"), "\(tmux.capture())")
        tmux.sendKeys("buy 0.01", "Enter")
        #expect(wait("buy1-exit=0") && wait("placed: O00001-FAKE-000007, open"), "\(tmux.capture())")
        #expect(wait("type 'buy 0.02' to send it"), "\(tmux.capture())")
        tmux.sendKeys("buy 0.01", "Enter")
        #expect(wait("buy2-exit=1") && wait("squarestock: not sent"), "\(tmux.capture())")
        #expect(s.fake.placed.count == 1)
    }

    @Test func aMissingPermissionIsNamed() throws {
        let s = try Setup(allowed: ["BalanceEx"])
        let run = try s.run(["account", "orders"])
        #expect(run.exitCode == 1)
        #expect(run.stderr.contains("lacks the permission Query Open Orders & Trades"))
    }

    @Test func aRefusedNonceIsRetriedOnceWithAFreshOneNeverMore() throws {
        let s = try Setup()
        s.fake.poisonNonces(of: Self.key)
        let run = try s.run(["account"])
        #expect(run.exitCode == 1 && run.stderr.contains("refused the request's nonce twice"))
        #expect(s.fake.nonceRejections == 2)
    }

    @Test func anOrderWhoseAnswerIsLostIsReportedUnknownAndNotResent() throws {
        let s = try Setup()
        // The limit covers every request of the command (the pairs, the balance, the book), not
        // only the order's: 4 s for those on a busy machine, where the order's answer takes 50.
        s.fake.addOrderDelay = 50
        let run = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes", "--timeout", "4"])
        #expect(run.exitCode == 4)
        #expect(run.stderr.contains("status unknown") && run.stderr.contains("squarestock account orders"))
        #expect(s.fake.addOrderRequests == 1)
    }

    @Test func anUnreadableAnswerToAnOrderIsStatusUnknownNotAnError() throws {
        let s = try Setup()
        s.fake.addOrderBody = "<html><title>502 Bad Gateway</title></html>"
        let run = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes"])
        #expect(run.exitCode == 4)
        #expect(
            run.stderr.contains("status unknown") && run.stderr.contains("squarestock account orders"), "\(run.stderr)")
        #expect(s.fake.placed.count == 1 && s.fake.addOrderRequests == 1)
    }

    /// A refusal page that is not Kraken's JSON (a firewall's 403) after the order left says
    /// nothing of it: status unknown, not "refused the key"; with `--format json` the one object
    /// says so.
    @Test func aProxysRefusalPageAfterAnOrderIsStatusUnknown() throws {
        let s = try Setup()
        s.fake.addOrderBody = "<html><title>403 Forbidden</title></html>"
        s.fake.addOrderStatus = 403
        let run = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes", "--format", "json"])
        #expect(run.exitCode == 4, "\(run.stderr)")
        #expect(run.stderr.contains("status unknown: the request may have reached kraken"), "\(run.stderr)")
        #expect(run.stdout.contains("\"statusUnknown\": true"), "\(run.stdout)")
        #expect(s.fake.addOrderRequests == 1)
        // The page's own status, not the 200 it was read as.
        #expect(run.stderr.contains("(HTTP 403)") && !run.stderr.contains("(HTTP 200)"), "\(run.stderr)")
    }

    /// A server error after the order left is no refusal whatever its body: an HTTP 500 saying
    /// "EOrder:Insufficient funds" was reported as a refusal of an order that may stand.
    @Test func aServerErrorAfterAnOrderIsStatusUnknownWhateverItsBody() throws {
        let s = try Setup()
        s.fake.addOrderBody = "{\"error\":[\"EOrder:Insufficient funds\"]}"
        s.fake.addOrderStatus = 500
        let run = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes"])
        #expect(run.exitCode == 4, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("status unknown") && !run.stderr.contains("insufficient funds"), "\(run.stderr)")
    }

    /// A dry run answered with an order id may have placed the order (a mirror that dropped
    /// `validate`): status unknown, never "nothing was placed".
    @Test func aDryRunAnsweredWithAnOrderIdIsNotCalledUnplaced() throws {
        let s = try Setup()
        s.fake.validationNamesAnOrder = true
        let run = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--dry-run"])
        #expect(run.exitCode == 4, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("nothing was placed"), "\(run.stdout)")
        #expect(run.stderr.contains("names order OVALID-FAKE-000001"), "\(run.stderr)")
    }

    /// A server that echoes the request's signature in its error: the signature is kept out of
    /// the message as the key is.
    @Test func anEchoedSignatureIsRedacted() throws {
        let s = try Setup()
        s.fake.addOrderEchoesSignature = true
        let run = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes"])
        #expect(run.exitCode != 0 && run.stderr.contains("sign REDACTED"), "\(run.stderr)")
    }

    /// A config line not taken (`papr = true`, meant as `paper`) refuses a real order with the
    /// config's warning first: it never goes out unguarded. Nothing is sent.
    @Test func aMisspeltConfigKeyRefusesARealOrder() throws {
        let s = try Setup()
        let config = s.home + "/config/squarestock"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "papr = true\n".write(toFile: config + "/config", atomically: true, encoding: .utf8)
        let run = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes"])
        #expect(run.exitCode == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("warning: config: line 1: unknown key 'papr'"), "\(run.stderr)")
        #expect(run.stdout.contains("has a setting that was not taken"), "\(run.stdout)")
        #expect(s.fake.addOrderRequests == 0)
        // A config file that is there and cannot be read (a folder here) is said, and refuses too.
        try FileManager.default.removeItem(atPath: config + "/config")
        try FileManager.default.createDirectory(atPath: config + "/config", withIntermediateDirectories: true)
        let unread = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes"])
        #expect(unread.exitCode == 1 && unread.stderr.contains("its settings are ignored"), "\(unread.stderr)")
        #expect(s.fake.addOrderRequests == 0)
        // A FIFO no program writes to hung every command in open(2); now it is given up after
        // the config's wait, said, and refuses as well.
        try FileManager.default.removeItem(atPath: config + "/config")
        #expect(mkfifo(config + "/config", 0o600) == 0)
        let unfed = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes"])
        #expect(unfed.exitCode == 1, "\(unfed.stdout)\(unfed.stderr)")
        #expect(
            unfed.stderr.contains("is a FIFO and no program wrote to it within 3 s")
                && unfed.stderr.contains("its settings are ignored"), "\(unfed.stderr)")
        #expect(s.fake.addOrderRequests == 0)
    }

    @Test func twoProcessesPlacingOrdersWithOneKeyNeverCollideOnNonces() throws {
        let s = try Setup()
        let runs = 6
        let codes = ExitCodes(count: runs)
        let env = s.env
        DispatchQueue.concurrentPerform(iterations: runs) { i in
            let r = try? CLIRunner.run(
                ["buy", "BTC-USD", "0.001", "--limit", "\(20000 + i)", "--far", "--yes"], environment: env)
            codes.set(i, r?.exitCode ?? -1)
        }
        #expect(codes.values == [Int32](repeating: 0, count: runs))
        #expect(s.fake.nonceRejections == 0)
        #expect(s.fake.placed.count == runs)
    }

    @Test func theKeyAndSecretAppearNowhereButTheCredentialsFile() throws {
        var s = try Setup(keyInEnvironment: false)
        var outputs: [String] = []
        func run(_ args: [String], stdin: String? = nil) throws {
            let r = try s.run(args, stdin: stdin)
            outputs += [r.stdout, r.stderr]
        }
        try run(["account", "login"], stdin: "\(Self.key)\n\(Self.secret)\n")
        try run(["account", "--format", "json"])
        try run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes"])
        try run(["buy", "BTC-USD", "5", "--market", "--yes"])
        try run(["account", "orders", "--closed"])
        try run(["quote", "BTC-USD", "--source", "kraken", "--verbose"])
        s.env["KRAKEN_API_KEY"] = "WRONG-\(Self.key)"
        s.env["KRAKEN_API_SECRET"] = Self.secret
        try run(["account"])
        try run(["doctor"])
        let needles = [Self.key, Self.secret, String(Self.secret.prefix(20))]
        for text in outputs { for n in needles { #expect(!text.contains(n), "output shows a secret") } }
        var holders: [String] = []
        let walker = FileManager.default.enumerator(atPath: s.home)
        while let rel = walker?.nextObject() as? String {
            let path = s.home + "/" + rel
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            if needles.contains(where: { text.contains($0) }) { holders.append(rel) }
        }
        #expect(holders == ["config/squarestock/credentials"])
    }
}

/// Exit codes written from concurrent runs.
final class ExitCodes: @unchecked Sendable {
    private let lock = NSLock()
    private var codes: [Int32]
    init(count: Int) { codes = [Int32](repeating: -2, count: count) }
    func set(_ i: Int, _ code: Int32) {
        lock.lock()
        codes[i] = code
        lock.unlock()
    }
    var values: [Int32] {
        lock.lock()
        defer { lock.unlock() }
        return codes
    }
}
