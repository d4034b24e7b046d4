import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `squarestock portfolio` through the binary, each test in its own data folder: commands and
/// their exact output, refusals that write nothing, import twice, export checked by hledger, a
/// killed import, two writers at once, a foreign file, backup and undo.
@Suite(.serialized)
struct PortfolioCLITests {
    /// A fresh environment whose ledger lives in a new folder.
    static func environment() -> [String: String] {
        var env = CLIRunner.baseEnvironment()
        env["XDG_DATA_HOME"] = TemporaryPath.make("sq-portfolio")
        return env
    }

    static func ledgerPath(_ env: [String: String]) -> String {
        env["XDG_DATA_HOME"]! + "/squarestock/portfolio.sqlite"
    }

    @discardableResult
    static func run(_ env: [String: String], _ args: [String], exit: Int32 = 0) throws -> CLIRun {
        let r = try CLIRunner.run(["portfolio"] + args, environment: env)
        #expect(r.exitCode == exit, "portfolio \(args.joined(separator: " ")): \(r.stderr)")
        return r
    }

    /// The worked example of the README: a deposit, a buy with a fee, a 4:1 split, a sale, a
    /// dividend with tax withheld; SQUARESTOCK_NOW makes today 2025-10-29.
    /// The book exported as an hledger journal and `hledger balance` of it, as CSV.
    static func hledgerBalance(_ env: [String: String], name: String) throws -> CLIRun {
        let journal = env["XDG_DATA_HOME"]! + name + ".journal"
        try run(env, ["export", "--as", "ledger"]).stdout.write(toFile: journal, atomically: true, encoding: .utf8)
        return try CLIRunner.run(
            ["-f", journal, "balance", "-O", "csv", "--layout=bare", "-N"], environment: env,
            executable: "/usr/bin/hledger")
    }

    static func example(_ env: [String: String]) throws {
        try run(env, ["deposit", "5000", "USD", "--date", "2024-01-02"])
        try run(env, ["buy", "AAPL", "10", "--price", "150.25", "--fee", "1", "--date", "2024-03-01"])
        try run(env, ["buy", "MSFT", "3", "--price", "400.10", "--date", "2024-03-05"])
        try run(env, ["split", "AAPL", "4:1", "--date", "2024-06-10"])
        try run(env, ["sell", "AAPL", "8", "--price", "190", "--fee", "1", "--date", "2024-07-01"])
        try run(env, ["dividend", "AAPL", "2.40", "--withheld", "0.36", "--date", "2024-08-15"])
    }

