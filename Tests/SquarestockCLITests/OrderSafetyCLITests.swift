import Foundation
import TestSupport
import Testing

/// Issue 33's rules through the built binary against the loopback Kraken (public book recorded:
/// asks 2.059 @ 30384.1, 1.5 @ 30387.9, 9.871 @ 30393.7; bids 1.115 @ 30297.0, 2.002 @ 30296.7,
/// 5.001 @ 30289.8; mid 30340.55): paper orders walk that book and touch only the paper account,
/// the user's limits refuse before any private request, a market order shows its expected price,
/// and a dry run's first line and JSON say it was not placed.
@Suite(.serialized)
struct OrderSafetyCLITests {
    typealias Setup = AccountCLITests.Setup

    static func config(_ s: Setup, _ text: String) throws {
        let folder = s.home + "/config/squarestock"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try text.write(toFile: folder + "/config", atomically: true, encoding: .utf8)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Each mistake in an order line is named for what it is, before anything is asked of anyone.
    @Test func eachMistakeInAnOrderLineIsNamed() throws {
        let s = try Setup()
        let cases: [([String], String)] = [
            (
                ["buy", "BTC-USD", "1", "--limit", "30000", "--market", "--paper"],
                "--limit and --market are two kinds of order"
            ),
            (["buy", "BTC-USD", "1", "--paper"], "give --limit PRICE for a limit order or --market"),
            (
                ["buy", "BTC-USD", "123456789012345678901", "--market", "--paper"],
                "the amount has more digits than an exact amount holds"
            ),
            (["buy", "BTC-USD", "0", "--market", "--paper"], "the amount must be above zero"),
            (["buy", "BTC-USD", "lots", "--market", "--paper"], "the amount must be a positive number like 0.01"),
            (["sell", "BTC-USD", "1", "--limit", "1.2.3", "--paper"], "--limit must be a positive number like 61000"),
            // An exponent is ten times what a glance reads (0.01e1 is 0.1): written out, or refused.
            (
                ["buy", "BTC-USD", "0.01e1", "--market", "--paper"],
                "the amount must be written out in digits, like 0.01, without an exponent (got '0.01e1')"
            ),
            (["buy", "BTC-USD", "1", "--limit", "3E4", "--paper"], "--limit must be written out in digits"),
            (["buy", "BTC\u{1B}[2J-USD", "1", "--market", "--paper"], "'BTC\\u{1B}[2J-USD' is not a pair"),
            // Shown with its escape, not as the valid 30000 it would read as stripped.
            (
                ["buy", "BTC-USD", "1", "--limit", "3\u{1B}[0m0000", "--paper"],
                "--limit must be a positive number like 61000 (got '3\\u{1B}[0m0000')"
            ),
            (
                ["buy", "BTC-USD", "0.0000000000000000001", "--market", "--paper"],
                "18 significant digits and 18 decimals at most"
            ),
        ]
        for (args, message) in cases {
            let r = try s.run(args)
            #expect(r.exitCode == 2 && r.stderr.contains(message), "\(args): \(r.stderr)")
            #expect(!r.stderr.contains("\u{1B}"), "\(args)")
        }
        // An exchange not reached refused nothing: exit 3, as `book` says it.
        let away = try s.run([
            "buy", "BTC-USD", "0.001", "--limit", "30000", "--paper", "--yes", "--endpoint", "http://127.0.0.1:1",
        ])
        #expect(away.exitCode == 3 && !away.stderr.contains("refused"), "\(away.stderr)")
    }

    /// Every open paper order's book is read before any fill is recorded: a Ctrl-C while a
    /// second pair's book was read left the first pair's fill in the ledger but not in the
    /// orders file, and every later fill of that order was refused as already recorded.
    @Test func anInterruptWhileBooksAreReadRecordsNoFillHalfway() throws {
        var s = try Setup()
        s.env["KRAKEN_API_KEY"] = nil
        s.env["KRAKEN_API_SECRET"] = nil
        for cash in ["70000 USD", "70000 EUR"] {
            let parts = cash.split(separator: " ").map(String.init)
            _ = try s.run(["portfolio", "deposit", parts[0], parts[1], "--portfolio", "paper-kraken"])
        }
        func book(_ key: String, ask: String) -> String {
            "{\"error\":[],\"result\":{\"\(key)\":{\"asks\":[[\"\(ask)\",\"0.400\",1654302625]],"
                + "\"bids\":[[\"19000.0\",\"1.000\",1654302625]]}}}"
        }
        let usd = try s.run(["buy", "BTC-USD", "1", "--limit", "30000", "--paper", "--yes"])
        #expect(usd.exitCode == 0 && usd.stdout.contains("nothing filled yet"), "\(usd.stdout)\(usd.stderr)")
        s.fake.depthBody = book("XXBTZEUR", ask: "25000.0")
        let eur = try s.run(["buy", "BTC-EUR", "1", "--limit", "21500", "--paper", "--yes"])
        #expect(eur.exitCode == 0 && eur.stdout.contains("nothing filled yet"), "\(eur.stdout)\(eur.stderr)")
        let eurPair = try #require(
            s.fake.depthRequests.first { $0.uppercased().contains("EUR") }, "\(s.fake.depthRequests)")
        // The USD book crosses the order now (0.4 at 29990); the EUR book is slow to come.
        s.fake.depthBody = book("XXBTZUSD", ask: "29990.0")
        s.fake.depthByPair[eurPair] = (book("XXBTZEUR", ask: "25000.0"), 50)
        let asked = s.fake.depthRequests.count
        let cli = try RunningCLI(["account", "orders", "--paper", "--timeout", "55"], environment: s.env)
        #expect(s.fake.waitForDepthByPair())
        #expect(s.fake.depthRequests.dropFirst(asked).contains(eurPair), "\(s.fake.depthRequests) \(eurPair)")
        // Killed there (a Ctrl-C, a closed terminal, a crash): SIGKILL, which no process can
        // catch or have ignored by its parent, as SIGINT may be for a test runner's children.
        cli.send(SIGKILL)
        _ = cli.finish()
        let ledger = try s.run(["portfolio", "history", "--portfolio", "paper-kraken", "--format", "csv"])
        #expect(!ledger.stdout.contains("PAPER"), "a fill was recorded halfway: \(ledger.stdout)")
        // Read again at once: the fill is recorded once, in the ledger and in the orders file.
        s.fake.depthByPair[eurPair] = (book("XXBTZEUR", ask: "25000.0"), 0)
        let again = try s.run(["account", "orders", "--paper", "--format", "csv"])
        #expect(again.exitCode == 0, "\(again.stderr)")
        #expect(again.stdout.contains(",BTC-USD,buy,limit,1,0.4,30000,open,"), "\(again.stdout)")
        let recorded = try s.run(["portfolio", "history", "--portfolio", "paper-kraken", "--format", "csv"])
        #expect(
            recorded.stdout.split(separator: "\n").filter { $0.contains(",buy,BTC-USD,0.4,30000,") }.count == 1,
            "\(recorded.stdout)")
    }

    @Test func aPaperBuyAndSellWalkTheBookAndChangeOnlyThePaperAccount() throws {
        let s = try Setup()
        let fund = try s.run(["portfolio", "deposit", "100000", "USD", "--portfolio", "paper-kraken"])
        #expect(fund.exitCode == 0, "\(fund.stderr)")

        // 2.5 BTC: 2.059 at 30384.1 and 0.441 at 30387.9 = 75961.9258 USD; fee 0.40 % = 303.8477032.
        let buy = try s.run(["buy", "BTC-USD", "2.5", "--market", "--paper", "--yes"])
        #expect(buy.exitCode == 0, "\(buy.stdout)\(buy.stderr)")
        #expect(buy.stdout.hasPrefix("PAPER: a practice order in your paper account; nothing is sent to Kraken\n"))
        #expect(buy.stdout.contains("fee:       about 303.85 USD (0.4% taker on Kraken's public schedule)"))
        #expect(buy.stdout.contains("filled 2.5 BTC at 30384.77032 USD on average"), "\(buy.stdout)")

        // 1 BTC sold into the best bid: 30297.00 USD, fee 121.188.
        let sell = try s.run(["sell", "BTC-USD", "1", "--market", "--paper", "--yes"])
        #expect(sell.exitCode == 0, "\(sell.stdout)\(sell.stderr)")
        #expect(sell.stdout.contains("filled 1 BTC at 30297 USD on average"), "\(sell.stdout)")

        // Each fill moves the cash once, rounded to the cent as a sync records a trade (the fee is
        // what is left): 100000 - 76265.77 (75961.9258 + 303.8477032) + 30175.81 (30297 - 121.188).
        let balances = try s.run(["account", "--paper", "--format", "csv"])
        #expect(balances.exitCode == 0, "\(balances.stderr)")
        #expect(balances.stdout.contains("BTC,1.5,1.5,0,"), "\(balances.stdout)")
        #expect(balances.stdout.contains("USD,53910.04,53910.04,0,"), "\(balances.stdout)")
        let closed = try s.run(["account", "orders", "--paper", "--closed", "--format", "csv"])
        #expect(
            closed.stdout.split(separator: "\n").filter { $0.contains(",filled,2026-") }.count == 2, "\(closed.stdout)")
        // A market order has no price of its own: the CSV gives what it filled at, and when it
        // closed, as the table and JSON do (its price cell was empty, the fill price nowhere).
        #expect(closed.stdout.hasPrefix("id,pair,side,type,amount,filled,price,status,opened,average_price,closed\n"))
        let rows = closed.stdout.split(separator: "\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(rows.allSatisfy { $0.count == 11 && $0[3] == "market" && $0[6].isEmpty && $0[10].hasPrefix("2026-") })
        #expect(Set(rows.map { $0.count == 11 ? $0[9] : "" }) == ["30384.77032", "30297"], "\(closed.stdout)")
        // The tables say they are the paper account's, never only "kraken" as the real ones do.
        let table = try s.run(["account", "--paper", "--format", "table"])
        #expect(table.stdout.hasPrefix("kraken paper account balances\n"), "\(table.stdout)")
        let none = try s.run(["account", "orders", "--paper", "--format", "table"])
        #expect(none.stdout == "kraken paper account: no open orders\n", "\(none.stdout)")

        // The exchange heard nothing, and the main portfolio holds nothing.
        #expect(s.fake.privateRequests == 0 && s.fake.placed.isEmpty)
        let main = try s.run(["portfolio", "history", "--format", "csv"])
        #expect(!main.stdout.contains("BTC"), "\(main.stdout)")
        let paperLedger = try s.run(["portfolio", "history", "--portfolio", "paper-kraken", "--format", "csv"])
        #expect(paperLedger.stdout.contains("BTC-USD"), "\(paperLedger.stdout)")
    }

    @Test func aPaperLimitOrderFillsOnlyAtItsPriceRestsAndIsCancelled() throws {
        var s = try Setup()
        // No key at all: paper trading needs none.
        s.env["KRAKEN_API_KEY"] = nil
        s.env["KRAKEN_API_SECRET"] = nil
        _ = try s.run(["portfolio", "deposit", "70000", "USD", "--portfolio", "paper-kraken"])
        // Below the best ask: nothing fills; the order rests and holds its cost.
        let rest = try s.run(["buy", "BTC-USD", "1", "--limit", "30000", "--paper", "--yes"])
        #expect(rest.exitCode == 0, "\(rest.stdout)\(rest.stderr)")
        #expect(rest.stdout.contains(", open (paper buy 1 BTC-USD: nothing filled yet)"), "\(rest.stdout)")
        let held = try s.run(["account", "--paper", "--format", "csv"])
        // It holds its cost and the fee it will pay (0.40 %).
        #expect(held.stdout.contains("USD,70000.00,39880.0000,30120.0000,"), "\(held.stdout)")
        // At 30385: the 2.059 BTC at 30384.1 fill all of 1 BTC.
        let cross = try s.run(["buy", "BTC-USD", "1", "--limit", "30385", "--paper", "--yes"])
        #expect(cross.stdout.contains(", filled (paper buy 1 BTC-USD: filled 1 BTC at 30384.1 USD"), "\(cross.stdout)")
        let open = try s.run(["account", "orders", "--paper", "--format", "csv"])
        #expect(open.stdout.contains(",BTC-USD,buy,limit,1,0,30000,open,"), "\(open.stdout)")
        // Practice asks as the real thing does: off a terminal, without --yes, nothing is cancelled.
        let unasked = try s.run(["cancel", "--all", "--paper"])
        #expect(unasked.exitCode == 2, "\(unasked.stdout)\(unasked.stderr)")
        #expect(unasked.stdout.hasPrefix("to cancel (paper): "), "\(unasked.stdout)")
        #expect(!unasked.stdout.contains("cancelled"), "\(unasked.stdout)")
        let stillOpen = try s.run(["account", "orders", "--paper", "--format", "csv"])
        #expect(stillOpen.stdout.contains(",BTC-USD,buy,limit,1,0,30000,open,"), "\(stillOpen.stdout)")
        // An id the paper account lacks: the command it names works.
        let unknown = try s.run(["cancel", "NOPE-1", "--paper", "--yes"])
        #expect(
            unknown.stderr.contains(
                "the kraken paper account has no order NOPE-1; list them with `squarestock account orders --paper --exchange kraken`"
            ), "\(unknown.stderr)")
        let cancel = try s.run(["cancel", "--all", "--paper", "--yes"])
        #expect(cancel.exitCode == 0 && cancel.stdout.contains("paper account: cancelled 1 order"), "\(cancel.stdout)")
        let after = try s.run(["account", "--paper", "--format", "csv"])
        #expect(after.stdout.contains("BTC,1,1,0,"), "\(after.stdout)")
        // A resting purchase whose cost has more places than the dollar holds the cash rounded
        // up to the cent: at 29999.9 (the limit on Kraken's 0.1 grid, in the buyer's favour),
        // 0.3333 x 29999.9 x 1.004 = 10038.96253668 holds 10038.97.
        let odd = try s.run(["buy", "BTC-USD", "0.3333", "--limit", "29999.99", "--paper", "--yes"])
        #expect(odd.exitCode == 0, "\(odd.stdout)\(odd.stderr)")
        let cents = try s.run(["account", "--paper", "--format", "csv"])
        #expect(cents.stdout.contains(",10038.97,"), "\(cents.stdout)")
        // Once the market crosses it, the order fills rather than being cancelled, as on the
        // exchange: the cancellation asks the book first.
        let listed = try s.run(["account", "orders", "--paper", "--format", "csv"]).stdout
        let id = try #require(listed.split(separator: "\n").dropFirst().first?.split(separator: ",").first)
        s.fake.depthBody = Self.depth(newAsk: "29990.00000", size: "1.000")
        let late = try s.run(["cancel", String(id), "--paper", "--yes"])
        #expect(late.stderr.contains("paper order \(id) is already closed (filled)"), "\(late.stdout)\(late.stderr)")
        #expect(s.fake.privateRequests == 0)
    }

    @Test func configPaperMakesEveryOrderAPaperOneAndAnEmptyAccountSaysHowToFundIt() throws {
        let s = try Setup()
        try Self.config(s, "paper = true\n")
        let buy = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes"])
        #expect(buy.exitCode == 1 && buy.stdout.hasPrefix("PAPER: "), "\(buy.stdout)")
        #expect(
            buy.stdout.contains(
                "uses:      USD, 0.00 available in the paper account (fund it: squarestock portfolio deposit AMOUNT USD --portfolio paper-kraken)"
            ), "\(buy.stdout)")
        #expect(s.fake.privateRequests == 0 && s.fake.addOrderRequests == 0)
        // Paper mode is the paper account's for every command: the balances, an order, and a
        // cancel (`cancel --all --yes` cancelled the real orders).
        let balances = try s.run(["account", "--format", "json"])
        #expect(balances.exitCode == 0 && balances.stdout.contains("\"paper\": true"), "\(balances.stdout)")
        #expect(balances.stderr.contains("note: paper mode (paper = true in "), "\(balances.stderr)")
        let cancel = try s.run(["cancel", "--all", "--yes"])
        #expect(cancel.stdout.contains("paper account: no open orders; nothing to cancel"), "\(cancel.stdout)")
        let order = try s.run(["account", "order", "OABCDE-12345-FGHIJK"])
        #expect(order.stderr.contains("paper account has no order OABCDE-12345-FGHIJK"), "\(order.stderr)")
        #expect(s.fake.privateRequests == 0)
        // A value that is neither true nor false refuses every order (never a real one by mistake),
        // and every cancel of a real order (paper mode may be meant).
        try Self.config(s, "paper = ture\n")
        let typo = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes"])
        #expect(
            typo.exitCode == 1
                && typo.stdout.contains("paper = ture in the config file is not true or false; fix it there"))
        // So does a paper setting in doubt any other way: given twice, or a key misspelt.
        for text in ["paper = ture\n", "paper = true\npaper = false\n", "papr = true\n"] {
            try Self.config(s, text)
            let typoCancel = try s.run(["cancel", "--all", "--yes"])
            #expect(
                typoCancel.exitCode == 2 && typoCancel.stderr.contains("nothing was cancelled"),
                "\(text): \(typoCancel.stderr)")
            // What is in doubt is said (a `paper = ture` was named nowhere).
            #expect(
                typoCancel.stderr.contains("fix it there") && typoCancel.stderr.split(separator: "\n").count >= 2,
                "\(text): \(typoCancel.stderr)")
        }
        try Self.config(s, "paper = ture\n")
        let named = try s.run(["cancel", "--all", "--yes"])
        #expect(named.stderr.contains("paper = ture in the config file is not true or false"), "\(named.stderr)")
        #expect(s.fake.addOrderRequests == 0 && s.fake.privateRequests == 0)
    }

    /// Kraken's Depth in its shape, the recorded book with one more ask level at `price`.
    static func depth(newAsk price: String, size: String) -> String {
        """
        {"error":[],"result":{"XXBTZUSD":{"asks":[["\(price)","\(size)",1688671700],\
        ["30384.10000","2.059",1688671659],["30387.90000","1.500",1688671380],["30393.70000","9.871",1688671261]],\
        "bids":[["30297.00000","1.115",1688671636],["30296.70000","2.002",1688671674],["30289.80000","5.001",1688671673]]}}}
        """
    }

    /// Dust (0.00000001 BTC, worth less than a cent) that comes to a resting paper order is no
    /// fill: it made every later look at the paper account fail ("a trade of BTC for nothing").
    @Test func dustIsNoPaperFill() throws {
        let s = try Setup()
        _ = try s.run(["portfolio", "deposit", "70000", "USD", "--portfolio", "paper-kraken"])
        let rest = try s.run(["buy", "BTC-USD", "1", "--limit", "30000", "--paper", "--yes"])
        #expect(rest.stdout.contains(", open (paper buy 1 BTC-USD: nothing filled yet)"), "\(rest.stdout)")
        s.fake.depthBody = Self.depth(newAsk: "29990.00000", size: "0.00000001")
        let account = try s.run(["account", "--paper", "--format", "csv"])
        #expect(account.exitCode == 0, "\(account.stdout)\(account.stderr)")
        let open = try s.run(["account", "orders", "--paper", "--format", "csv"])
        #expect(open.stdout.contains(",BTC-USD,buy,limit,1,0,30000,open,"), "\(open.stdout)\(open.stderr)")
    }

    /// An order whose fill as it is placed leaves dust (0.00000001 BTC, 0.0003 dollars at its
    /// limit) is filled: no later fill could take that remainder, and it stayed open until a
    /// later look at the book closed it.
    @Test func aPaperOrderThatLeavesOnlyDustIsFilledAtOnce() throws {
        let s = try Setup()
        _ = try s.run(["portfolio", "deposit", "70000", "USD", "--portfolio", "paper-kraken"])
        s.fake.depthBody = Self.depth(newAsk: "29990.00000", size: "0.99999999")
        let buy = try s.run(["buy", "BTC-USD", "1", "--limit", "30000", "--paper", "--yes"])
        #expect(
            buy.stdout.contains(", filled (paper buy 1 BTC-USD: filled 0.99999999 BTC at 29990 USD"), "\(buy.stdout)")
        let open = try s.run(["account", "orders", "--paper", "--format", "csv"])
        #expect(!open.stdout.contains(",BTC-USD,buy,"), "\(open.stdout)")
    }

    @Test func aRestingPaperOrderFillsOnlyFromNewLiquidityAndTwoOrdersShareIt() throws {
        let s = try Setup()
        _ = try s.run(["portfolio", "deposit", "200000", "USD", "--portfolio", "paper-kraken"])
        // A: 3 BTC at 30385 takes the 2.059 at 30384.1; 0.941 rests.
        let a = try s.run(["buy", "BTC-USD", "3", "--limit", "30385", "--paper", "--yes"])
        #expect(a.stdout.contains(", open (paper buy 3 BTC-USD: filled 2.059 BTC at 30384.1 USD"), "\(a.stdout)")
        // The same book again fills nothing more: its asks were there when A looked.
        let again = try s.run(["account", "orders", "--paper", "--format", "csv"])
        #expect(again.stdout.contains(",BTC-USD,buy,limit,3,2.059,30385,open,"), "\(again.stdout)")
        // B: 1 BTC at 30000 rests whole.
        let b = try s.run(["buy", "BTC-USD", "1", "--limit", "30000", "--paper", "--yes"])
        #expect(b.stdout.contains(", open (paper buy 1 BTC-USD: nothing filled yet)"), "\(b.stdout)")
        // 1.5 BTC arrive at 29990: A, the earlier, takes its 0.941; B the 0.559 left.
        s.fake.depthBody = Self.depth(newAsk: "29990.00000", size: "1.500")
        let settled = try s.run(["account", "orders", "--paper", "--closed", "--format", "csv"])
        // A rests as the maker: the ask that came to it trades at A's limit, 30385, not at the
        // ask's 29990 (a resting buy is never filled below its own price), so A's average is
        // (2.059 x 30384.1 + 0.941 x 30385) / 3 = 30384.3823.
        #expect(settled.stdout.contains(",BTC-USD,buy,limit,3,3,30385,filled,"), "\(settled.stdout)")
        let settledJSON = try s.run(["account", "orders", "--paper", "--closed", "--format", "json"])
        #expect(settledJSON.stdout.contains("\"averagePrice\": \"30384.3823\""), "\(settledJSON.stdout)")
        let open = try s.run(["account", "orders", "--paper", "--format", "csv"])
        #expect(open.stdout.contains(",BTC-USD,buy,limit,1,0.559,30000,open,"), "\(open.stdout)")
        // JSON says whose orders and balances these are, as the tables' titles do.
        let openJSON = try s.run(["account", "orders", "--paper", "--format", "json"])
        #expect(
            openJSON.stdout.hasPrefix("{\"exchange\": \"kraken\", \"paper\": true, \"orders\": ["), "\(openJSON.stdout)"
        )
        let heldJSON = try s.run(["account", "--paper", "--format", "json"])
        #expect(heldJSON.stdout.hasPrefix("{\"exchange\": \"kraken\", \"paper\": true, "), "\(heldJSON.stdout)")
        let held = try s.run(["account", "--paper", "--format", "csv"])
        #expect(held.stdout.contains("BTC,3.559,3.559,0,"), "\(held.stdout)")
        // Three fills, three entries pairs in the paper ledger: none lost to a repeated key.
        let ledger = try s.run(["portfolio", "history", "--portfolio", "paper-kraken", "--format", "csv"])
        #expect(ledger.stdout.split(separator: "\n").filter { $0.contains(",buy,") }.count == 3, "\(ledger.stdout)")
        #expect(s.fake.privateRequests == 0)
    }

    @Test func eachLimitRefusesBeforeAnyRequestAndSaysHowToChangeIt() throws {
        let s = try Setup()
        try Self.config(s, "max_order_value = 1000 USD\n")
        // 0.05 x 30000 = 1500 USD.
        let big = try s.run(["buy", "BTC-USD", "0.05", "--limit", "30000", "--yes"])
        #expect(big.exitCode == 1)
        #expect(
            big.stdout.contains(
                "problem:   max_order_value = 1000 USD: the order is worth 1500.00 USD, above the limit; send a smaller order, or raise max_order_value in "
            ), "\(big.stdout)")
        #expect(big.stdout.contains("balance not read (refused before any private request)"))
        #expect(s.fake.privateRequests == 0)
        // A paper order refused by the same limit still shows its (local) balance and fee.
        let paper = try s.run(["buy", "BTC-USD", "0.05", "--limit", "30000", "--paper", "--yes"])
        #expect(paper.exitCode == 1 && paper.stdout.contains("problem:   max_order_value = 1000 USD"))
        #expect(paper.stdout.contains("uses:      USD, 0.00 available in the paper account"), "\(paper.stdout)")
        #expect(paper.stdout.contains("taker on Kraken's public schedule"), "\(paper.stdout)")
        #expect(!paper.stdout.contains("balance not read") && !paper.stdout.contains("fee:       none"))
        #expect(s.fake.privateRequests == 0)

        // 33000 is 8.77 % above the mid.
        let far = try s.run(["buy", "BTC-USD", "0.01", "--limit", "33000", "--yes"])
        #expect(far.exitCode == 1 && s.fake.privateRequests == 0)
        #expect(
            far.stdout.contains(
                "max_price_distance = 5%: the limit price 33000 USD is 8.77% above the book's mid 30340.55 USD; add --far to send this order anyway"
            ), "\(far.stdout)")
        // --far lets that one order through.
        let through = try s.run(["buy", "BTC-USD", "0.01", "--limit", "33000", "--far", "--yes"])
        #expect(through.exitCode == 0, "\(through.stderr)")
        #expect(s.fake.placed.count == 1)

        // A limit in another currency with no rate on the exchange: refused, saying so.
        try Self.config(s, "max_order_value = 1000 EUR\nmax_price_distance = 2%\n")
        let before = s.fake.privateRequests
        let noRate = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes"])
        #expect(noRate.exitCode == 1 && s.fake.privateRequests == before)
        #expect(
            noRate.stdout.contains(
                "max_order_value = 1000 EUR: this order's 300.00 USD cannot be converted into EUR (Kraken's EUR-USD price could not be read"
            ), "\(noRate.stdout)")
        // 30000 is 1.12 % below the mid: within 2 %.
        #expect(!noRate.stdout.contains("max_price_distance"))

        // Converted at Kraken's own last XBTUSD trade (84036.0): 1 ETH at 0.05 BTC is 4201.80 USD.
        try Self.config(s, "max_order_value = 1000 USD\n")
        let converted = try s.run(["buy", "ETH-BTC", "1", "--limit", "0.05", "--far", "--yes"])
        #expect(converted.exitCode == 1 && s.fake.privateRequests == before)
        #expect(
            converted.stdout.contains(
                "max_order_value = 1000 USD: the order is worth 0.05000000 BTC (about 4201.80 USD at the exchange's rate), above the limit"
            ), "\(converted.stdout)")
        let small = try s.run(["buy", "ETH-BTC", "0.01", "--limit", "0.05", "--far", "--dry-run"])
        #expect(!small.stdout.contains("max_order_value"), "\(small.stdout)")
        #expect(small.stdout.contains("value:     about 42.02 USD at Kraken's rate"), "\(small.stdout)")
        #expect(s.fake.privateRequests > before)

        // A limit that cannot be read refuses every order until it is fixed.
        try Self.config(s, "max_order_value = 1000\n")
        let beforeBroken = s.fake.privateRequests
        let broken = try s.run(["buy", "BTC-USD", "0.001", "--limit", "30000", "--yes"])
        #expect(broken.exitCode == 1 && s.fake.privateRequests == beforeBroken)
        #expect(
            broken.stdout.contains(
                "max_order_value = 1000 in the config file is not an amount and a currency like 1000 USD"))
    }

    @Test func aMarketOrderShowsItsExpectedPriceAndIsRefusedWhenTheBookCannotFillIt() throws {
        let s = try Setup(balances: ["ZUSD": "200000.0000", "XXBT": "0.5000000000"])
        // 5 BTC: 2.059 @ 30384.1 + 1.5 @ 30387.9 + 1.441 @ 30393.7 = 151940.0336 USD, 30388.00672 on average.
        let dry = try s.run(["buy", "BTC-USD", "5", "--market", "--dry-run"])
        #expect(dry.exitCode == 0, "\(dry.stdout)\(dry.stderr)")
        #expect(
            dry.stdout.contains(
                "book:      about 30388.007 USD on average over 3 levels; slippage 0.01% from the best ask 30384.10 USD"
            ),
            "\(dry.stdout)")
        #expect(dry.stdout.contains("cost:      about 151940.03 USD before fees at the book's prices"))
        // The three asks hold 13.43 BTC.
        let huge = try s.run(["buy", "BTC-USD", "20", "--market", "--yes"])
        #expect(huge.exitCode == 1 && s.fake.addOrderRequests == 1)
        #expect(
            huge.stdout.contains(
                "the book's asks hold 13.43 BTC in the 3 levels read: a market buy of 20 BTC would not fill"),
            "\(huge.stdout)")
    }

    /// A Kraken book of one ask level and one bid level.
    static func book(ask: String, bid: String) -> String {
        """
        {"error":[],"result":{"XXBTZUSD":{"asks":[["\(ask)","5.000",1688671700]],\
        "bids":[["\(bid)","5.000",1688671636]]}}}
        """
    }

    @Test func aMarketOrderIsCheckedAgainstTheBookReadAfterTheConfirmation() throws {
        let s = try Setup(balances: ["ZUSD": "200000.0000", "XXBT": "0.5000000000"])
        // Confirmed at 30000; 10 % dearer by the time it would be sent: past max_price_distance (5 %).
        s.fake.depthBodiesInTurn = [
            Self.book(ask: "30000.00000", bid: "29990.00000"), Self.book(ask: "33000.00000", bid: "32990.00000"),
        ]
        let moved = try s.run(["buy", "BTC-USD", "1", "--market", "--yes", "--format", "json"])
        #expect(moved.exitCode == 1, "\(moved.stdout)\(moved.stderr)")
        #expect(
            moved.stderr.contains(
                "max_price_distance = 5%: the book moved since the preview; a market buy of 1 BTC now expects an "
                    + "average of 33000 USD against the 30000 USD you confirmed (10% more)"),
            "\(moved.stderr)")
        #expect(moved.stderr.contains("not sent: the book changed after the preview"))
        let m = try Self.json(moved.stdout)
        #expect(m["placed"] as? Bool == false && m["cost"] as? String == "33000.00000", "\(m)")
        #expect((m["problems"] as? [String])?.first?.hasPrefix("max_price_distance = 5%: the book moved") == true)
        #expect(s.fake.placed.isEmpty && s.fake.addOrderRequests == 0)

        // A sale that would bring 10 % less: refused the same way.
        s.fake.depthBodiesInTurn = [
            Self.book(ask: "30010.00000", bid: "30000.00000"), Self.book(ask: "27010.00000", bid: "27000.00000"),
        ]
        let lower = try s.run(["sell", "BTC-USD", "0.1", "--market", "--yes"])
        #expect(lower.exitCode == 1 && s.fake.addOrderRequests == 0, "\(lower.stdout)\(lower.stderr)")
        #expect(lower.stderr.contains("against the 30000 USD you confirmed (10% less)"), "\(lower.stderr)")

        // A move within the limit (1 %), or one in the order's favour, is sent.
        s.fake.depthBodiesInTurn = [
            Self.book(ask: "30000.00000", bid: "29990.00000"), Self.book(ask: "30300.00000", bid: "30290.00000"),
        ]
        let small = try s.run(["buy", "BTC-USD", "1", "--market", "--yes"])
        #expect(small.exitCode == 0 && s.fake.placed.count == 1, "\(small.stdout)\(small.stderr)")
        s.fake.depthBodiesInTurn = [
            Self.book(ask: "30000.00000", bid: "29990.00000"), Self.book(ask: "29000.00000", bid: "28990.00000"),
        ]
        let cheaper = try s.run(["buy", "BTC-USD", "1", "--market", "--yes"])
        #expect(cheaper.exitCode == 0 && s.fake.placed.count == 2, "\(cheaper.stderr)")

        // --far sends despite the move, but never past max_order_value, checked on the new cost.
        s.fake.depthBodiesInTurn = [
            Self.book(ask: "30000.00000", bid: "29990.00000"), Self.book(ask: "33000.00000", bid: "32990.00000"),
        ]
        let far = try s.run(["buy", "BTC-USD", "1", "--market", "--yes", "--far"])
        #expect(far.exitCode == 0 && s.fake.placed.count == 3, "\(far.stdout)\(far.stderr)")
        #expect(!far.stderr.contains("--far does nothing"))
        let paperFar = try s.run(["buy", "BTC-USD", "1", "--market", "--paper", "--far", "--dry-run"])
        #expect(
            paperFar.stderr.contains(
                "note: --far only lifts the limit on the expected average here: a paper market order's book is not read again before it is filled"
            ),
            "\(paperFar.stderr)")
        try Self.config(s, "max_order_value = 31000 USD\n")
        s.fake.depthBodiesInTurn = [
            Self.book(ask: "30000.00000", bid: "29990.00000"), Self.book(ask: "32000.00000", bid: "31990.00000"),
        ]
        let value = try s.run(["buy", "BTC-USD", "1", "--market", "--yes", "--far"])
        #expect(value.exitCode == 1 && s.fake.placed.count == 3, "\(value.stdout)\(value.stderr)")
        #expect(
            value.stderr.contains("max_order_value = 31000 USD: the order is worth 32000.00 USD, above the limit"),
            "\(value.stderr)")

        // A book that no longer holds the amount, even with --far: not sent.
        s.fake.depthBodiesInTurn = [
            Self.book(ask: "30000.00000", bid: "29990.00000"),
            #"{"error":[],"result":{"XXBTZUSD":{"asks":[["30000.00000","0.200",1688671700]],"bids":[["29990.00000","5.000",1688671636]]}}}"#,
        ]
        let thin = try s.run(["buy", "BTC-USD", "0.5", "--market", "--yes", "--far"])
        #expect(thin.exitCode == 1 && s.fake.placed.count == 3, "\(thin.stdout)\(thin.stderr)")
        #expect(
            thin.stderr.contains(
                "the book's asks hold 0.2 BTC in the 1 level read: a market buy of 0.5 BTC would not fill"),
            "\(thin.stderr)")

        // A book that cannot be read again: not sent.
        s.fake.depthBodiesInTurn = [
            Self.book(ask: "30000.00000", bid: "29990.00000"), "{\"error\":[\"EService:Unavailable\"]}",
        ]
        let unread = try s.run(["buy", "BTC-USD", "0.5", "--market", "--yes"])
        #expect(unread.exitCode == 1 && s.fake.placed.count == 3, "\(unread.stdout)\(unread.stderr)")
        #expect(unread.stderr.contains("the book could not be read"), "\(unread.stderr)")
    }

    @Test func aDryRunSaysNotPlacedFirstAndInJSONAPlacedOrderSaysPlaced() throws {
        let s = try Setup()
        let dry = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--dry-run", "--format", "json"])
        #expect(dry.exitCode == 0, "\(dry.stderr)")
        #expect(dry.stderr.hasPrefix("NOT PLACED: a dry run;"))
        let d = try Self.json(dry.stdout)
        #expect(d["placed"] as? Bool == false && d["dryRun"] as? Bool == true && d["validatedOnly"] as? Bool == true)
        #expect((d["ids"] as? [String])?.isEmpty == true)

        let real = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes", "--format", "json"])
        #expect(real.exitCode == 0, "\(real.stderr)")
        let r = try Self.json(real.stdout)
        #expect(r["placed"] as? Bool == true && r["dryRun"] as? Bool == false)
        #expect(r["ids"] as? [String] == ["O00001-FAKE-000007"] && r["status"] as? String == "open", "\(r)")
        #expect(r["amount"] as? String == "0.01" && r["limitPrice"] as? String == "30000")

        // Not confirmed (no terminal, no --yes): placed false, saying why.
        let unconfirmed = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--format", "json"])
        #expect(unconfirmed.exitCode == 2)
        let u = try Self.json(unconfirmed.stdout)
        #expect(u["placed"] as? Bool == false && u["error"] as? String == "not confirmed; nothing was sent")
        // An answer that leaves the order's fate unknown: placed null, never false.
        s.fake.addOrderError = "EGeneral:Internal error"
        let lost = try s.run(["buy", "BTC-USD", "0.01", "--limit", "30000", "--yes", "--format", "json"])
        #expect(lost.exitCode == 4)
        let l = try Self.json(lost.stdout)
        #expect(l["placed"] is NSNull && l["statusUnknown"] as? Bool == true, "\(l)")
        #expect((l["error"] as? String)?.hasPrefix("status unknown") == true)
        s.fake.addOrderError = nil

        // Refused by a check: placed false, with the problem.
        let refused = try s.run(["buy", "BTC-USD", "0.01", "--limit", "40000", "--yes", "--format", "json"])
        #expect(refused.exitCode == 1)
        let x = try Self.json(refused.stdout)
        #expect(x["placed"] as? Bool == false && (x["problems"] as? [String])?.count == 1)
    }
}
