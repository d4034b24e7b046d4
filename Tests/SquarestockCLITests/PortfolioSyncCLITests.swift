import Foundation
import TestSupport
import Testing

/// `portfolio sync` against a loopback Kraken that signs, checks nonces and pages its ledger as
/// Kraken does (50 rows a page, newest first): a sync interrupted by a failing page records
/// nothing, the next records every event once, a third records nothing, an import of the same
/// rows' CSV export adds nothing, and hledger agrees with the ledger.
@Suite(.serialized)
struct PortfolioSyncCLITests {
    /// The rows of `Fixtures/imports/kraken/SYNTHETIC_ledgers.csv` as Kraken's API keeps them,
    /// after 55 deposits of 1.00 EUR in February (so the ledger takes two pages).
    static func ledger() -> [KrakenPrivateFake.LedgerRow] {
        let small = (0..<55).map { i in
            KrakenPrivateFake.LedgerRow(
                id: "LSMALL-\(i)", refid: "QSMALL-\(i)", time: "\(1_706_745_600 + i * 3600).0000", type: "deposit",
                asset: "ZEUR", amount: "1.0000")
        }
        return small + [
            .init(
                id: "LNKD3H-5OEMR-HZDVUS", refid: "QCC6BSW-6EXS4I-RMYTKO", time: "1709284802.0000", type: "deposit",
                asset: "ZEUR", amount: "5000.0000"),
            .init(
                id: "L4UESK-KG3EQ-UFO4T5", refid: "TJKLXF-PGMUI-4NTLXU", time: "1709388077.4412", type: "trade",
                asset: "ZEUR", amount: "-1000.0000", fee: "2.6000"),
            .init(
                id: "LMKZCZ-Z3GVL-CXKK4H", refid: "TJKLXF-PGMUI-4NTLXU", time: "1709388077.4412", type: "trade",
                asset: "XXBT", amount: "0.0250000000", fee: "0.0000000000"),
            .init(
                id: "LQ2BWS-RNTN6-Y6BAPB", refid: "TJKLXF-PGMUI-4NTLXU", time: "1709388077.4412", type: "trade",
                asset: "KFEE", amount: "0.00", fee: "0.00"),
            .init(
                id: "L7RLII-7ZC3D-TYTQS6", refid: "TBZIP2-F6QOU-TMB6FY", time: "1709627400.0000", type: "trade",
                asset: "XXBT", amount: "-0.0100000000", fee: "0.0000100000"),
            .init(
                id: "LJ5DDF-FHAUU-WZ6XQH", refid: "TBZIP2-F6QOU-TMB6FY", time: "1709627400.0000", type: "trade",
                asset: "XETH", amount: "0.2500000000", fee: "0.0000000000"),
            .init(
                id: "L2XWYW-ZOBVO-ZAXKHP", refid: "RUSFKSF-PQAHB-2TIEAX", time: "1709856000.0000", type: "transfer",
                subtype: "spottostaking", asset: "DOT", amount: "-10.0000000000"),
            .init(
                id: "LTBZ4G-YIX2Z-D7QFV6", refid: "RUSFKSF-PQAHB-2TIEAX", time: "1709856060.0000", type: "transfer",
                subtype: "stakingfromspot", asset: "DOT.S", amount: "10.0000000000"),
            .init(
                id: "LFOWXP-BSMIG-XNHIXF", refid: "STHFSYV-Q6OO7V-GMI3ME", time: "1710032711.0000", type: "staking",
                asset: "DOT.S", amount: "0.5000000000"),
            .init(
                id: "LGZ2DJ-GHZWG-ZYBO5C", refid: "FTzFQ3x-IAxgPGJBIkb38OVT6JlGLw", time: "1710238449.0000",
                type: "withdrawal", asset: "XXBT", amount: "-0.0050000000", fee: "0.0001500000"),
            .init(
                id: "LDQ3JA-P4QQX-MMWZY6", refid: "AGBXAMH-7E3WU-IXBAPS", time: "1710520305.0000", type: "withdrawal",
                asset: "ZEUR", amount: "-100.0000", fee: "0.0900"),
        ]
    }