    @Test func recordedEntriesAndTheirViews() throws {
        let env = Self.environment()
        let buy = try Self.run(env, ["buy", "AAPL", "10", "--price", "150.25", "--fee", "1", "--date", "2024-03-01"])
        #expect(buy.stdout == "recorded #1: 2024-03-01 buy AAPL 10 @ 150.25 USD, 1502.50 USD + fee 1.00\n")
        try Self.run(env, ["split", "AAPL", "4:1", "--date", "2024-06-10"])
        try Self.run(env, ["sell", "AAPL", "8", "--price", "190", "--fee", "1", "--date", "2024-07-01"])
        try Self.run(env, ["dividend", "AAPL", "2.40", "--withheld", "0.36", "--date", "2024-08-15"])
        let lots = try Self.run(env, ["lots", "--format", "table"])
        #expect(
            lots.stdout == """
                lot  symbol  acquired    quantity         cost  unit cost
                  1  AAPL    2024-03-01        32  1202.80 USD    37.5875

                """)
        let realized = try Self.run(env, ["realized", "--year", "2024", "--format", "table"])
        #expect(
            realized.stdout == """
                sold        symbol  quantity  lots  proceeds   basis  fees         gain  term
                2024-07-01  AAPL           8  1×8    1519.00  300.70  1.00  1218.30 USD  short
                total                                1519.00  300.70        1218.30 USD

                """)
        #expect(
            try Self.run(env, ["realized", "--year", "2023", "--format", "table"]).stdout == "no sales in this period\n"
        )
        let history = try Self.run(env, ["history", "--format", "table"])
        #expect(
            history.stdout == """
                id  date        kind      symbol  quantity   price       amount   fee  withheld  note
                 1  2024-03-01  buy       AAPL          10  150.25  1502.50 USD  1.00
                 2  2024-06-10  split     AAPL                              4:1
                 3  2024-07-01  sell      AAPL           8     190  1520.00 USD  1.00
                 4  2024-08-15  dividend  AAPL                         2.40 USD            0.36

                """)
        // The file is the user's alone.
        var st = stat()
        #expect(stat(Self.ledgerPath(env), &st) == 0 && st.st_mode & 0o777 == 0o600)
    }

    /// `lots`, `realized` and `history` follow --format like every other command, and write CSV
    /// when piped (they printed a table either way).
    @Test func lotsRealizedAndHistoryFollowTheFormat() throws {
        let env = Self.environment()
        try Self.example(env)
        let lots = try Self.run(env, ["lots"]).stdout
        #expect(
            lots == """
                lot,symbol,acquired,quantity,cost,currency,unit_cost
                2,AAPL,2024-03-01,32,1202.80,USD,37.5875
                3,MSFT,2024-03-05,3,1200.30,USD,400.1

                """, "\(lots)")
        let realized = try Self.run(env, ["realized"]).stdout
        #expect(
            realized == """
                sale,date,symbol,quantity,currency,proceeds,basis,fees,gain,term,lots
                5,2024-07-01,AAPL,8,USD,1519.00,300.70,1.00,1218.30,short,2:8

                """, "\(realized)")
        try Self.run(env, ["undo"])
        let history = try Self.run(env, ["history"]).stdout
        #expect(
            history == """
                id,date,kind,symbol,quantity,price,currency,amount,fee,withheld,fx,ratio,lot,reverses,note,fx_base
                1,2024-01-02,deposit,,,,USD,5000.00,,,,,,,,
                2,2024-03-01,buy,AAPL,10,150.25,USD,1502.50,1.00,,,,,,,
                3,2024-03-05,buy,MSFT,3,400.1,USD,1200.30,,,,,,,,
                4,2024-06-10,split,AAPL,,,USD,,,,,4:1,,,,
                5,2024-07-01,sell,AAPL,8,190,USD,1520.00,1.00,,,,,,,
                6,2024-08-15,dividend,AAPL,,,USD,2.40,,0.36,,,,,,
                7,2025-10-29,reversal,AAPL,,,USD,,,,,,,6,undo,

                """, "\(history)")
        for command in ["lots", "realized", "history"] {
            let csv = try Self.run(env, [command, "--format", "csv"]).stdout
            #expect(csv == (try Self.run(env, [command]).stdout), "\(command)")
            #expect(
                try Self.run(env, [command, "--format", "table"]).stdout.hasPrefix(
                    command == "realized" ? "sold" : command == "lots" ? "lot " : "id "))
        }
        // Nothing to list: the header alone.
        #expect(
            try Self.run(Self.environment(), ["lots"]).stdout
                == "lot,symbol,acquired,quantity,cost,currency,unit_cost\n")
    }

    /// What the ledger allows but is likely a slip is said when recorded (it was silent): cash
    /// that a purchase takes below zero (once, when it first goes negative), and a dividend of a
    /// symbol not held on or before its date, typed or imported.
    @Test func likelySlipsAreSaidWhenRecorded() throws {
        let env = Self.environment()
        let first = try Self.run(env, ["buy", "AAPL", "10", "--price", "150", "--date", "2024-03-01"])
        #expect(
            first.stderr
                == "note: cash USD is now -1500.00: no deposit covers the purchase; `squarestock portfolio deposit AMOUNT USD` records the money paid in (ignore this if you do not track cash)\n"
        )
        #expect(try Self.run(env, ["buy", "AAPL", "1", "--price", "150", "--date", "2024-03-02"]).stderr == "")
        // A withdrawal that takes a currency's cash below zero is said too.
        let other = Self.environment()
        try Self.run(other, ["deposit", "100", "EUR", "--date", "2024-03-01"])
        #expect(
            try Self.run(other, ["withdraw", "150", "EUR", "--date", "2024-03-02"]).stderr.hasPrefix(
                "note: cash EUR is now -50.00: no deposit covers the withdrawal;"))
        #expect(try Self.run(env, ["dividend", "AAPL", "2.40", "--date", "2024-03-01"]).stderr == "")
        let never = try Self.run(env, ["dividend", "MSFT", "2.40", "--date", "2024-03-01"])
        #expect(
            never.stderr
                == "note: MSFT was not held on or before 2024-03-01: the dividend is recorded; check the symbol, or record the purchase\n"
        )
        let file = env["XDG_DATA_HOME"]! + "-dividend.csv"
        try "date,kind,symbol,amount,currency\n2024-01-05,dividend,AAPL,1.00,USD\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let imported = try Self.run(env, ["import", file, "--yes"])
        #expect(imported.stderr.contains("note: AAPL was not held on or before 2024-01-05"), "\(imported.stderr)")
        #expect(try Self.run(Self.environment(), ["deposit", "1", "USD"]).stderr == "")
    }

    /// A negative amount of cash: the parser takes `-5` for an option, so the usage error says
    /// how to give it; given, the entry names the command for money the other way. Nothing is
    /// recorded either way.
    @Test func aNegativeDepositNamesTheWithdrawal() throws {
        let env = Self.environment()
        let parsed = try Self.run(env, ["deposit", "-5", "USD"], exit: 2)
        #expect(
            parsed.stderr.contains(
                "note: -5 was read as an option, not a number: put `--` before it, with every option before the `--` (`squarestock portfolio deposit -- -5 USD`)"
            ), "\(parsed.stderr)")
        // Every word before the number as typed: the symbol kept, a portfolio's name not taken
        // for the command; options after it are not reordered by guess.
        let named = try Self.run(env, ["--portfolio", "etf", "buy", "USD", "-5", "--price", "1"], exit: 2)
        #expect(named.stderr.contains("(`squarestock portfolio --portfolio etf buy USD -- -5 ...`)"), "\(named.stderr)")
        // A negative option value is that option's: no advice about `--` (it would have moved it).
        let value = try Self.run(env, ["sell", "AAPL", "--price", "-1"], exit: 2)
        #expect(!value.stderr.contains("was read as an option"), "\(value.stderr)")
        let given = try Self.run(env, ["deposit", "--", "-5", "USD"], exit: 2)
        #expect(
            given.stderr.hasPrefix(
                "squarestock: the amount cannot be negative (got -5): money taken out is `squarestock portfolio withdraw 5 USD`\n"
            ), "\(given.stderr)")
        let back = try Self.run(env, ["withdraw", "--", "-2.50", "eur"], exit: 2)
        #expect(back.stderr.contains("money paid in is `squarestock portfolio deposit 2.50 EUR`"), "\(back.stderr)")
        #expect(try Self.run(env, ["deposit", "--", "-x", "USD"], exit: 1).stderr.contains("must be a number"))
        // An option's value is no argument: no advice about `--` there.
        let option = try CLIRunner.run(["line", "AAPL", "--max-age", "-5"], environment: env)
        #expect(option.exitCode == 2 && !option.stderr.contains("was read as an option"), "\(option.stderr)")
        #expect(try Self.run(env, ["--format", "csv", "history"]).stdout.split(separator: "\n").count <= 1)
    }

    /// The method is the portfolio's: set once with --method (or `portfolio method`), kept.
    @Test func theLotMethodIsKeptPerPortfolio() throws {
        let env = Self.environment()
        try Self.run(env, ["buy", "ACME", "10", "--price", "100", "--date", "2024-01-10"])
        try Self.run(env, ["buy", "ACME", "10", "--price", "120", "--date", "2024-02-10"])
        try Self.run(env, ["sell", "ACME", "5", "--price", "130", "--date", "2024-04-10"])
        #expect(try Self.run(env, ["realized", "--format", "json"]).stdout.contains("\"basis\": \"500.00\""))
        let hifo = try Self.run(env, ["realized", "--format", "json", "--method", "hifo"])
        #expect(hifo.stdout.contains("\"basis\": \"600.00\""))
        // Past years' gains change: said, with the way back (it was silent).
        #expect(
            hifo.stderr
                == "note: realized gains recomputed under hifo (were fifo): 2024 150.00 → 50.00 USD; if a tax year among them is filed, `squarestock portfolio method fifo` sets the method back\n",
            "\(hifo.stderr)")
        #expect(try Self.run(env, ["method"]).stdout == "lot method: hifo\n")
        // LIFO takes the same lot here: nothing changes, nothing is said.
        let lifo = try Self.run(env, ["method", "lifo"])
        #expect(lifo.stdout == "lot method: lifo\n" && lifo.stderr == "", "\(lifo.stderr)")
        let fifo = try Self.run(env, ["method", "fifo"])
        #expect(fifo.stderr.contains("2024 50.00 → 150.00 USD"), "\(fifo.stderr)")
        try Self.run(env, ["method", "lifo"])
        // Another portfolio in the same file keeps its own (the default); one that does not exist
        // is named as such, not made by the question.
        try Self.run(env, ["method", "--portfolio", "ira"], exit: 1)
        try Self.run(env, ["deposit", "100", "USD", "--portfolio", "ira", "--date", "2024-01-02"])
        #expect(try Self.run(env, ["method", "--portfolio", "ira"]).stdout == "lot method: fifo\n")
        try Self.run(env, ["method", "--method", "sideways"], exit: 2)
    }

    /// An import's preview changes nothing, `--method` included: setting it recomputes realized
    /// gains, and the preview set it. It is set with `--yes`, and the note says so.
    @Test func anImportPreviewLeavesTheMethodAsItWas() throws {
        let env = Self.environment()
        try Self.run(env, ["buy", "ACME", "10", "--price", "100", "--date", "2024-01-10"])
        let file = env["XDG_DATA_HOME"]! + "/more.csv"
        try "date,kind,symbol,quantity,price,currency\n2024-02-10,buy,ACME,10,120,USD\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let preview = try Self.run(env, ["import", file, "--method", "hifo"])
        #expect(preview.stdout.contains("1 new"), "\(preview.stdout)")
        #expect(
            preview.stderr == "note: a preview changes nothing; --method sets the portfolio's method with --yes\n",
            "\(preview.stderr)")
        #expect(try Self.run(env, ["method"]).stdout == "lot method: fifo\n")
        try Self.run(env, ["import", file, "--method", "hifo", "--yes"])
        #expect(try Self.run(env, ["method"]).stdout == "lot method: hifo\n")
        // An import refused whole writes nothing, the method included.
        let refused = env["XDG_DATA_HOME"]! + "/refused.csv"
        try "date,kind,symbol,quantity,price,currency\n2024-03-10,sell,ACME,500,130,USD\n".write(
            toFile: refused, atomically: true, encoding: .utf8)
        try Self.run(env, ["import", refused, "--method", "lifo", "--yes"], exit: 1)
        #expect(try Self.run(env, ["method"]).stdout == "lot method: hifo\n")
    }

    /// A view of a portfolio the ledger does not hold (a typo in `--portfolio`) is refused with
    /// the names it does hold: it made, and showed, a new empty portfolio. The default one is
    /// still made by a first run. A filtered history that matches nothing says so, not that the
    /// journal is empty.
    @Test func aViewOfAnUnknownPortfolioIsRefusedWithTheNamesHeld() throws {
        let env = Self.environment()
        let first = try Self.run(env, ["--offline", "--format", "table"])
        #expect(first.stdout.contains("no holdings yet"), "\(first.stdout)")
        try Self.run(env, ["--portfolio", "etf", "buy", "ACME", "10", "--price", "100", "--date", "2024-01-10"])
        for args in [["--offline"], ["lots"], ["history"], ["realized"], ["export"]] {
            let typo = try Self.run(env, ["--portfolio", "etff"] + args, exit: 1)
            #expect(
                typo.stderr.contains("no portfolio named 'etff' (the ledger holds 'etf', 'main')"),
                "\(args): \(typo.stderr)")
        }
        let history = try Self.run(env, ["--portfolio", "etf", "history", "--symbol", "MSFT", "--format", "table"])
        #expect(history.stdout == "no entry matches --symbol MSFT\n", "\(history.stdout)")
        // Asking the method, or previewing an import, keeps nothing: no new portfolio either.
        let method = try Self.run(env, ["--portfolio", "etff", "method"], exit: 1)
        #expect(method.stderr.contains("no portfolio named 'etff'"), "\(method.stderr)")
        let file = env["XDG_DATA_HOME"]! + "-new.csv"
        try Self.csv.write(toFile: file, atomically: true, encoding: .utf8)
        let preview = try Self.run(env, ["--portfolio", "ira", "import", file])
        #expect(preview.stdout.hasSuffix("5 rows, 5 new, 0 already imported; run again with --yes to import\n"))
        let after = try Self.run(env, ["--portfolio", "etff", "lots"], exit: 1)
        #expect(after.stderr.contains("(the ledger holds 'etf', 'main')"), "\(after.stderr)")
        // Importing it for real makes it; setting a method of a new portfolio makes it too.
        try Self.run(env, ["--portfolio", "ira", "import", file, "--yes"])
        try Self.run(env, ["--portfolio", "roth", "method", "hifo"])
        let known = try Self.run(env, ["--portfolio", "etff", "lots"], exit: 1)
        #expect(known.stderr.contains("(the ledger holds 'etf', 'ira', 'main', 'roth')"), "\(known.stderr)")
    }

    /// A value with control characters is echoed with them shown (`\u{1B}`), not removed:
    /// removed, `U<ESC>[2JSD` read "unknown currency 'USD'".
    @Test func aRefusedValueIsEchoedWithItsControlsShown() throws {
        let env = Self.environment()
        let currency = try Self.run(env, ["deposit", "5", "U\u{1B}[2JSD"], exit: 1)
        #expect(currency.stderr.contains("unknown currency 'U\\u{1B}[2JSD'"), "\(currency.stderr)")
        let exponent = try Self.run(env, ["buy", "ACME", "1", "--price", "1.5e2"], exit: 2)
        #expect(exponent.stderr.contains("must be written out in digits, without an exponent (got '1.5e2')"))
        for args in [["deposit", "1e3", "USD"], ["buy", "ACME", "1", "--price", "5", "--fee", "1e1"]] {
            let r = try Self.run(env, args, exit: 2)
            #expect(r.stderr.contains("must be written out in digits, without an exponent"), "\(args): \(r.stderr)")
        }
        // A negative rate reaches its own check (it was "Missing value for '--fx <fx>'").
        let fx = try Self.run(env, ["buy", "ACME", "1", "--price", "5", "--currency", "EUR", "--fx", "-1"], exit: 2)
        #expect(fx.stderr.contains("--fx must be a number above 0"), "\(fx.stderr)")
        let date = try Self.run(env, ["deposit", "5", "USD", "--date", "2024\u{1B}[2J"], exit: 2)
        #expect(date.stderr.contains("(got '2024\\u{1B}[2J')"), "\(date.stderr)")
    }

    /// A trade that names no currency is in the holding's, else the listing's, said in a note:
    /// SAP.DE at 190.02 was recorded in dollars. A listing quoted in pence is refused.
    @Test func aTradeWithoutACurrencyTakesTheListings() throws {
        let env = Self.environment()
        let sap = try Self.run(
            env, ["buy", "SAP.DE", "5", "--price", "190.02", "--fx", "1.08", "--date", "2025-01-03"])
        #expect(sap.stdout.contains("@ 190.02 EUR"), "\(sap.stdout)")
        #expect(sap.stderr.contains("note: recorded in EUR, the currency of Xetra (--currency to give another)"))
        // The holding's currency from then on, without the note.
        let more = try Self.run(env, ["buy", "SAP.DE", "1", "--price", "191", "--fx", "1.08", "--date", "2025-01-06"])
        #expect(more.stdout.contains("@ 191 EUR") && !more.stderr.contains("recorded in EUR"), "\(more.stderr)")
        let coin = try Self.run(
            env, ["buy", "BTC-EUR", "0.01", "--price", "90000", "--fx", "1.08", "--date", "2025-01-03"])
        #expect(coin.stdout.contains("@ 90000 EUR") && coin.stderr.contains("the pair's quote currency"))
        let aapl = try Self.run(env, ["buy", "AAPL", "1", "--price", "250", "--date", "2025-01-03"])
        #expect(aapl.stdout.contains("@ 250 USD") && !aapl.stderr.contains("recorded in"), "\(aapl.stderr)")
        let pence = try Self.run(env, ["buy", "OCDO.L", "10", "--price", "250", "--date", "2025-01-03"], exit: 1)
        #expect(pence.stderr.contains("give --currency GBP, with the price or amount in GBP"), "\(pence.stderr)")
        let unknown = try Self.run(
            env, ["buy", "RELIANCE.NS", "1", "--price", "2500", "--date", "2025-01-03"], exit: 1)
        #expect(unknown.stderr.contains("does not know the currency of RELIANCE.NS's listing"), "\(unknown.stderr)")
    }

    /// A close given without a currency is in the holding's, else the one its listing or pair
    /// names, else the configured one: a close of 7203.T in a EUR setup was kept as 2,900 EUR.
    @Test func aCloseWithoutACurrencyTakesTheListings() throws {
        var env = Self.environment()
        let config = TemporaryPath.make("sq-config")
        try FileManager.default.createDirectory(atPath: config + "/squarestock", withIntermediateDirectories: true)
        try "currency = EUR\n".write(toFile: config + "/squarestock/config", atomically: true, encoding: .utf8)
        env["XDG_CONFIG_HOME"] = config
        for (symbol, currency) in [("7203.T", "JPY"), ("BRK.B", "USD"), ("BTC-GBP", "GBP"), ("HOUSE", "EUR")] {
            let r = try Self.run(env, ["price", symbol, "2025-01-02", "2900", "--format", "json"])
            #expect(r.stdout.contains("\"currency\": \"\(currency)\""), "\(symbol): \(r.stdout)")
        }
        let file = env["XDG_DATA_HOME"]! + "-closes.csv"
        try "symbol,date,close\nSAP.DE,2025-01-02,190\nFUND,2025-01-02,12\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        try Self.run(env, ["price", "--import", file])
        let unknown = env["XDG_DATA_HOME"]! + "-unknown.csv"
        try "symbol,date,close\nSAP.DE,2025-01-03,191\nRELIANCE.NS,2025-01-03,2500\n".write(
            toFile: unknown, atomically: true, encoding: .utf8)
        let refused = try Self.run(env, ["price", "--import", unknown], exit: 1)
        #expect(
            refused.stderr.contains("line 3") && refused.stderr.contains("RELIANCE.NS's listing; give --currency"),
            "\(refused.stderr)")
        // The refused file kept nothing; the first one's closes are in the currencies above.
        let rows = try CLIRunner.run(
            [
                "-batch", Self.ledgerPath(env),
                "SELECT symbol, currency, date FROM daily_price WHERE symbol IN ('FUND', 'SAP.DE') ORDER BY symbol",
            ], environment: env, executable: "/usr/bin/sqlite3")
        #expect(rows.stdout == "FUND|EUR|2025-01-02\nSAP.DE|EUR|2025-01-02\n", "\(rows.stdout) \(rows.stderr)")
    }

    /// A trade in another currency takes its rate from a close of the pair the ledger holds (here
    /// typed by hand) before asking a service: `returns` values with that same close, and the
    /// trade said "no rate found" while it was there.
    @Test func aTradesRateComesFromTheLedgersCloseOfThePair() throws {
        let env = Self.environment()
        try Self.run(env, ["price", "EURUSD=X", "2025-01-02", "1.03", "--currency", "USD"])
        let bought = try Self.run(
            env,
            [
                "buy", "SAP.DE", "10", "--price", "200", "--currency", "EUR", "--date", "2025-01-03", "--source",
                "samples",
            ])
        #expect(bought.stdout.contains("(1 EUR = 1.03 USD)"), "\(bought.stdout)")
        #expect(bought.stderr.contains("note: EUR→USD 1.03: the manual close of 2025-01-02"), "\(bought.stderr)")
        // More than a week after the close: not taken.
        let later = try Self.run(
            env,
            [
                "buy", "SAP.DE", "1", "--price", "200", "--currency", "EUR", "--date", "2025-01-20", "--source",
                "samples",
            ])
        #expect(!later.stdout.contains("1 EUR ="), "\(later.stdout)")
        #expect(later.stderr.contains("no EUR→USD rate found for 2025-01-20"), "\(later.stderr)")
    }

    /// `--format json` or `csv` given to a command that writes gives what it wrote in that form
    /// (it printed its sentence whatever was asked); export takes them as `--as`.
    @Test func commandsThatWriteAnswerInTheFormatAskedFor() throws {
        let env = Self.environment()
        let deposit = try Self.run(env, ["deposit", "1000", "USD", "--date", "2024-01-02", "--format", "json"])
        #expect(
            deposit.stdout.contains("\"id\": 1, \"date\": \"2024-01-02\", \"kind\": \"deposit\""), "\(deposit.stdout)")
        #expect(deposit.stdout.contains("\"amount\": \"1000.00\""), "\(deposit.stdout)")
        let buy = try Self.run(env, ["buy", "ACME", "3", "--price", "10.5", "--date", "2024-01-03", "--format", "csv"])
        #expect(buy.stdout.hasPrefix("id,date,kind,symbol,quantity,price,currency,amount,"), "\(buy.stdout)")
        #expect(buy.stdout.contains("\n2,2024-01-03,buy,ACME,3,10.5,USD,31.50,"), "\(buy.stdout)")
        let undo = try Self.run(env, ["undo", "--format", "json"])
        #expect(undo.stdout.contains("\"kind\": \"reversal\"") && undo.stdout.contains("\"reverses\": 2"))
        #expect(try Self.run(env, ["method", "--format", "json"]).stdout == "{\"method\": \"fifo\"}\n")
        #expect(
            try Self.run(env, ["price", "ACME", "2024-01-04", "11", "--format", "csv"]).stdout
                == "symbol,date,close,currency,source\nACME,2024-01-04,11,USD,manual\n")
        // Without --format, the sentences as before.
        #expect(try Self.run(env, ["method"]).stdout == "lot method: fifo\n")
        let exported = try Self.run(env, ["export", "--format", "json"]).stdout
        #expect(exported == (try Self.run(env, ["export", "--as", "json"]).stdout))
        #expect(exported.hasPrefix("["))
        try Self.run(env, ["export", "--format", "table"], exit: 2)
        try Self.run(env, ["export", "--as", "ledger", "--format", "json"], exit: 2)
    }

    /// The holdings CSV says which rows are cash (a holding of the ticker CASH, Pathward, read
    /// the same as the cash row) and where a price is from, as the JSON does.
    @Test func theHoldingsCSVTellsCashFromATickerAndNamesThePricesSource() throws {
        let env = Self.environment()
        try Self.run(env, ["buy", "CASH", "2", "--price", "50", "--date", "2024-01-10"])
        let csv = try Self.run(env, ["--offline", "--format", "csv"]).stdout
        let lines = csv.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix(",weight,price_day,price_source,kind,price_stored") == true, "\(csv)")
        #expect(
            lines.contains { $0.hasPrefix("CASH,2,USD,") && $0.hasSuffix(",2024-01-10,trade,holding,") }, "\(csv)")
        #expect(lines.contains { $0.hasPrefix("CASH,-100.00,USD,") && $0.hasSuffix(",cash,") }, "\(csv)")
    }

    /// A number refused says why (too precise, too large, negative), not "must be a number" or
    /// "missing value", and a value refused as the command runs shows that command's usage, not
    /// the list of every command.
    @Test func refusedNumbersSayWhyWithTheCommandsUsage() throws {
        let env = Self.environment()
        let precise = try Self.run(env, ["buy", "XYZ", "0.000000000000000000001", "--price", "1"], exit: 2)
        #expect(precise.stderr.hasPrefix("squarestock: the quantity 0.000000000000000000001 has more digits than"))
        #expect(
            precise.stderr.contains(
                "\nUsage: squarestock portfolio buy [<options>] <symbol> <quantity> --price <price>\n"
                    + "  See 'squarestock portfolio buy --help' for more information.\n"), "\(precise.stderr)")
        let large = try Self.run(env, ["buy", "XYZ", "99999999999999999999999", "--price", "1"], exit: 2)
        #expect(large.stderr.hasPrefix("squarestock: the quantity 99999999999999999999999 is too large"))
        let negative = try Self.run(env, ["buy", "XYZ", "1", "--price", "-40"], exit: 1)
        #expect(negative.stderr == "squarestock: the price must be a number above 0\n", "\(negative.stderr)")
        let date = try Self.run(env, ["buy", "XYZ", "1", "--price", "1", "--date", "2024-02-30"], exit: 2)
        #expect(date.stderr.contains("Usage: squarestock portfolio buy "), "\(date.stderr)")
    }

    /// Totals in a currency the ledger does not know are refused as an entry in it is: they
    /// suggested fetching pairs such as `EURXYZ=X`.
    @Test func totalsInAnUnknownCurrencyAreRefused() throws {
        let env = Self.environment()
        try Self.run(env, ["buy", "ACME", "10", "--price", "100", "--date", "2024-01-10"])
        let message = "squarestock: unknown currency 'XYZ'; use an ISO 4217 code such as USD, EUR, JPY\n"
        for args in [
            ["--offline", "--currency", "XYZ"], ["returns", "--offline", "--base", "XYZ"],
            ["realized", "--base", "xyz"], ["chart", "--offline", "--base", "XYZ"],
        ] {
            #expect(try Self.run(env, args, exit: 1).stderr == message, "\(args)")
        }
    }

    /// `--portfolio` (and the other shared options) before the subcommand's name: it was taken
    /// for the default `show`, which then refused `lots` as an unexpected argument.
    @Test func theSharedOptionsMayComeBeforeTheSubcommand() throws {
        let env = Self.environment()
        try Self.run(env, ["--portfolio", "ira", "buy", "ACME", "10", "--price", "100", "--date", "2024-01-10"])
        try Self.run(env, ["buy", "OTHER", "1", "--price", "5", "--date", "2024-01-10"])
        let before = try Self.run(env, ["--portfolio", "ira", "--format", "json", "lots"]).stdout
        let after = try Self.run(env, ["lots", "--format", "json", "--portfolio", "ira"]).stdout
        #expect(before == after)
        #expect(before.contains("\"ACME\"") && !before.contains("OTHER"), "\(before)")
        let main = try Self.run(env, ["--format", "json", "lots"]).stdout
        #expect(main.contains("\"OTHER\"") && !main.contains("ACME"), "\(main)")
        // The default subcommand still gets them, and its own options after them.
        let show = try Self.run(env, ["--portfolio", "ira", "--offline", "--format", "csv"]).stdout
        #expect(show.contains("ACME,10,") && !show.contains("OTHER"), "\(show)")
    }

    @Test func refusalsSayWhyAndWriteNothing() throws {
        let env = Self.environment()
        try Self.run(env, ["buy", "AAPL", "10", "--price", "150", "--date", "2024-03-01"])
        let cases: [([String], String)] = [
            (
                ["sell", "AAPL", "11", "--price", "1", "--date", "2024-04-01"],
                "squarestock: cannot sell 11 AAPL on 2024-04-01: the portfolio holds 10 then; check the quantity, or record the purchase first\n"
            ),
            (
                ["sell", "AAPL", "1", "--price", "1", "--date", "2024-02-01"],
                "squarestock: cannot sell 1 AAPL on 2024-02-01: the portfolio holds 0 then; check the quantity, or record the purchase first\n"
            ),
            (
                ["buy", "AAPL", "1", "--price", "1", "--date", "2025-10-30"],
                "squarestock: 2025-10-30 is in the future (today is 2025-10-29); record a trade on or after the day it happened\n"
            ),
            (
                ["buy", "AAPL", "1", "--price", "1", "--currency", "XYZ"],
                "squarestock: unknown currency 'XYZ'; use an ISO 4217 code such as USD, EUR, JPY\n"
            ),
            (
                ["buy", "7203.T", "100", "--price", "2500", "--fee", "0.5", "--currency", "JPY"],
                "squarestock: the fee 0.5 has more decimals than JPY has (0); round it to the JPY amount actually paid\n"
            ),
            (
                ["sell", "AAPL", "1", "--price", "1", "--lot", "7"],
                "squarestock: AAPL has no open lot 7; `squarestock portfolio lots AAPL` lists them\n"
            ),
        ]
        for (args, message) in cases {
            let r = try Self.run(env, args, exit: 1)
            #expect(r.stderr == message, "\(args)")
        }
        let history = try Self.run(env, ["history", "--format", "json"])
        #expect(history.stdout.components(separatedBy: "\"kind\"").count == 2, "only the purchase: \(history.stdout)")
    }

    @Test func undoReversesTheLastEntryAndKeepsBoth() throws {
        let env = Self.environment()
        try Self.run(env, ["buy", "AAPL", "10", "--price", "150", "--date", "2024-03-01"])
        try Self.run(env, ["buy", "AAPL", "100", "--price", "15", "--date", "2024-03-02"])
        let undo = try Self.run(env, ["undo"])
        #expect(undo.stdout == "recorded #3: reverses #2 (2024-03-02 buy AAPL)\n")
        let lots = try Self.run(env, ["lots", "AAPL", "--format", "json"]).stdout
        // The unit cost too, as the table and the CSV give it.
        #expect(lots.contains("\"quantity\": \"10\"") && lots.contains("\"unitCost\": \"150\""), "\(lots)")
        let history = try Self.run(env, ["history", "--format", "table"]).stdout
        #expect(history.contains("reversed") && history.contains("reverses 2"), "\(history)")
        // JSON says the same as the table: both entries and the reversal (it listed only the first).
        let json = try Self.run(env, ["history", "--format", "json"]).stdout
        #expect(json.components(separatedBy: "\"kind\"").count - 1 == 3, "\(json)")
        #expect(json.contains("\"kind\": \"reversal\"") && json.contains("\"reverses\": 2}"), "\(json)")
        try Self.run(env, ["undo"])
        try Self.run(env, ["undo"], exit: 1)
    }

    /// A HIFO portfolio's export imported into a new (FIFO) portfolio realized 347.00 where the
    /// book said 247.00; the sale now carries its method, the import refuses it with the command,
    /// and after that command the new portfolio is the same book.
    @Test func anExportKeepsItsSalesLotMethod() throws {
        let env = Self.environment()
        for (price, date) in [("100", "2024-01-02"), ("120", "2024-02-01"), ("90", "2024-03-01")] {
            try Self.run(env, ["buy", "XYZ", "10", "--price", price, "--date", date])
        }
        try Self.run(env, ["method", "hifo"])
        try Self.run(env, ["sell", "XYZ", "15", "--price", "130", "--fee", "3", "--date", "2024-04-01"])
        let realized = try Self.run(env, ["realized", "--format", "csv"]).stdout
        #expect(realized.contains(",247.00,"), "\(realized)")
        let csv = env["XDG_DATA_HOME"]! + "-hifo.csv"
        try Self.run(env, ["export", "--format", "csv"]).stdout.write(toFile: csv, atomically: true, encoding: .utf8)
        let refused = try Self.run(env, ["import", csv, "--portfolio", "copy", "--yes"], exit: 1)
        #expect(
            refused.stderr.contains("`squarestock portfolio method hifo`, with this import's --portfolio"),
            "\(refused.stderr)")
        try Self.run(env, ["method", "hifo", "--portfolio", "copy"])
        try Self.run(env, ["import", csv, "--portfolio", "copy", "--yes"])
        // Imported before, a sale is not asked again: the portfolio's method may have changed since.
        try Self.run(env, ["method", "fifo", "--portfolio", "copy"])
        let again = try Self.run(env, ["import", csv, "--portfolio", "copy", "--yes"])
        #expect(again.stdout == "imported 0 entries\n", "\(again.stdout)\(again.stderr)")
        try Self.run(env, ["method", "hifo", "--portfolio", "copy"])
        #expect(try Self.run(env, ["method", "--portfolio", "copy"]).stdout.contains("hifo"))
        // The same sale of the same lots (the ids are the new ledger's own).
        let copied = try Self.run(env, ["realized", "--format", "csv", "--portfolio", "copy"]).stdout
        #expect(copied.contains(",1947.00,1700.00,3.00,247.00,short,6:10 5:5"), "\(copied)")
    }

    /// A purchase or split dated before sales recorded earlier changes what they realized: said
    /// with the years, as a change of method says it (it changed 18.00 into 108.00 silently).
    /// A new sale's own gain is no change.
    @Test func aBackDatedEntryNamesTheGainsItChanges() throws {
        let env = Self.environment()
        try Self.run(env, ["buy", "Z", "10", "--price", "10", "--date", "2024-01-10"])
        try Self.run(env, ["sell", "Z", "2", "--price", "11", "--date", "2024-03-01"])
        let sale = try Self.run(env, ["sell", "Z", "8", "--price", "12", "--date", "2024-06-01"])
        #expect(!sale.stderr.contains("changes what they realized"), "\(sale.stderr)")
        let late = try Self.run(env, ["buy", "Z", "1", "--price", "1", "--date", "2024-07-02"])
        #expect(!late.stderr.contains("changes what they realized"), "\(late.stderr)")
        let early = try Self.run(env, ["buy", "Z", "10", "--price", "1", "--date", "2024-01-02"])
        #expect(
            early.stderr.contains(
                "note: dated before Z's sales recorded earlier, this changes what they realized: 2024 18.00 → 108.00 USD"
            ),
            "\(early.stderr)")
        let split = try Self.run(env, ["split", "Z", "2:1", "--date", "2024-02-01"])
        #expect(split.stderr.contains("2024 108.00 → 113.00 USD"), "\(split.stderr)")
    }

    /// An imported row undone stays out when its file is imported again, and the import says so
    /// (it said "all already imported" and the user could not tell why nothing came back); a
    /// renamed row is not called undone.
    @Test func aRowUndoneStaysOutOfAReimportAndIsNamed() throws {
        let env = Self.environment()
        let csv = env["XDG_DATA_HOME"]! + "-undone.csv"
        try
            "date,kind,symbol,quantity,price,currency,note\n2024-03-01,buy,AAPL,10,150,USD,#1\n2024-03-02,buy,MSFT,1,400,USD,\n"
            .write(toFile: csv, atomically: true, encoding: .utf8)
        try Self.run(env, ["import", csv, "--yes"])
        #expect(try Self.run(env, ["undo"]).stdout == "recorded #3: reverses #2 (2024-03-02 buy MSFT)\n")
        let preview = try Self.run(env, ["import", csv]).stdout
        #expect(preview.contains("undone\n") && preview.contains("imported\n"), "\(preview)")
        #expect(
            preview.contains(
                "2 rows, all already imported (1 of them undone since); nothing to import\n"
                    + "note: 1 row was imported before and then undone"),
            "\(preview)")
        let again = try Self.run(env, ["import", csv, "--yes"])
        #expect(
            again.stdout == "imported 0 entries\n"
                && again.stderr.contains("note: 1 row was imported before and then undone"), "\(again.stderr)")
        try Self.run(env, ["rename", "AAPL", "APPL2"], exit: 0)
        let renamed = try Self.run(env, ["import", csv])
        #expect(renamed.stdout.contains("note: 1 row was"), "only MSFT was undone: \(renamed.stdout)")
    }

    /// Malformed files are refused whole, each with the line and what to fix.
    @Test(arguments: [
        (
            "date,kind,symbol,quantity,price,note\n2024-03-01,buy,AAPL,1,1,\"unclosed\n2024-03-02,buy,AAPL,1,1,x\n",
            "line 2: a quote opened here is never closed"
        ),
        (
            "date,kind,symbol,quantity,price,note\n2024-03-01,buy,AAPL,1,1,a,b\n",
            "line 2: 7 cells where the header names 6"
        ),
        ("date,kind,symbol,symbol,quantity,price\n", "line 1: the column 'symbol' is named twice"),
        (
            "date,kind,symbol,quantity,price,lot\n2024-03-01,buy,AAPL,1,1,\n2024-03-02,sell,AAPL,1,1,first\n",
            "line 3: lot must be a lot id or `row N` (got 'first')"
        ),
        (
            "date,kind,symbol,quantity,price,lot\n2024-03-01,buy,MSFT,1,1,\n2024-03-02,sell,AAPL,1,1,row 1\n",
            "line 3: lot 'row 1' is not an earlier purchase of AAPL in this file"
        ),
    ])
    func malformedImportsAreRefusedWhole(csv: String, message: String) throws {
        let env = Self.environment()
        let file = env["XDG_DATA_HOME"]! + "-bad.csv"
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try Self.run(env, ["import", file, "--yes"], exit: 1)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(try Self.run(env, ["history", "--format", "table"]).stdout == "the journal is empty\n")
    }

    /// A named lot survives an export and an import into a fresh ledger, whose ids differ.
    @Test func aNamedLotSurvivesTheRoundTrip() throws {
        let env = Self.environment()
        try Self.run(env, ["buy", "ACME", "10", "--price", "100", "--date", "2024-03-01"])  // #1, later date
        try Self.run(env, ["buy", "ACME", "10", "--price", "50", "--date", "2024-02-01"])  // #2
        try Self.run(env, ["sell", "ACME", "4", "--price", "120", "--lot", "1", "--date", "2024-04-01"])
        let exported = try Self.run(env, ["export"]).stdout
        #expect(exported.contains(",row 2,"), "\(exported)")
        let other = Self.environment()
        let file = other["XDG_DATA_HOME"]! + "-lots.csv"
        try exported.write(toFile: file, atomically: true, encoding: .utf8)
        try Self.run(other, ["import", file, "--yes"])
        let realized = try Self.run(other, ["realized", "--format", "json"]).stdout
        #expect(realized.contains("\"basis\": \"400.00\""), "the 100.00 lot, not the 50.00 one: \(realized)")
        #expect(realized.contains("\"gain\": \"80.00\"") && realized.contains("\"acquired\": \"2024-03-01\""))
    }

    @Test func aHoldingKeepsItsCurrency() throws {
        let env = Self.environment()
        try Self.run(
            env,
            ["buy", "7203.T", "100", "--price", "2500", "--fee", "100.00", "--currency", "JPY", "--date", "2024-03-01"])
        // Without --currency a sale is in the holding's currency.
        let sell = try Self.run(env, ["sell", "7203.T", "10", "--price", "2600", "--date", "2024-04-01"])
        #expect(sell.stdout.contains("@ 2600 JPY, 26000 JPY"), "\(sell.stdout)")
        let usd = try Self.run(
            env, ["sell", "7203.T", "10", "--price", "17", "--currency", "USD", "--date", "2024-04-02"], exit: 1)
        #expect(
            usd.stderr
                == "squarestock: 7203.T is held in JPY on 2024-04-02, not USD; record the trade with --currency JPY (its price in JPY)\n"
        )
        try Self.run(
            env, ["buy", "7203.T", "1", "--price", "17", "--currency", "USD", "--date", "2024-04-02"], exit: 1)
    }

    /// A method the journal cannot be read under (a named-lot sale has no lot in an average pool)
    /// is refused, and the method stays.
    @Test func aMethodTheJournalCannotBeReadUnderIsRefused() throws {
        let env = Self.environment()
        try Self.run(env, ["buy", "ACME", "10", "--price", "100", "--date", "2024-01-10"])
        try Self.run(env, ["buy", "ACME", "10", "--price", "120", "--date", "2024-02-10"])
        try Self.run(env, ["sell", "ACME", "5", "--price", "130", "--lot", "2", "--date", "2024-04-10"])
        let method = try Self.run(env, ["method", "average"], exit: 1)
        #expect(method.stderr.contains("the journal cannot be read under average"), "\(method.stderr)")
        #expect(try Self.run(env, ["method"]).stdout == "lot method: fifo\n")
        try Self.run(env, ["method", "hifo"])
    }

    static let csv = """
        date,kind,symbol,quantity,price,fee,currency,amount,withheld,ratio,lot,note
        2024-01-02,deposit,,,,,USD,5000.00,,,,
        2024-03-01,buy,AAPL,10,150.25,1.00,USD,,,,,
        2024-03-01,buy,AAPL,10,150.25,1.00,USD,,,,,
        2024-06-10,split,AAPL,,,,,,,4:1,,
        2024-07-01,sell,AAPL,8,190,1.00,USD,,,,,"first, partial"

        """

    @Test func importShowsAPreviewAndTwiceAddsNothing() throws {
        let env = Self.environment()
        let file = env["XDG_DATA_HOME"]! + "-trades.csv"
        try Self.csv.write(toFile: file, atomically: true, encoding: .utf8)
        let preview = try Self.run(env, ["import", file])
        #expect(preview.stdout.hasSuffix("5 rows, 5 new, 0 already imported; run again with --yes to import\n"))
        #expect(try Self.run(env, ["history", "--format", "table"]).stdout == "the journal is empty\n")
        #expect(try Self.run(env, ["import", file, "--yes"]).stdout == "imported 5 entries\n")
        #expect(try Self.run(env, ["import", file, "--yes"]).stdout == "imported 0 entries\n")
        // Two identical purchases are two purchases: 20 shares, 80 after the split, 72 after the
        // sale (FIFO: the first lot 40 - 8 = 32, the second 40).
        let lots = try Self.run(env, ["lots", "--format", "json"]).stdout
        #expect(lots.contains("\"quantity\": \"32\"") && lots.contains("\"quantity\": \"40\""), "\(lots)")
        // An export imports back to the same book.
        let exported = try Self.run(env, ["export"]).stdout
        let other = Self.environment()
        let again = other["XDG_DATA_HOME"]! + "-again.csv"
        try exported.write(toFile: again, atomically: true, encoding: .utf8)
        try Self.run(other, ["import", again, "--yes"])
        #expect(try Self.run(other, ["realized"]).stdout == (try Self.run(env, ["realized"]).stdout))
        #expect(try Self.run(other, ["lots"]).stdout == (try Self.run(env, ["lots"]).stdout))
        // A bad last row stops the whole file: a fresh ledger stays empty.
        let fresh = Self.environment()
        try (Self.csv + "2024-08-01,sell,AAPL,1000,1,,USD,,,,,\n").write(
            toFile: file, atomically: true, encoding: .utf8)
        let bad = try Self.run(fresh, ["import", file, "--yes"], exit: 1)
        #expect(bad.stderr.contains("cannot sell 1000 AAPL on 2024-08-01"), "\(bad.stderr)")
        #expect(try Self.run(fresh, ["history", "--format", "table"]).stdout == "the journal is empty\n")
    }

    /// A symbol the quote commands would refuse is refused by the ledger too, on the command
    /// line and in an import, saying what is allowed (a `"`, `;` or two spaces in one broke the
    /// hledger export of the whole book).
    @Test func symbolsOutsideTheQuoteAlphabetAreRefused() throws {
        let env = Self.environment()
        let allowed =
            "use letters, digits and . - ^ = _ (at most 24), as the quote commands take them (AAPL, BRK.B, 7203.T, BTC-USD)"
        for symbol in ["A\"B", "A;B", "A  B"] {
            for args in [
                ["buy", symbol, "1", "--price", "1"], ["dividend", symbol, "1"], ["split", symbol, "2:1"],
            ] {
                let r = try Self.run(env, args, exit: 1)
                #expect(r.stderr == "squarestock: '\(symbol)' is not a symbol: \(allowed)\n", "\(args): \(r.stderr)")
            }
        }
        let file = env["XDG_DATA_HOME"]! + "-symbols.csv"
        try "date,kind,symbol,quantity,price\n2024-03-01,buy,AAPL,1,1\n2024-03-01,buy,\"X\"\"Y\",1,1\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let r = try Self.run(env, ["import", file, "--yes"], exit: 1)
        #expect(r.stderr.contains("line 3: 'X\"Y' is not a symbol: use letters"), "\(r.stderr)")
        #expect(try Self.run(env, ["history", "--format", "table"]).stdout == "the journal is empty\n")
    }

    /// Text cells of the CSV export that a spreadsheet would evaluate are marked with `'`, and
    /// the export still imports back to the same journal.
    @Test func formulaCellsAreNeutralisedAndStillImportBack() throws {
        let env = Self.environment()
        let file = env["XDG_DATA_HOME"]! + "-formulas.csv"
        try """
        date,kind,symbol,quantity,price,note
        2024-03-01,buy,=CMD,1,1,"=HYPERLINK(""http://x"",""y"")"
        2024-03-02,buy,-DASH,2,1,@SUM(A1)
        2024-03-03,buy,AAPL,3,1,+1+2
        2024-03-04,buy,AAPL,4,1,'tis
        2024-03-05,buy,AAPL,5,1,-7

        """.write(toFile: file, atomically: true, encoding: .utf8)
        try Self.run(env, ["import", file, "--yes"])
        let exported = try Self.run(env, ["export"]).stdout
        let rows = exported.split(separator: "\n").dropFirst().map(String.init)
        #expect(rows[0] == "2024-03-01,buy,'=CMD,1,1,,USD,,,,,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",,", "\(rows)")
        #expect(rows[1] == "2024-03-02,buy,'-DASH,2,1,,USD,,,,,'@SUM(A1),,", "\(rows)")
        // A leading `'` is marked too (so the mark can be told from the text); a number is kept.
        #expect(rows[2].hasSuffix(",'+1+2,,") && rows[3].hasSuffix(",''tis,,") && rows[4].hasSuffix(",-7,,"), "\(rows)")
        let other = Self.environment()
        let again = other["XDG_DATA_HOME"]! + "-again.csv"
        try exported.write(toFile: again, atomically: true, encoding: .utf8)
        try Self.run(other, ["import", again, "--yes"])
        #expect(try Self.run(other, ["export"]).stdout == exported)
        #expect(try Self.run(other, ["history"]).stdout == (try Self.run(env, ["history"]).stdout))
        // The holdings CSV marks its symbols too.
        let holdings = try Self.run(env, ["--offline", "--format", "csv"]).stdout
        #expect(holdings.contains("\n'=CMD,1,USD,") && holdings.contains("\n'-DASH,2,USD,"), "\(holdings)")
    }

    /// The preview marks each row new or already imported, says when nothing is new instead of
    /// inviting --yes, and refuses what the import would refuse (a sale of a symbol never held
    /// was previewed as fine and refused only at --yes).
    @Test func theImportPreviewMarksRowsAndRefusesWhatTheImportWould() throws {
        let env = Self.environment()
        let file = env["XDG_DATA_HOME"]! + "-preview.csv"
        let head = "date,kind,symbol,quantity,price,fee,currency,amount,withheld,ratio,lot,note\n"
        let rows = "2024-01-02,deposit,,,,,USD,5000.00,,,,\n2024-03-01,buy,AAPL,10,150.25,1.00,USD,,,,,\n"
        try (head + rows).write(toFile: file, atomically: true, encoding: .utf8)
        try Self.run(env, ["import", file, "--yes"])
        try (head + rows + "2024-08-01,buy,MSFT,1,1,,USD,,,,,\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(
            try Self.run(env, ["import", file]).stdout == """
                id  date        kind     symbol  quantity   price       amount   fee  note  import
                    2024-01-02  deposit                            5000.00 USD              imported
                    2024-03-01  buy      AAPL          10  150.25  1502.50 USD  1.00        imported
                    2024-08-01  buy      MSFT           1       1     1.00 USD              new
                3 rows, 1 new, 2 already imported; run again with --yes to import

                """)
        try Self.run(env, ["import", file, "--yes"])
        #expect(
            try Self.run(env, ["import", file]).stdout.hasSuffix(
                "        imported\n3 rows, all already imported; nothing to import\n"))
        try "date,kind,symbol,quantity,price\n2024-03-01,sell,NOPE,1,1\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        // Refused by the check once every row is in, and named by its line as the reader's
        // refusals are; the same with --yes.
        let sale = try Self.run(env, ["import", file], exit: 1)
        let refusal =
            "squarestock: line 2: cannot sell 1 NOPE on 2024-03-01: the portfolio holds 0 then; check the quantity, or record the purchase first; nothing was imported\n"
        #expect(sale.stderr == refusal)
        #expect(sale.stdout == "")
        #expect(try Self.run(env, ["import", file, "--yes"], exit: 1).stderr == refusal)
    }

    /// An import is read as it is written (a million rows once took 2.1 GB, 40 times the
    /// file): importing a file 13 times larger grows the peak memory by less than the file's
    /// size, and every row arrives. A preview lists the first 1,000 rows and counts the rest.
    @Test(.timeLimit(.minutes(10))) func anImportIsReadInBoundedMemory() throws {
        let env = Self.environment()
        let note = String(repeating: "n", count: 400)
        func file(_ rows: Int) throws -> (path: String, bytes: Int) {
            var csv = "date,kind,symbol,quantity,price,currency,note\n"
            for i in 0..<rows { csv += "2024-02-01,buy,S\(i % 50),\(i + 1),1.25,USD,\(rows) \(note)\n" }
            let path = env["XDG_DATA_HOME"]! + "-\(rows).csv"
            try csv.write(toFile: path, atomically: true, encoding: .utf8)
            return (path, csv.utf8.count)
        }
        let small = try file(1_500)
        let large = try file(20_000)
        defer { for f in [small, large] { try? FileManager.default.removeItem(atPath: f.path) } }
        let preview = try Self.run(env, ["import", small.path]).stdout
        #expect(
            preview.hasSuffix(
                "(the first 1000 rows of 1500)\n1500 rows, 1500 new, 0 already imported; run again with --yes to import\n"
            ),
            "\(preview.suffix(300))")
        #expect(preview.components(separatedBy: "  new\n").count - 1 == 1000)
        let a = try PeakMemoryRun.run(["portfolio", "import", small.path, "--yes"], environment: env)
        #expect(a.exitStatus == 0 && a.stdout == "imported 1500 entries\n", "\(a.stderr)")
        let b = try PeakMemoryRun.run(["portfolio", "import", large.path, "--yes"], environment: env)
        #expect(b.exitStatus == 0 && b.stdout == "imported 20000 entries\n", "\(b.stderr)")
        let growth = (b.peakKiB - a.peakKiB) * 1024
        #expect(growth < large.bytes, "peak \(a.peakKiB) KiB then \(b.peakKiB) KiB for a file of \(large.bytes) bytes")
    }

    /// A row that never ends (a quote never closed, a file of zeros) is refused at its line
    /// within the row limit, without reading the rest; nothing is written.
    @Test func aRunawayRowIsRefusedWhereItStarts() throws {
        let env = Self.environment()
        let file = env["XDG_DATA_HOME"]! + "-runaway.csv"
        #expect(
            FileManager.default.createFile(
                atPath: file, contents: Data("date,kind,symbol,quantity,price\n2024-03-01,buy,\"AAPL".utf8)))
        #expect(truncate(file, off_t(64 << 20)) == 0)  // sparse: no disk used
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = try Self.run(env, ["import", file, "--yes"], exit: 1)
        #expect(
            r.stderr
                == "squarestock: line 2: the row starting here is over 1 MiB; is a quote opened here never closed?; nothing was imported\n"
        )
        #expect(try Self.run(env, ["history", "--format", "table"]).stdout == "the journal is empty\n")
        let missing = try Self.run(env, ["import", file + "-missing"], exit: 1)
        #expect(missing.stderr.hasPrefix("squarestock: cannot open \(file)-missing"), "\(missing.stderr)")
    }

    /// hledger (a Debian package, installed by .ci/run) reads the exported journal, checks that
    /// every transaction balances, and must find our holdings, cash and gains to the cent.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/hledger"), "hledger is not installed"))
    func hledgerAgreesWithTheExportedJournal() throws {
        let env = Self.environment()
        try Self.example(env)
        try Self.run(
            env,
            [
                "buy", "SAP.DE", "5", "--price", "190.02", "--fee", "2.5", "--currency", "EUR", "--date", "2024-09-02",
                "--fx", "1.1",
            ])
        try Self.run(env, ["sell", "MSFT", "1", "--price", "420.55", "--date", "2024-10-01"])
        let hledger = try Self.hledgerBalance(env, name: "-export")
        #expect(hledger.exitCode == 0, "\(hledger.stderr)")
        let expected = [
            "\"assets:cash:EUR\",\"EUR\",\"-952.60\"",
            "\"assets:cash:USD\",\"USD\",\"4237.79\"",
            "\"assets:stocks:AAPL\",\"AAPL\",\"32\"",
            "\"assets:stocks:MSFT\",\"MSFT\",\"2\"",
            "\"assets:stocks:SAP.DE\",\"SAP.DE\",\"5\"",
            "\"income:realized-gains\",\"USD\",\"-1238.75\"",
        ]
        for line in expected { #expect(hledger.stdout.contains(line), "\(line) in \(hledger.stdout)") }
        // The same figures from squarestock itself (worked by hand: cash 5,000.00 - 1,503.50
        // - 1,200.30 + 1,519.00 + 2.04 + 420.55; MSFT's basis 1,200.30 / 3 = 400.10, gain 20.45).
        let realized = try Self.run(env, ["realized", "--format", "json"]).stdout
        #expect(realized.contains("\"gain\": \"1218.30\"") && realized.contains("\"gain\": \"20.45\""), "\(realized)")
        let holdings = try Self.run(env, ["--offline", "--format", "json"]).stdout
        #expect(holdings.contains("\"EUR\": \"-952.60\"") && holdings.contains("\"USD\": \"4237.79\""), "\(holdings)")
    }

    /// The FX rate recorded with a trade is shown by history, written by every export (hledger
    /// as a transaction tag it reads), and imported back (it was stored and then lost).
    @Test func theFXRateIsShownExportedAndImportedBack() throws {
        let env = Self.environment()
        try Self.run(env, ["deposit", "1000", "EUR", "--date", "2024-09-01"])
        try Self.run(
            env,
            [
                "buy", "SAP.DE", "5", "--price", "190.02", "--fee", "2.5", "--currency", "EUR", "--fx", "1.0862",
                "--date", "2024-09-02",
            ])
        try Self.run(
            env,
            ["sell", "SAP.DE", "2", "--price", "200", "--currency", "EUR", "--fx", "1.1015", "--date", "2024-10-01"])
        let history = try Self.run(env, ["history", "--format", "table"]).stdout
        #expect(
            history == """
                id  date        kind     symbol  quantity   price       amount   fee          fx  note
                 1  2024-09-01  deposit                            1000.00 EUR
                 2  2024-09-02  buy      SAP.DE         5  190.02   950.10 EUR  2.50  1.0862 USD
                 3  2024-10-01  sell     SAP.DE         2     200   400.00 EUR        1.1015 USD

                """, "\(history)")
        let csv = try Self.run(env, ["export"]).stdout
        #expect(csv.contains("\n2024-09-02,buy,SAP.DE,5,190.02,2.50,EUR,,,,,,1.0862,,USD\n"), "\(csv)")
        let json = try Self.run(env, ["export", "--as", "json"]).stdout
        #expect(json.contains("\"fxRate\": \"1.0862\"") && json.contains("\"fxRate\": null"), "\(json)")
        let ledger = try Self.run(env, ["export", "--as", "ledger"]).stdout
        #expect(ledger.contains("2024-09-02 * buy SAP.DE  ; fx:1.0862 USD\n"), "\(ledger)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/hledger") {
            let journal = env["XDG_DATA_HOME"]! + "-fx.journal"
            try ledger.write(toFile: journal, atomically: true, encoding: .utf8)
            let tagged = try CLIRunner.run(
                ["-f", journal, "register", "tag:fx=1.1015", "assets:cash"], environment: env,
                executable: "/usr/bin/hledger")
            #expect(tagged.exitCode == 0, "\(tagged.stderr)")
            #expect(tagged.stdout.contains("sell SAP.DE") && !tagged.stdout.contains("buy"), "\(tagged.stdout)")
        }
        // Export, import into a fresh ledger: the same journal, rates included.
        let other = Self.environment()
        let file = other["XDG_DATA_HOME"]! + "-fx.csv"
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        try Self.run(other, ["import", file, "--yes"])
        #expect(try Self.run(other, ["export", "--as", "json"]).stdout == json)
        #expect(try Self.run(other, ["history", "--format", "table"]).stdout == history)
        // A rate on a row that has no currency exchange to record is refused.
        try "date,kind,currency,amount,fx\n2024-09-01,deposit,EUR,1,1.1\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let bad = try Self.run(other, ["import", file, "--yes"], exit: 1)
        #expect(bad.stderr.contains("line 2: an fx rate belongs to a buy, sell or dividend"), "\(bad.stderr)")
    }

    /// Every character the symbol alphabet allows survives hledger: the export of a book with
    /// such symbols is read whole, and its holdings are found.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/hledger"), "hledger is not installed"))
    func hledgerReadsEverySymbolTheQuotesTake() throws {
        let env = Self.environment()
        let symbols = ["^GSPC", "EURUSD=X", "BRK-B", "BRK.B", "A_B", "7203.T", "=CMD", "-DASH"]
        // Imported (a symbol beginning with `-` cannot be typed as an argument).
        let csv =
            "date,kind,symbol,quantity,price\n" + symbols.map { "2024-03-01,buy,\($0),2,1.5\n" }.joined()
            + "2024-03-02,sell,^GSPC,1,2\n"
        let file = env["XDG_DATA_HOME"]! + "-symbols.csv"
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        try Self.run(env, ["import", file, "--yes"])
        let hledger = try Self.hledgerBalance(env, name: "-symbols")
        #expect(hledger.exitCode == 0, "\(hledger.stderr)")
        for s in symbols {
            let held = s == "^GSPC" ? "1" : "2"
            #expect(hledger.stdout.contains("\"assets:stocks:\(s)\",\"\(s)\",\"\(held)\""), "\(s) in \(hledger.stdout)")
        }
    }

    /// A ticker change: every entry moves, lots, realized gains and the named lot included,
    /// and the journal keeps the old entries with their reversals.
    @Test func renameMovesASymbolsEntries() throws {
        let env = Self.environment()
        try Self.example(env)
        let lotsBefore = try Self.run(env, ["lots", "--format", "csv"]).stdout
        let realizedBefore = try Self.run(env, ["realized", "--format", "csv"]).stdout
        let r = try Self.run(env, ["rename", "aapl", "AAPL2"])
        #expect(r.stdout == "moved 4 entries to AAPL2\n")
        let lots = try Self.run(env, ["lots", "--format", "csv"]).stdout
        #expect(lots.contains("AAPL2") && !lots.contains("AAPL,"), "\(lots)")
        #expect(try Self.run(env, ["realized", "--format", "csv"]).stdout.contains("AAPL2"))
        // Renamed back, the book reads as before, but for the new lot ids.
        #expect(try Self.run(env, ["rename", "AAPL2", "AAPL"]).stdout == "moved 4 entries to AAPL\n")
        func withoutIDs(_ csv: String) -> [String] {
            csv.split(separator: "\n").map { $0.split(separator: ",").dropFirst().joined(separator: ",") }
        }
        #expect(
            withoutIDs(try Self.run(env, ["lots", "--format", "csv"]).stdout).filter { !$0.hasPrefix("2024-03-01") }
                == withoutIDs(lotsBefore).filter { !$0.hasPrefix("2024-03-01") })
        func withoutLotIDs(_ csv: String) -> [String] {
            csv.split(separator: "\n").map { $0.split(separator: ",").dropFirst().dropLast().joined(separator: ",") }
        }
        #expect(
            withoutLotIDs(try Self.run(env, ["realized", "--format", "csv"]).stdout) == withoutLotIDs(realizedBefore))
        let history = try Self.run(env, ["history", "--format", "json"]).stdout
        #expect(history.components(separatedBy: "\"kind\": \"reversal\"").count - 1 == 8, "\(history)")
        let none = try Self.run(env, ["rename", "NOPE", "X"], exit: 1)
        #expect(
            none.stderr
                == "squarestock: the portfolio has no entries of 'NOPE'; `squarestock portfolio history` lists them\n")
        let bad = try Self.run(env, ["rename", "MSFT", "A\"B"], exit: 1)
        #expect(bad.stderr.contains("A\"B"), "\(bad.stderr)")
    }

    /// A ledger from before symbols were checked may hold one the hledger journal cannot write
    /// (here `Q"X;Q`, put in the file's bytes): the export names it and the fix, and `rename`
    /// repairs the book, named lot and realized gain included, so hledger reads it whole.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/hledger"), "hledger is not installed"))
    func anOldBadSymbolIsRepairedByRename() throws {
        let env = Self.environment()
        try Self.run(env, ["deposit", "100", "USD", "--date", "2024-03-01"])
        try Self.run(env, ["buy", "QQXQQ", "2", "--price", "1.5", "--date", "2024-03-01"])
        try Self.run(env, ["buy", "QQXQQ", "3", "--price", "1", "--date", "2024-03-02"])
        try Self.run(env, ["sell", "QQXQQ", "1", "--price", "4", "--lot", "3", "--date", "2024-03-03"])
        let path = Self.ledgerPath(env)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let (from, to) = (Array("QQXQQ".utf8), Array("Q\"X;Q".utf8))
        var patched = 0
        for i in 0..<(bytes.count - from.count) where Array(bytes[i..<(i + from.count)]) == from {
            bytes.replaceSubrange(i..<(i + from.count), with: to)
            patched += 1
        }
        #expect(patched >= 3)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o600) == 0)
        let refused = try Self.run(env, ["export", "--as", "ledger"], exit: 1)
        #expect(
            refused.stderr
                == "squarestock: the ledger holds the symbol 'Q\"X;Q', which the journal cannot write; `squarestock portfolio rename 'Q\"X;Q' NEW` moves its entries to a valid symbol\n"
        )
        #expect(try Self.run(env, ["rename", "Q\"X;Q", "QQXQQ"]).stdout == "moved 3 entries to QQXQQ\n")
        let hledger = try Self.hledgerBalance(env, name: "-repaired")
        #expect(hledger.exitCode == 0, "\(hledger.stderr)")
        #expect(hledger.stdout.contains(#""assets:stocks:QQXQQ","QQXQQ","4""#), "\(hledger.stdout)")
        // The named lot (the 2024-03-02 purchase at 1.00) was sold: gain 4.00 - 1.00.
        #expect(hledger.stdout.contains(#""income:realized-gains","USD","-3.00""#), "\(hledger.stdout)")
        #expect(try Self.run(env, ["lots", "QQXQQ", "--format", "csv"]).stdout.contains(",2024-03-02,2,"))
    }

    @Test func aForeignFileIsReportedAndLeftUntouched() throws {
        let env = Self.environment()
        let path = Self.ledgerPath(env)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let text = "not a database, but somebody's notes\n" + String(repeating: "x", count: 5000)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try Self.run(env, ["buy", "AAPL", "1", "--price", "1"], exit: 1)
        #expect(
            r.stderr.contains(
                "is not a squarestock portfolio (not a SQLite database, or damaged); it was left untouched"),
            "\(r.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        // Another program's SQLite database (made with the sqlite3 shell when it is installed).
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else { return }
        try FileManager.default.removeItem(atPath: path)
        let made = try CLIRunner.run(
            ["-batch", path, "CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('mine');"], environment: env,
            executable: "/usr/bin/sqlite3")
        if made.exitCode == 0 {
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let r2 = try Self.run(env, ["history"], exit: 1)
            #expect(r2.stderr.contains("another program's database"), "\(r2.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    /// A ledger others may read is refused with the fix (as the credentials file is), and left
    /// as it is: squarestock does not change a user's file behind their back.
    @Test func aLedgerOthersMayReadIsRefusedWithTheFix() throws {
        let env = Self.environment()
        let path = Self.ledgerPath(env)
        try Self.run(env, ["deposit", "1", "USD", "--date", "2024-01-01"])
        #expect(chmod(path, 0o644) == 0)
        for args in [["deposit", "2", "USD", "--date", "2024-01-02"], ["history"]] {
            let r = try Self.run(env, args, exit: 1)
            #expect(
                r.stderr
                    == "squarestock: refusing to use \(path): other users may read it (mode 644); run `chmod 600 \(path)`\n",
                "\(r.stderr)")
        }
        var st = stat()
        #expect(stat(path, &st) == 0 && st.st_mode & 0o777 == 0o644)
        #expect(chmod(path, 0o600) == 0)
        #expect(
            try Self.run(env, ["history", "--format", "json"]).stdout.components(separatedBy: "\"kind\"").count == 2)
    }

    /// A link in the ledger's place is refused, and the file it points to is not written.
    @Test func aSymlinkedLedgerIsRefused() throws {
        let env = Self.environment()
        let elsewhere = Self.environment()
        try Self.run(elsewhere, ["deposit", "1", "USD", "--date", "2024-01-01"])
        let target = Self.ledgerPath(elsewhere)
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        let path = Self.ledgerPath(env)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        #expect(symlink(target, path) == 0)
        let r = try Self.run(env, ["deposit", "2", "USD", "--date", "2024-01-02"], exit: 1)
        #expect(r.stderr.contains("refusing to use \(path): it is a symbolic link"), "\(r.stderr)")
        #expect(r.stderr.contains("replace the link with the file it points to"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
    }

    /// A file with damaged pages is refused before the first write, with what to do, and is not
    /// written (SQLite's `quick_check`; before, the damage was read and written over silently).
    @Test func aDamagedLedgerIsRefusedBeforeWriting() throws {
        let env = Self.environment()
        let path = Self.ledgerPath(env)
        var csv = "date,kind,symbol,quantity,price,currency,note\n"
        for i in 0..<2000 { csv += "2024-02-01,buy,S\(i % 40),\(i + 1),1.25,USD,row \(i)\n" }
        let file = env["XDG_DATA_HOME"]! + "-many.csv"
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        try Self.run(env, ["import", file, "--yes"])
        // The last connection has closed: the WAL is in the file and gone. Garble one page's
        // header in the middle of the file (a b-tree page of the journal or its indexes).
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let page = bytes.count / pageSize / 2
        #expect(page > 12, "the ledger is too small to damage a page of its data: \(bytes.count) bytes")
        for i in 0..<64 { bytes[page * pageSize + i] = 0xEE }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o600) == 0)
        let r = try Self.run(env, ["deposit", "1", "USD", "--date", "2024-03-01"], exit: 1)
        #expect(r.stderr.hasPrefix("squarestock: \(path) is damaged ("), "\(r.stderr)")
        #expect(r.stderr.contains("nothing was written: restore a copy made with `squarestock portfolio backup`"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
    }

    @Test func backupIsAWorkingLedger() throws {
        let env = Self.environment()
        try Self.example(env)
        let copy = env["XDG_DATA_HOME"]! + "-backup.sqlite"
        #expect(try Self.run(env, ["backup", copy]).stdout == "backed up to \(copy)\n")
        try Self.run(env, ["backup", copy], exit: 1)  // never over an existing file
        // The copy, put in another data folder, is the same ledger.
        let other = Self.environment()
        try FileManager.default.createDirectory(
            atPath: other["XDG_DATA_HOME"]! + "/squarestock", withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try FileManager.default.copyItem(atPath: copy, toPath: Self.ledgerPath(other))
        #expect(try Self.run(other, ["history"]).stdout == (try Self.run(env, ["history"]).stdout))
    }

    /// A backup that cannot be written whole (a full disk: here a file-size limit, its signal
    /// ignored, so each write past it fails) is removed and its error names the copy: it named
    /// the ledger, "not an error", and left a partial file and its journal.
    @Test func aFailedBackupLeavesNoPartialCopy() throws {
        let env = Self.environment()
        var csv = "date,kind,symbol,quantity,price,currency,amount\n2024-01-02,deposit,,,,USD,900000.00\n"
        for i in 0..<3000 {
            csv += "2024-02-\(String(format: "%02d", 1 + i % 28)),buy,S\(i % 50),1,10.\(i % 90 + 10),USD,\n"
        }
        let file = env["XDG_DATA_HOME"]! + "-book.csv"
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        try Self.run(env, ["import", file, "--yes"])
        let ledgerSize = (try FileManager.default.attributesOfItem(atPath: Self.ledgerPath(env))[.size] as? Int) ?? 0
        #expect(ledgerSize > 200_000, "the ledger is too small for the limit: \(ledgerSize) bytes")
        let copy = env["XDG_DATA_HOME"]! + "-backup.sqlite"
        // 64 blocks of 512 bytes: 32 KiB.
        let r = try CLIRunner.run(
            ["-c", "trap '' XFSZ; ulimit -f 64; exec \"$0\" portfolio backup \"$1\"", CLIRunner.executablePath, copy],
            environment: env, executable: "/bin/sh")
        #expect(r.exitCode == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains(copy) && !r.stderr.contains("not an error"), "\(r.stderr)")
        for suffix in ["", "-journal", "-wal"] {
            #expect(!FileManager.default.fileExists(atPath: copy + suffix), "\(copy + suffix) left")
        }
    }

    /// Starts one process per argument list (each after `command`), all before any is waited
    /// for (a thread pool on a busy two-core machine would run them one after another), and
    /// returns each one's run.
    static func runAtOnce(_ env: [String: String], _ runs: [[String]], command: [String] = ["portfolio"]) throws
        -> [ProcessRun]
    {
        let dir = env["XDG_DATA_HOME"]! + "-runs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var started: [(Process, String, String)] = []
        for (i, args) in runs.enumerated() {
            let out = dir + "/\(i).out"
            let err = dir + "/\(i).err"
            _ = FileManager.default.createFile(atPath: out, contents: nil)
            _ = FileManager.default.createFile(atPath: err, contents: nil)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CLIRunner.executablePath)
            p.arguments = command + args
            p.environment = env
            p.standardInput = FileHandle.nullDevice
            p.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
            p.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
            started.append((p, out, err))
        }
        for (p, _, _) in started { try p.run() }
        return try started.map { p, out, err in
            p.waitUntilExit()
            return ProcessRun(
                stdout: try String(contentsOfFile: out, encoding: .utf8),
                stderr: try String(contentsOfFile: err, encoding: .utf8), exitCode: p.terminationStatus)
        }
    }

    /// Two processes recording at once: both succeed (the second waits for the first's write).
    @Test func twoWritersAtOnceBothSucceed() throws {
        let env = Self.environment()
        try Self.run(env, ["deposit", "1", "USD", "--date", "2024-01-01"])
        var files: [String] = []
        for w in 0..<2 {
            var csv = "date,kind,symbol,quantity,price,currency\n"
            for i in 0..<1500 {
                csv += "2024-02-\(String(format: "%02d", 1 + i % 28)),buy,W\(w)S\(i % 50),\(i + 1),1.5,USD\n"
            }
            let f = env["XDG_DATA_HOME"]! + "-writer\(w).csv"
            try csv.write(toFile: f, atomically: true, encoding: .utf8)
            files.append(f)
        }
        let results = try Self.runAtOnce(env, files.map { ["import", $0, "--yes"] })
        for (w, r) in results.enumerated() {
            #expect(r.exitCode == 0 && r.stdout == "imported 1500 entries\n", "writer \(w): \(r.stderr)")
        }
        let history = try Self.run(env, ["history", "--format", "json"]).stdout
        #expect(history.components(separatedBy: "\"kind\"").count - 1 == 3001)
    }

    /// First runs at once on an empty data folder: creating and migrating the file happen once,
    /// under its lock, and every deposit is recorded (they raced: "is busy", "table portfolio
    /// already exists", one deposit lost). Several rounds, since a race needs a chance to show.
    @Test func firstRunsAtOnceOnAnEmptyFolderAllRecord() throws {
        let writers = 8
        for round in 0..<3 {
            let env = Self.environment()
            let runs = try Self.runAtOnce(
                env, (1...writers).map { ["deposit", "\($0)", "USD", "--date", "2024-01-01"] })
            for (i, r) in runs.enumerated() {
                #expect(r.exitCode == 0, "round \(round), writer \(i + 1): \(r.stderr)")
            }
            let history = try Self.run(env, ["history", "--format", "json"]).stdout
            #expect(history.components(separatedBy: "\"kind\"").count - 1 == writers, "round \(round): \(history)")
            for i in 1...writers { #expect(history.contains("\"amount\": \"\(i).00\""), "round \(round): \(i).00") }
        }
    }

    /// Purchases at once on an existing ledger: each waits for the write lock (they failed
    /// "busy" after 0.13 s, their transactions deferred).
    @Test func buysAtOnceOnAnExistingLedgerAllRecord() throws {
        // Twelve at once, three rounds: enough for the old race to show in most runs.
        let writers = 12
        for round in 0..<3 {
            let env = Self.environment()
            try Self.run(env, ["deposit", "100", "USD", "--date", "2024-01-01"])
            let runs = try Self.runAtOnce(
                env, (1...writers).map { ["buy", "S\($0)", "\($0)", "--price", "1", "--date", "2024-01-02"] })
            for (i, r) in runs.enumerated() { #expect(r.exitCode == 0, "round \(round), buyer \(i + 1): \(r.stderr)") }
            let lots = try Self.run(env, ["lots", "--format", "json"]).stdout
            for i in 1...writers { #expect(lots.contains("\"symbol\": \"S\(i)\""), "round \(round): S\(i) in \(lots)") }
        }
    }

    /// SIGKILL in the middle of a large import's transaction (its pages already in the WAL)
    /// leaves the ledger exactly as it was, and usable.
    @Test(.timeLimit(.minutes(10))) func aKilledImportLeavesTheLedgerAsBefore() throws {
        let env = Self.environment()
        try Self.run(env, ["buy", "AAPL", "1", "--price", "1", "--date", "2024-01-01"])
        var csv = "date,kind,symbol,quantity,price,currency,note\n"
        let note = String(repeating: "n", count: 200)
        for i in 0..<60_000 { csv += "2024-02-01,buy,S\(i % 400),\(i + 1),1.25,USD,\(note)\n" }
        let file = env["XDG_DATA_HOME"]! + "-big.csv"
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        let wal = Self.ledgerPath(env) + "-wal"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.executablePath)
        process.arguments = ["portfolio", "import", file, "--yes"]
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the transaction has spilled pages into the WAL, then kill it.
        let deadline = Date().addingTimeInterval(60)
        var spilled = false
        while Date() < deadline, process.isRunning {
            let size = ((try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int) ?? 0
            if size > 2_000_000 {
                spilled = true
                break
            }
            usleep(2000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(
            spilled,
            "the import ended before it wrote 2 MB to the WAL: make the file larger")
        #expect(process.terminationReason == .uncaughtSignal)
        let history = try Self.run(env, ["history", "--format", "json"]).stdout
        #expect(history.components(separatedBy: "\"kind\"").count - 1 == 1, "only the first purchase")
        try Self.run(env, ["buy", "AAPL", "1", "--price", "1", "--date", "2024-01-02"])
    }
}

/// What one of several processes run at once printed, and its exit status.
struct ProcessRun {
    var stdout: String
    var stderr: String
    var exitCode: Int32
}

/// Valuation: live quotes (the recorded samples source), then the stored prices with no network.
@Suite(.serialized)
struct PortfolioValuationCLITests {
    @Test func holdingsAreValuedLiveThenFromStoredPrices() throws {
        var env = PortfolioCLITests.environment()
        try PortfolioCLITests.example(env)
        let live = try PortfolioCLITests.run(env, ["--source", "samples", "--format", "json"]).stdout
        // AAPL: 32 shares at the sample's 268.835 = 8,602.72; cost 1,202.80 (1,503.50 less the 8 sold).
        #expect(live.contains(#""symbol": "AAPL", "quantity": "32", "currency": "USD", "cost": "1202.80""#), "\(live)")
        #expect(live.contains(#""price": "268.835""#) && live.contains(#""value": "8602.72""#), "\(live)")
        #expect(live.contains(#""priceSource": "samples""#) && live.contains(#""gain": "7399.92""#))
        // Two hours later, offline: the same prices, said to be stored.
        env["SQUARESTOCK_NOW"] = "2025-10-29T19:00:00Z"
        let offline = try PortfolioCLITests.run(env, ["--offline", "--format", "json"]).stdout
        #expect(
            offline.contains(#""priceSource": "samples", "priceStored": true"#)
                && offline.contains(#""value": "8602.72""#),
            "\(offline)")
        let table = try PortfolioCLITests.run(env, ["--offline", "--format", "table"]).stdout
        #expect(table.hasPrefix("main  portfolio, FIFO lots, totals in USD\n"), "\(table)")
        #expect(table.contains("(stored recorded, "), "\(table)")
        // A watch of the holdings into a pipe gives the same value and gain, and the totals line,
        // which names MSFT (the recordings have none): exit 1, as a quote with a failed symbol.
        let watch = try CLIRunner.run(
            ["watch", "--portfolio", "--source", "samples", "--count", "1", "--format", "plain"], environment: env)
        #expect(watch.exitCode == 1, "\(watch.stderr)")
        #expect(watch.stdout.contains(" value 8602.72 USD gain +7399.92 USD open"), "\(watch.stdout)")
        #expect(
            watch.stdout.contains(" HOLDINGS value 8602.72 USD, gain +7399.92 USD (without MSFT)\n"), "\(watch.stdout)")
    }

    /// Offline, with no rate fetched or stored, the rate recorded with the trade (`--fx`) values
    /// a foreign holding, and says so (it said no rate was stored, and left the totals blank).
    @Test func offlineAForeignHoldingUsesTheRateRecordedWithItsTrade() throws {
        let env = PortfolioCLITests.environment()
        try PortfolioCLITests.run(
            env,
            ["buy", "SAP.DE", "5", "--price", "190.02", "--currency", "EUR", "--fx", "1.0862", "--date", "2024-02-01"])
        let table = try PortfolioCLITests.run(env, ["--offline", "--format", "table"]).stdout
        #expect(table.contains("note: EUR→USD at the rate recorded with the entry of 2024-02-01: 1.0862"), "\(table)")
        #expect(table.contains("\nholdings USD ") && table.contains("1032.00"), "\(table)")
        #expect(!table.contains("none stored in the ledger"), "\(table)")
    }

    /// Totals in euros of dollar cash, offline, with only EURUSD=X kept (the pair Yahoo names
    /// for euros in dollars): 1 / that close, said so; it said no USD→EUR rate was stored and left
    /// the cash out.
    @Test func offlineARateKeptTheOtherWayRoundIsInverted() throws {
        let env = PortfolioCLITests.environment()
        try PortfolioCLITests.run(env, ["deposit", "5000", "USD", "--date", "2024-01-02"])
        try PortfolioCLITests.run(env, ["price", "EURUSD=X", "2024-06-03", "1.10", "--currency", "USD"])
        let table = try PortfolioCLITests.run(env, ["--offline", "--currency", "EUR", "--format", "table"]).stdout
        #expect(table.contains("\nwith cash EUR ") && table.contains("4545.45"), "\(table)")
        #expect(
            table.contains("note: USD→EUR at 1 / EURUSD=X, the manual close of 2024-06-03: 0.909090909091"), "\(table)")
        #expect(!table.contains("none stored in the ledger"), "\(table)")
    }

    /// A close kept from January does not value a holding bought again in May at twice the
    /// price: the newer of the two is its price (it showed -900.00 where `returns` said +1000.00),
    /// and a close newer than the trade wins in turn.
    @Test func theNewerOfAKeptCloseAndATradePriceValuesAHolding() throws {
        let env = PortfolioCLITests.environment()
        try PortfolioCLITests.run(env, ["buy", "ZZZ", "10", "--price", "100", "--date", "2024-01-02"])
        try PortfolioCLITests.run(env, ["price", "ZZZ", "2024-01-03", "105"])
        try PortfolioCLITests.run(env, ["buy", "ZZZ", "10", "--price", "200", "--date", "2024-05-01"])
        let show = try PortfolioCLITests.run(env, ["--offline", "--format", "csv"]).stdout
        #expect(show.contains(",200,") && show.contains("4000.00") && !show.contains("2100.00"), "\(show)")
        let table = try PortfolioCLITests.run(env, ["--offline", "--format", "table"]).stdout
        #expect(table.contains("note: ZZZ: valued at its trade price of 2024-05-01"), "\(table)")
        try PortfolioCLITests.run(env, ["price", "ZZZ", "2024-06-03", "210"])
        let later = try PortfolioCLITests.run(env, ["--offline", "--format", "table"]).stdout
        #expect(later.contains("4200.00") && later.contains("note: ZZZ: valued at its manual close of 2024-06-03"))
    }

    /// A holding no source can price and with no stored price or close: valued at its last
    /// trade's price, as `returns` values it (a trade's own price counts as a price of its day),
    /// and the note names the symbol once and says so (it said "AAPL: AAPL: ..."; it then showed
    /// "no price yet" with blank totals while `returns` valued the same book).
    @Test func aHoldingWithNoQuoteIsValuedAtItsTradePriceAndSaysSo() throws {
        let env = PortfolioCLITests.environment()
        try PortfolioCLITests.run(env, ["deposit", "10", "USD", "--date", "2024-01-01"])
        try PortfolioCLITests.run(env, ["buy", "ZZZZ", "2", "--price", "3", "--date", "2024-01-02"])
        let table = try PortfolioCLITests.run(env, ["--source", "samples", "--format", "table"]).stdout
        #expect(table.contains("trade price of 2024-01-02   6.00"), "\(table)")
        #expect(table.contains("\nwith cash USD ") && table.contains("10.00\n"), "\(table)")
        #expect(
            table.contains(
                "\nnote: ZZZZ: samples cannot quote this symbol: no recorded data for it; the samples cover"),
            "\(table)")
        #expect(table.hasSuffix("; valued at its trade price of 2024-01-02\n"), "\(table)")
        #expect(!table.contains("ZZZZ: ZZZZ") && !table.contains("no price yet"), "\(table)")
        let json = try PortfolioCLITests.run(env, ["--source", "samples", "--format", "json"]).stdout
        #expect(json.contains(#""priceSource": "trade", "priceStored": null, "value": "6.00""#), "\(json)")
        #expect(json.contains(#""totalValue": "6.00""#), "\(json)")
        let returns = try PortfolioCLITests.run(env, ["returns", "--offline", "--format", "json"]).stdout
        #expect(returns.contains("10.00"), "\(returns)")
    }

    /// A quote that fails where a price was stored: valued at it, and the note says from when.
    @Test func aFailedQuoteFallsBackToTheStoredPriceAndSaysWhen() throws {
        var env = PortfolioCLITests.environment()
        env["XDG_CACHE_HOME"] = env["XDG_DATA_HOME"]! + "-cache"
        try PortfolioCLITests.run(env, ["buy", "AAPL", "1", "--price", "3", "--date", "2024-01-02"])
        try PortfolioCLITests.run(env, ["--source", "samples", "--format", "json"])
        env["SQUARESTOCK_NOW"] = "2025-10-30T09:00:00Z"
        env["SQUARESTOCK_ENDPOINT"] = "http://127.0.0.1:1"  // nothing listens: the quote fails
        let table = try PortfolioCLITests.run(env, ["--source", "yahoo", "--format", "table"]).stdout
        #expect(table.contains("268.84") && table.contains("(stored recorded, "), "\(table)")
        #expect(table.contains("\nnote: AAPL: yahoo "), "\(table)")
        #expect(
            table.contains("; valued at the samples price of 2025-10-29\n") && !table.contains("AAPL: AAPL"), "\(table)"
        )
    }
}

/// A trade in another currency records the FX rate of its day: the close of the pair's daily
/// history on that date (the recorded chart is served as the pair's: only the mechanism counts).
@Suite(.serialized)
struct PortfolioFXCLITests {
    @Test func aPastTradeRecordsTheCloseOfItsDay() throws {
        let routes = RouteTable()
        routes.add(
            path: "/v8/finance/chart/EURUSD%3DX",
            response: LoopbackResponse(
                body: Fixture.bytes("history/yahoo-json/yfinance-rs__AAPL_range-6mo_1d_mid-session_2025-10-28.json")))
        let server = try LoopbackHTTPServer(routes: routes)
        var env = PortfolioCLITests.environment()
        env["SQUARESTOCK_ENDPOINT"] = server.baseURL
        env["XDG_CACHE_HOME"] = env["XDG_DATA_HOME"]! + "-cache"
        try PortfolioCLITests.run(env, ["deposit", "1000", "EUR", "--date", "2025-10-01"])
        // Saturday 25 October: the last close before it is Friday's, 262.82000732421875.
        let r = try CLIRunner.run(
            [
                "portfolio", "buy", "SAP.DE", "5", "--price", "190.02", "--currency", "EUR", "--date", "2025-10-25",
                "--source", "yahoo",
            ], environment: env)
        #expect(r.exitCode == 0, "\(r.stderr)")
        // Yahoo's float 262.82000732421875 is the price 262.82 (`YahooFloatPrice`).
        #expect(r.stdout.contains("(1 EUR = 262.82 USD)"), "\(r.stdout)")
        #expect(r.stderr == "note: EUR→USD 262.82: the close of 2025-10-24\n")
        // No history at all: recorded without a rate, and said so.
        let none = try CLIRunner.run(
            [
                "portfolio", "buy", "SAP.DE", "1", "--price", "190", "--currency", "EUR", "--date", "2024-01-05",
                "--source", "samples",
            ], environment: PortfolioCLITests.environment())
        #expect(
            none.exitCode == 0
                && none.stderr.contains(
                    "no EUR→USD rate found for 2024-01-05; to record one, `portfolio undo` and record it again with --fx RATE"
                ))
    }
}