    /// By hand: 55 + 5,000.00 EUR in; 0.025 BTC for 1,000.00 + 2.60; 0.01001 BTC for 0.25 ETH at
    /// BTC's stored close of 40,000 (400.40 each way); 0.5 DOT of reward at 6.50 (3.25 income,
    /// the DOT bought with it); 100.00 out with 0.09 of fee. EUR 5,055 - 1,002.60 - 100.09 =
    /// 3,952.31. The 0.005 BTC sent to another wallet stays held (the same holding); its network
    /// fee, 0.00015 BTC at the close of 41,000, is spent: 6.15 EUR of fees, BTC 0.01484 left.
    @Test func aSyncInterruptedThenRunTwiceRecordsEachEventOnce() throws {
        let s = try AccountCLITests.Setup(balances: ["ZEUR": "3952.3100"])
        // The base: a crypto asset held in no currency yet (DOT) is valued in it.
        try FileManager.default.createDirectory(
            atPath: s.home + "/config/squarestock", withIntermediateDirectories: true)
        try "currency = EUR\n".write(toFile: s.home + "/config/squarestock/config", atomically: true, encoding: .utf8)
        s.fake.ledger = Self.ledger()
        for (symbol, day, close) in [
            ("BTC-EUR", "2024-03-05", "40000"), ("DOT-EUR", "2024-03-08", "6.50"), ("BTC-EUR", "2024-03-12", "41000"),
        ] {
            let r = try s.run(["portfolio", "price", symbol, day, close, "--currency", "EUR"])
            #expect(r.exitCode == 0, "\(r.stderr)")
        }

        // The second page fails: nothing is recorded.
        s.fake.ledgerFailsFromOffset = 50
        let failed = try s.run(["portfolio", "sync", "--yes", "--skip-refused"])
        #expect(failed.exitCode != 0)
        #expect(failed.stderr.contains("Internal error"), "\(failed.stderr)")
        let empty = try s.run(["portfolio", "history", "--format", "csv"])
        #expect(empty.stdout.split(separator: "\n").count <= 1, "\(empty.stdout)")

        s.fake.ledgerFailsFromOffset = nil
        let preview = try s.run(["portfolio", "sync"])
        #expect(preview.exitCode == 0, "\(preview.stderr)")
        #expect(
            preview.stdout.contains("63 events (Kraken account): 61 new, 2 skipped; run again with --yes"),
            "\(preview.stdout)")
        #expect(
            preview.stdout.contains(
                "note: LGZ2DJ-GHZWG-ZYBO5C: its network fee, 0.00015 BTC, spent at BTC's close of 2024-03-12: 6.15 EUR"),
            "\(preview.stdout)")

        let done = try s.run(["portfolio", "sync", "--yes", "--skip-refused"])
        #expect(done.exitCode == 0, "\(done.stderr)")
        #expect(done.stdout == "recorded 64 entries from 61 events (Kraken account)\n", "\(done.stdout)")
        let again = try s.run(["portfolio", "sync", "--yes", "--skip-refused"])
        #expect(again.stdout.hasPrefix("nothing to record"), "\(again.stdout)")
        #expect(s.fake.nonceRejections == 0)

        // The account's CSV export of the same rows is keyed alike: nothing new.
        let csv = Fixture.testsDirectory + "/Fixtures/imports/kraken/SYNTHETIC_ledgers.csv"
        let imported = try s.run(["portfolio", "import", csv])
        #expect(imported.stdout.contains("0 new, 6 already imported"), "\(imported.stdout)")

        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/hledger") else { return }
        let journal = s.home + "/sync.journal"
        try s.run(["portfolio", "export", "--as", "ledger"]).stdout.write(
            toFile: journal, atomically: true, encoding: .utf8)
        let balance = try CLIRunner.run(
            ["-f", journal, "balance", "-O", "csv", "--layout=bare", "-N"], environment: s.env,
            executable: "/usr/bin/hledger")
        #expect(balance.exitCode == 0, "\(balance.stderr)")
        let lines = balance.stdout.split(whereSeparator: \.isNewline).map(String.init)
        for expected in [
            #""assets:cash:EUR","EUR","3952.31""#, #""assets:stocks:BTC-EUR","BTC-EUR","0.01484""#,
            #""assets:stocks:ETH-EUR","ETH-EUR","0.25""#, #""assets:stocks:DOT-EUR","DOT-EUR","0.5""#,
            #""income:interest","EUR","-3.25""#,
        ] {
            #expect(lines.contains(expected), "\(expected) in \(balance.stdout)")
        }
    }

    /// Coinbase's fills, one a page (so the sync follows the cursor): 0.01 BTC bought at 40,000
    /// with 2.40 of commission, 0.004 sold at 45,000 with 1.08, and the recorded SELL of 10
    /// ADA-USDT (none held: refused) and a perpetual future's fill (refused). USD: -400.00 - 2.40
    /// + 180.00 - 1.08 = -223.48; 0.006 BTC left, at 240.00 of cost.
    @Test func coinbaseFillsAreSyncedOnceThroughEveryPage() throws {
        let (fake, server, env) = try AccountCoinbaseTradeOgreCLITests.coinbase()
        func fill(_ id: String, _ side: String, _ price: String, _ size: String, _ commission: String, _ time: String)
            -> [String: Any]
        {
            [
                "entry_id": id, "trade_id": "t-" + id, "order_id": "o-" + id, "trade_time": time, "trade_type": "FILL",
                "price": price, "size": size, "commission": commission, "product_id": "BTC-USD", "side": side,
                "size_in_quote": false,
            ]
        }
        let recorded = ["spot", "perp"].flatMap { kind -> [[String: Any]] in
            let bytes = Fixture.bytes(
                "imports/coinbase/ccxt__coinbase.json_fetchMyTrades_\(kind)_httpResponse_PRETTY.json")
            let body = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
            return body?["fills"] as? [[String: Any]] ?? []
        }
        #expect(recorded.count == 2)
        fake.fills =
            [
                fill("e-buy", "BUY", "40000", "0.01", "2.40", "2024-03-02T14:01:17.441Z"),
                fill("e-sell", "SELL", "45000", "0.004", "1.08", "2024-03-09T09:30:00.000Z"),
            ] + recorded
        fake.fillsPerPage = 1

        let preview = try CLIRunner.run(["portfolio", "sync"], environment: env)
        #expect(preview.exitCode == 0, "\(preview.stderr) \(fake.lastRefusal ?? "")")
        #expect(preview.stdout.contains("4 events (Coinbase account): 2 new, 2 refused"), "\(preview.stdout)")
        #expect(preview.stdout.contains("a 'fill of ADA-PERP-INTX' row is not one squarestock reads yet"))

        let done = try CLIRunner.run(["portfolio", "sync", "--yes", "--skip-refused"], environment: env)
        #expect(done.stdout == "recorded 2 entries from 2 events (Coinbase account)\n", "\(done.stdout) \(done.stderr)")
        let again = try CLIRunner.run(["portfolio", "sync", "--yes", "--skip-refused"], environment: env)
        #expect(again.stdout.hasPrefix("nothing to record"), "\(again.stdout)")

        let lots = try CLIRunner.run(["portfolio", "lots", "--format", "csv"], environment: env)
        #expect(lots.stdout.contains("BTC-USD"), "\(lots.stdout)")
        let history = try CLIRunner.run(["portfolio", "export", "--as", "csv"], environment: env)
        #expect(history.stdout.contains("2024-03-02,buy,BTC-USD,0.01,40000,2.40,USD,"), "\(history.stdout)")
        #expect(history.stdout.contains("2024-03-09,sell,BTC-USD,0.004,45000,1.08,USD,"), "\(history.stdout)")
        _ = server
    }

    /// Coinbase's wallets (the `/v2` API), two a page, a transaction a page: what the fills do not
    /// have. By hand: 1,000.00 USD in (at 21:00 New York time on 1 March: 2 March in UTC); 0.01
    /// BTC bought for 400.00 + 2.40 (a fill); 0.005 BTC sent to another wallet with 0.0001 of
    /// network fee, spent at BTC's close of 41,000 (4.10); 0.5 DOT of staking reward at 6.50
    /// (3.25 of income, the DOT bought with it); 100.00 USD out; a pending send passed over; a
    /// Coinbase app buy refused. USD 1,000 - 402.40 - 100 = 497.60; BTC 0.0099 held.
    @Test func coinbaseWalletsDepositsWithdrawalsAndRewardsAreSynced() throws {
        let (fake, server, env) = try AccountCoinbaseTradeOgreCLITests.coinbase()
        fake.fills = [
            [
                "entry_id": "e-buy", "trade_id": "t-buy", "order_id": "o-buy", "trade_time": "2024-03-02T14:01:17.441Z",
                "trade_type": "FILL", "price": "40000", "size": "0.01", "commission": "2.40", "product_id": "BTC-USD",
                "side": "BUY", "size_in_quote": false,
            ]
        ]
        func tx(
            _ id: String, _ type: String, _ amount: String, _ currency: String, _ time: String,
            status: String = "completed", fee: String? = nil
        ) -> [String: Any] {
            var t: [String: Any] = [
                "id": id, "type": type, "status": status, "amount": ["amount": amount, "currency": currency],
                "native_amount": ["amount": "0.00", "currency": "USD"], "created_at": time, "updated_at": time,
                "resource": "transaction",
            ]
            if let fee {
                t["network"] = [
                    "status": "confirmed", "transaction_fee": ["amount": fee, "currency": currency],
                    "transaction_amount": ["amount": "0.005", "currency": currency],
                ]
            }
            return t
        }
        fake.wallets = [
            (
                "w-usd",
                [
                    tx("tx-dep", "fiat_deposit", "1000.00", "USD", "2024-03-01T21:00:00-05:00"),
                    tx("tx-out", "fiat_withdrawal", "-100.00", "USD", "2024-03-20T10:00:00Z"),
                ]
            ),
            (
                "w-btc",
                [
                    tx("tx-send", "send", "-0.0051", "BTC", "2024-03-12T10:14:09Z", fee: "0.0001"),
                    tx("tx-pending", "send", "-0.001", "BTC", "2024-03-13T10:00:00Z", status: "pending"),
                    tx("tx-app", "buy", "0.002", "BTC", "2024-03-14T10:00:00Z"),
                ]
            ),
            ("w-eth", []),
            ("w-dot", [tx("tx-stake", "staking_reward", "0.5", "DOT", "2024-03-10T01:05:11Z")]),
        ]
        fake.walletPageSize = 2
        fake.transactionsPerPage = 1
        for (symbol, day, close) in [("BTC-USD", "2024-03-12", "41000"), ("DOT-USD", "2024-03-08", "6.50")] {
            let r = try CLIRunner.run(
                ["portfolio", "price", symbol, day, close, "--currency", "USD"], environment: env)
            #expect(r.exitCode == 0, "\(r.stderr)")
        }

        let preview = try CLIRunner.run(["portfolio", "sync"], environment: env)
        #expect(preview.exitCode == 0, "\(preview.stderr) \(fake.lastRefusal ?? "")")
        #expect(preview.stdout.contains("6 events (Coinbase account): 5 new, 1 refused"), "\(preview.stdout)")
        #expect(preview.stdout.contains("tx-app  refused  a 'Coinbase app buy' row"), "\(preview.stdout)")
        #expect(fake.walletRequests.filter { $0 == "/v2/accounts" }.count == 2)
        #expect(fake.walletRequests.contains("/v2/accounts/w-eth/transactions"))

        let done = try CLIRunner.run(["portfolio", "sync", "--yes", "--skip-refused"], environment: env)
        #expect(done.stdout == "recorded 6 entries from 5 events (Coinbase account)\n", "\(done.stdout) \(done.stderr)")
        let again = try CLIRunner.run(["portfolio", "sync", "--yes", "--skip-refused"], environment: env)
        #expect(again.stdout.hasPrefix("nothing to record"), "\(again.stdout)")
        // From a day on, each wallet is read newest first down to it: one page of the USD wallet.
        let before = fake.walletRequests.count
        let recent = try CLIRunner.run(["portfolio", "sync", "--since", "2024-03-15"], environment: env)
        #expect(recent.exitCode == 0, "\(recent.stderr)")
        let asked = fake.walletRequests.dropFirst(before)
        #expect(asked.filter { $0 == "/v2/accounts/w-usd/transactions" }.count == 2, "\(asked)")
        #expect(asked.filter { $0 == "/v2/accounts/w-btc/transactions" }.count == 1, "\(asked)")

        let history = try CLIRunner.run(["portfolio", "export", "--as", "csv"], environment: env)
        #expect(history.stdout.contains("2024-03-02,deposit,,,,,USD,1000.00,"), "\(history.stdout)")
        #expect(history.stdout.contains("2024-03-12,sell,BTC-USD,0.0001,41000,4.10,USD,,"), "\(history.stdout)")
        let cash = try CLIRunner.run(["portfolio", "--format", "csv"], environment: env)
        #expect(cash.stdout.contains(",497.60"), "\(cash.stdout)")
        let lots = try CLIRunner.run(["portfolio", "lots", "--format", "csv"], environment: env)
        #expect(lots.stdout.contains("BTC-USD,") && lots.stdout.contains("0.0099"), "\(lots.stdout)")
        _ = server
    }

    /// `buy --record` records the fill as the sync keys it: the later sync adds nothing. A market
    /// buy of 0.01 BTC at the fake's 30,000: 300.00 USD.
    @Test func aRecordedFillIsNotDoubledByALaterSync() throws {
        var s = try AccountCLITests.Setup()
        // The fake books the fill at the real clock's time: today must be the real one.
        s.env.removeValue(forKey: "SQUARESTOCK_NOW")
        let buy = try s.run(["buy", "BTC-USD", "0.01", "--market", "--yes", "--record"])
        #expect(buy.exitCode == 0, "\(buy.stderr)")
        #expect(buy.stdout.contains("recorded in the portfolio: 1 entry"), "\(buy.stdout) \(buy.stderr)")
        let csv = try s.run(["portfolio", "export", "--as", "csv"])
        #expect(csv.stdout.contains(",buy,BTC-USD,0.01,30000,,USD,"), "\(csv.stdout)")
        let sync = try s.run(["portfolio", "sync", "--yes"])
        #expect(sync.stdout.hasPrefix("nothing to record"), "\(sync.stdout) \(sync.stderr)")
    }
}
