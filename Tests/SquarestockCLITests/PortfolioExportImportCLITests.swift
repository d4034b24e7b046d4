import Foundation
import TestSupport
import Testing

/// `portfolio import` of a broker's export through the binary: found by its header, previewed
/// with every row accounted for, refused whole while a row is refused, imported with
/// `--skip-refused`, imported again adding nothing, and the ledger checked by hledger.
@Suite(.serialized)
struct PortfolioExportImportCLITests {
    static let trading212 = Fixture.testsDirectory + "/Fixtures/imports/trading212/dickwolff__trading212-export.csv"

    /// A preview into a portfolio that does not exist yet plans it as an empty one and makes
    /// nothing: its name made a portfolio row.
    @Test func aPreviewIntoANewPortfolioMakesNone() throws {
        let env = PortfolioCLITests.environment()
        try PortfolioCLITests.run(env, ["deposit", "10", "USD", "--date", "2024-01-02"])
        let preview = try PortfolioCLITests.run(env, ["import", Self.trading212, "--portfolio", "broker"])
        #expect(preview.stdout.contains("13 rows (Trading 212 history CSV): 8 new, 5 refused"), "\(preview.stdout)")
        let typo = try PortfolioCLITests.run(env, ["lots", "--portfolio", "brokerr"], exit: 1)
        #expect(typo.stderr.contains("(the ledger holds 'main')"), "\(typo.stderr)")
        // The scratch ledger of a CSV preview falls back to /tmp when TMPDIR cannot take it.
        var odd = env
        odd["TMPDIR"] = "/nonexistent-tmpdir"
        let file = env["XDG_DATA_HOME"]! + "-new.csv"
        try PortfolioCLITests.csv.write(toFile: file, atomically: true, encoding: .utf8)
        let own = try PortfolioCLITests.run(odd, ["import", file, "--portfolio", "ira"])
        #expect(own.stdout.hasSuffix("5 rows, 5 new, 0 already imported; run again with --yes to import\n"))
    }

    /// An interrupted preview into a new portfolio removes its scratch ledger, which holds the
    /// file's trades: it was left in TMPDIR. The file is a FIFO no one writes, so the preview
    /// waits in its read with the scratch ledger made until the interrupt comes.
    @Test func anInterruptedPreviewLeavesNoScratchLedger() throws {
        var env = PortfolioCLITests.environment()
        let tmp = env["XDG_DATA_HOME"]! + "-tmp"
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        env["TMPDIR"] = tmp
        let fifo = tmp + "/trades.csv"
        #expect(mkfifo(fifo, 0o600) == 0)
        let cli = try RunningCLI(
            ["portfolio", "import", fifo, "--from", "squarestock", "--portfolio", "fresh"], environment: env)
        func scratch() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? []).filter {
                $0.hasPrefix("squarestock-preview-")
            }
        }
        // Opening the FIFO to write returns once the preview opens it to read, with its scratch
        // ledger made and the interrupt caught: that is the event waited for (the bound only
        // stops a failed run from hanging). The write end stays open until the process has
        // ended, so the read never sees the end of the file.
        final class Writer: @unchecked Sendable { var fd: Int32 = -1 }
        let writer = Writer()
        let opened = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            // Read only after `opened` is signalled: the semaphore orders the two.
            writer.fd = open(fifo, O_WRONLY | O_CLOEXEC)
            opened.signal()
        }
        let wasOpened = opened.wait(timeout: .now() + 60) == .success
        #expect(wasOpened)
        #expect(scratch().count == 1)
        cli.send(SIGINT)
        let run = cli.finish()
        if wasOpened && writer.fd >= 0 { close(writer.fd) }
        #expect(run.exitCode == 128 + SIGINT, "\(run.stderr)")
        #expect(scratch().isEmpty, "\(scratch())")
    }

    @Test func aTrading212ExportIsPreviewedImportedOnceAndAgreesWithHledger() throws {
        let env = PortfolioCLITests.environment()
        let preview = try PortfolioCLITests.run(env, ["import", Self.trading212])
        #expect(preview.stdout.contains("13 rows (Trading 212 history CSV): 8 new, 5 refused"), "\(preview.stdout)")
        #expect(
            preview.stdout.contains("line 6   refused  cannot sell 0.61254 ASTR on 2023-12-26"), "\(preview.stdout)")
        #expect(preview.stdout.contains("new, line 3"))

        // A refused row stops the import whole.
        let refused = try PortfolioCLITests.run(env, ["import", Self.trading212, "--yes"], exit: 1)
        #expect(refused.stderr.contains("5 rows are refused; nothing was imported"), "\(refused.stderr)")
        #expect(
            try PortfolioCLITests.run(env, ["history", "--format", "csv"]).stdout.split(separator: "\n").count <= 1)

        let done = try PortfolioCLITests.run(env, ["import", Self.trading212, "--yes", "--skip-refused"])
        #expect(done.stdout == "imported 14 entries from 8 rows (Trading 212 history CSV)\n", "\(done.stdout)")
        let again = try PortfolioCLITests.run(env, ["import", Self.trading212, "--yes", "--skip-refused"])
        // Said with the rows still refused, not as if all were imported.
        #expect(
            again.stdout
                == "nothing to import: of the 13 rows, 5 are refused (the preview without --yes lists them with why) and the others are imported or passed over\n",
            "\(again.stdout)")

        // --from names the format; a wrong one is refused before reading.
        try PortfolioCLITests.run(env, ["import", Self.trading212, "--from", "trading212"])
        let wrong = try PortfolioCLITests.run(env, ["import", Self.trading212, "--from", "schwab"], exit: 1)
        #expect(wrong.stderr.contains("this is not a Charles Schwab transactions CSV"), "\(wrong.stderr)")

        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/hledger") else { return }
        let balance = try PortfolioCLITests.hledgerBalance(env, name: "t212")
        #expect(balance.exitCode == 0, "\(balance.stderr)")
        // 31.00 - 1.33 - 1.20 - 1.47 + 0.01 + 0.03 + 0.03 + 17.67 = 44.74 EUR; the dollars
        // bought are spent.
        let lines = balance.stdout.split(whereSeparator: \.isNewline).map(String.init)
        #expect(lines.contains(#""assets:cash:EUR","EUR","44.74""#), "\(balance.stdout)")
        #expect(!lines.contains { $0.hasPrefix(#""assets:cash:USD""#) }, "\(balance.stdout)")
        #expect(lines.contains(#""assets:stocks:CSCO","CSCO","0.029053""#), "\(balance.stdout)")
    }

    /// `undo` of an export's row reverses every entry the row made (a trade and its currency
    /// legs: one alone left the dollars of the conversion as cash), and importing the file again
    /// says which rows stay out because they were undone, instead of "all already imported".
    @Test func undoReversesAnImportedRowWholeAndAReimportSaysItStaysOut() throws {
        let env = PortfolioCLITests.environment()
        try PortfolioCLITests.run(env, ["import", Self.trading212, "--yes", "--skip-refused"])
        // The last row, a dividend (line 9), made one entry.
        #expect(
            try PortfolioCLITests.run(env, ["undo"]).stdout == "recorded #15: reverses #14 (2024-01-12 dividend INRG)\n"
        )
        let preview = try PortfolioCLITests.run(env, ["import", Self.trading212])
        #expect(preview.stdout.contains("undone, line 9"), "\(preview.stdout)")
        #expect(preview.stdout.contains("imported, line 8"), "\(preview.stdout)")
        #expect(
            preview.stdout.contains(
                "note: 1 row was imported before and then undone; an undone row is not imported again"),
            "\(preview.stdout)")
        let again = try PortfolioCLITests.run(env, ["import", Self.trading212, "--yes", "--skip-refused"])
        #expect(again.stdout.hasPrefix("nothing to import"), "\(again.stdout)")
        #expect(again.stderr.contains("note: 1 row was imported before and then undone"), "\(again.stderr)")

        try PortfolioCLITests.run(env, ["undo"])
        try PortfolioCLITests.run(env, ["undo"])
        // The purchase of ASTS in dollars, bought with euros: the trade and both legs.
        let trade = try PortfolioCLITests.run(env, ["undo"])
        #expect(
            trade.stdout
                == "recorded #18: reverses #11 (2023-12-18 buy ASTS)\nrecorded #19: reverses #10 (2023-12-18 exchange)\n"
                + "recorded #20: reverses #9 (2023-12-18 exchange)\n"
                + "(one row of an import made these 3 entries: they are undone together)\n", "\(trade.stdout)")
        let show = try PortfolioCLITests.run(env, ["show", "--format", "csv", "--offline"])
        #expect(!show.stdout.contains("ASTS"), "\(show.stdout)")
        // The dollars the conversion bought are gone with the trade (one leg alone left 1.60 USD
        // of cash), and the 1.47 euros it spent are back: 27.07 - 0.03 - 0.03 + 1.47.
        let cash = show.stdout.split(separator: "\n").filter { $0.hasPrefix("CASH,") }
        #expect(cash == ["CASH,28.48,EUR,,,,,28.48,,,,,,,cash,"], "\(show.stdout)")
        let json = try PortfolioCLITests.run(env, ["undo", "--format", "json"])
        #expect(json.stdout.components(separatedBy: "\"reverses\"").count == 4, "\(json.stdout)")
    }

    /// A book rebuilt from its own export keeps no broker's keys: the broker's export imported
    /// after it doubled every trade without a word. Each new row like an entry no export recorded
    /// now says so, with the entries; a book imported from the export alone says nothing.
    @Test func aRowLikeAnEntryNoExportRecordedIsNamed() throws {
        let env = PortfolioCLITests.environment()
        try PortfolioCLITests.run(env, ["import", Self.trading212, "--yes", "--skip-refused", "--portfolio", "a"])
        let csv = env["XDG_DATA_HOME"]! + "-rebuilt.csv"
        try PortfolioCLITests.run(env, ["export", "--portfolio", "a"]).stdout.write(
            toFile: csv, atomically: true, encoding: .utf8)
        try PortfolioCLITests.run(env, ["import", csv, "--yes", "--portfolio", "b"])
        let again = try PortfolioCLITests.run(env, ["import", Self.trading212, "--portfolio", "b"]).stdout
        // Line 3 made a trade and its two currency legs, entries #17 to #19 of the rebuilt book.
        #expect(
            again.contains(
                "note: line 3: like #17, #18, #19 of the ledger, which no export recorded (same day, symbol, quantity and amount): if the same, this records them twice"
            ), "\(again)")
        let fresh = try PortfolioCLITests.run(env, ["import", Self.trading212, "--portfolio", "c"]).stdout
        #expect(!fresh.contains("which no export recorded"), "\(fresh)")
    }

    /// A broker's export with a control or invisible character in a cell: the row is refused,
    /// naming the cell, as squarestock's own CSV is; cleaned, `1<ESC>[2J0` was bought as 10
    /// shares, `MS<ZWSP>FT` as MSFT, and an IBKR Flex `quantity="1&#27;0"` as 1.
    @Test func aBrokersCellWithHiddenCharactersRefusesItsRow() throws {
        let env = PortfolioCLITests.environment()
        let csv = env["XDG_DATA_HOME"]! + "-schwab.csv"
        try
            ("Date,Action,Symbol,Description,Quantity,Price,Fees & Comm,Amount\n"
            + "06/13/2024,Buy,AVGO,X,1\u{1B}[2J0,$1680.00,,-$16\u{1B}[0m80.00\n"
            + "06/15/2024,Buy,MS\u{200B}FT,X,1,$1.00,,-$1.00\n"
            + "06/16/2024,Buy,AAPL,\"Apple  Inc. \",1,$1.00,,-$1.00\n").write(
                toFile: csv, atomically: true, encoding: .utf8)
        let preview = try PortfolioCLITests.run(env, ["import", csv])
        #expect(
            preview.stdout.contains("line 2  refused  the cell '1\\u{1B}[2J0' holds a control or invisible character"),
            "\(preview.stdout)")
        #expect(preview.stdout.contains("line 3  refused  the cell 'MS\\u{200B}FT'"), "\(preview.stdout)")
        #expect(preview.stdout.contains("3 rows (Charles Schwab transactions CSV): 1 new, 2 refused"))
        #expect(!preview.stdout.contains("\u{1B}"))
        try PortfolioCLITests.run(env, ["import", csv, "--yes"], exit: 1)

        let xml = env["XDG_DATA_HOME"]! + "-flex.xml"
        let flex = try String(
            contentsOfFile: Fixture.testsDirectory + "/Fixtures/imports/ibkr/SYNTHETIC_flex.xml", encoding: .utf8)
        let tampered = flex.replacingOccurrences(
            of: "quantity=\"10\" tradePrice=\"179.66\"", with: "quantity=\"1&#27;0\" tradePrice=\"179.66\"")
        #expect(tampered != flex)
        try tampered.write(toFile: xml, atomically: true, encoding: .utf8)
        let flexPreview = try PortfolioCLITests.run(env, ["import", xml])
        #expect(flexPreview.stdout.contains("refused  the cell '1\\u{1B}0' holds a control"), "\(flexPreview.stdout)")
    }

    /// A DEGIRO order's rows stand or fall together: with its sale refused, its fee and its
    /// currency legs are refused too (with --skip-refused they moved the cash of a sale that
    /// was not recorded: 63.97 USD out, 54.57 EUR in).
    @Test func aRefusedTradesFeeAndCurrencyLegsAreRefusedWithIt() throws {
        let env = PortfolioCLITests.environment()
        let file = Fixture.testsDirectory + "/Fixtures/imports/degiro/dickwolff__degiro-export.csv"
        let preview = try PortfolioCLITests.run(env, ["import", file]).stdout
        for line in [26, 27, 28] {
            #expect(
                preview.contains("line \(line)  refused  part of the order of line 29, which is refused"), "\(preview)")
        }
        #expect(preview.contains("line 29  refused  cannot sell 1 CA0641491075 on 2021-08-10"), "\(preview)")
        try PortfolioCLITests.run(env, ["import", file, "--yes", "--skip-refused"])
        let history = try PortfolioCLITests.run(env, ["history", "--format", "csv"]).stdout
        #expect(!history.contains("2021-08-10"), "\(history)")
    }

    /// In a DEGIRO file, a row with a hidden character refuses its order's other rows too (the
    /// fee's cell with a zero-width space left the purchase and its currency legs to import), and
    /// text encoded twice (`HERMÃ\u{88}S` for `HERMÈS`, whose second byte is a C1 control) is
    /// repaired, not taken for a hidden character.
    @Test func aDEGIROOrderWithAHiddenCharacterIsRefusedWhole() throws {
        let env = PortfolioCLITests.environment()
        let original = try String(
            contentsOfFile: Fixture.testsDirectory + "/Fixtures/imports/degiro/dickwolff__degiro-export.csv",
            encoding: .utf8)
        let fee = "VICI PROPERTIES INC. C,US9256521090,DEGIRO Transactiekosten"
        let twice = "CLEARWAY ENERGY INC.,US18539C2044,Dividend,"
        #expect(original.contains(fee) && original.contains(twice))
        let tampered = original.replacingOccurrences(
            of: fee, with: "VICI PROPERTIES\u{200B} INC. C,US9256521090,DEGIRO Transactiekosten"
        ).replacingOccurrences(of: twice, with: "HERM\u{C3}\u{88}S,US18539C2044,Dividend,")
        let file = env["XDG_DATA_HOME"]! + "-degiro.csv"
        try tampered.write(toFile: file, atomically: true, encoding: .utf8)
        let preview = try PortfolioCLITests.run(env, ["import", file]).stdout
        #expect(preview.contains("line 21  refused  the cell 'VICI PROPERTIES\\u{200B} INC. C'"), "\(preview)")
        for line in [18, 20, 22] {
            #expect(
                preview.contains("line \(line)  refused  part of the order of line 21, which is refused"), "\(preview)")
        }
        // The dividend of the twice-encoded product imports as before.
        #expect(!preview.contains("line 14  refused"), "\(preview)")
        #expect(preview.contains("new, line 14"), "\(preview)")
    }

    /// A folded row says what it was folded into: a dividend's withholding, or a leg of a trade
    /// (the cash spent, its fee), which was called "the tax withheld from the dividend" too.
    @Test func aFoldedRowSaysWhatItWasFoldedInto() throws {
        let env = PortfolioCLITests.environment()
        let imports = Fixture.testsDirectory + "/Fixtures/imports/"
        let binance = try PortfolioCLITests.run(env, ["import", imports + "binance/SYNTHETIC_statement.csv"]).stdout
        #expect(binance.contains("line 6   folded   a leg of the trade on line 3 (its cash or fee)"), "\(binance)")
        #expect(!binance.contains("dividend"), "\(binance)")
        #expect(binance.contains("6 folded into the trade or transfer they are part of"), "\(binance)")
        let ibkr = try PortfolioCLITests.run(env, ["import", imports + "ibkr/dickwolff__ibkr-dividends-export.csv"])
        #expect(ibkr.stdout.contains("line 4  folded   the tax withheld from the dividend on line 2"), "\(ibkr.stdout)")
        #expect(ibkr.stdout.contains("6 new, 4 folded into a dividend, 1 skipped;"), "\(ibkr.stdout)")
    }

    /// squarestock's own CSV: a value is taken as typed or refused (never cleaned into another
    /// symbol), and `--skip-refused` says it is for exports; nothing is written by either.
    @Test func ownCSVValuesAreTakenAsTypedOrRefused() throws {
        let env = PortfolioCLITests.environment()
        let header = "date,kind,symbol,quantity,price,fee,currency,amount,withheld,ratio,lot,note,fx\n"
        func file(_ rows: String) throws -> String {
            let path = TemporaryPath.make("own", suffix: ".csv")
            try (header + rows).write(toFile: path, atomically: false, encoding: .utf8)
            return path
        }
        let hidden = try file("2024-03-01,buy,AA\u{1B}[2JPL,1,1,,USD,,,,,,\n")
        let escaped = try PortfolioCLITests.run(env, ["import", hidden, "--yes"], exit: 1)
        #expect(
            escaped.stderr.contains("line 2: the symbol cell 'AA\\u{1B}[2JPL' holds a control or non-ASCII character"),
            "\(escaped.stderr)")
        let invisible = try file("2024-03-01,buy,A\u{200B}APL,1,1,,USD,,,,,,\n")
        let zeroWidth = try PortfolioCLITests.run(env, ["import", invisible, "--yes"], exit: 1)
        #expect(zeroWidth.stderr.contains("'A\\u{200B}APL'"), "\(zeroWidth.stderr)")
        // A note is text: cleaned, and taken.
        let noted = try file("2024-03-01,buy,AAPL,1,1,,USD,,,,,bought \u{1B}[31mtoday,\n")
        #expect(try PortfolioCLITests.run(env, ["import", noted, "--yes"]).stdout == "imported 1 entry\n")
        // A header alone is a file with no rows (it said "the journal is empty" and "0 rows, all
        // already imported").
        let empty = try file("")
        #expect(
            try PortfolioCLITests.run(env, ["import", empty]).stdout
                == "the file has no rows after its header; nothing to import\n")
        #expect(
            try PortfolioCLITests.run(env, ["import", empty, "--yes"]).stdout
                == "the file has no rows after its header; nothing imported\n")
        let amounts = try file("2024-03-02,sell,QQQ,2,10,,USD,,,,,,\n")
        let skip = try PortfolioCLITests.run(env, ["import", amounts, "--yes", "--skip-refused"], exit: 2)
        #expect(skip.stderr.contains("--skip-refused is for a broker's or exchange's export"), "\(skip.stderr)")
        let history = try PortfolioCLITests.run(env, ["history", "--format", "csv"])
        #expect(history.stdout.split(separator: "\n").count == 2, "\(history.stdout)")
        // A command line's symbol is echoed with its escapes shown, not as the valid AAPL.
        let typed = try PortfolioCLITests.run(env, ["buy", "AA\u{1B}[2JPL", "1", "--price", "1"], exit: 1)
        #expect(typed.stderr.contains("'AA\\u{1B}[2JPL' is not a symbol"), "\(typed.stderr)")
        // A portfolio name that would reach the terminal raw is refused where it is named.
        let name = try CLIRunner.run(
            ["portfolio", "deposit", "1", "USD", "--portfolio", "ev\u{1B}]0;x\u{7}il"], environment: env)
        #expect(name.exitCode == 2 && name.stderr.contains("the portfolio name 'ev\\u{1B}]0;x\\u{7}il' holds"))
    }

    /// A dividend in another currency takes its rate as a trade does (`--fx`), which the note
    /// for a missing rate tells one to give.
    @Test func aDividendTakesItsRate() throws {
        let env = PortfolioCLITests.environment()
        let paid = try PortfolioCLITests.run(
            env, ["dividend", "SAP.DE", "6.60", "--currency", "EUR", "--fx", "1.1", "--date", "2024-08-16"])
        #expect(!paid.stderr.contains("no EUR→USD rate"), "\(paid.stderr)")
        let history = try PortfolioCLITests.run(env, ["history", "--format", "csv"])
        #expect(history.stdout.contains(",dividend,SAP.DE,") && history.stdout.contains(",1.1"), "\(history.stdout)")
        let bad = try PortfolioCLITests.run(env, ["dividend", "SAP.DE", "1", "--fx", "0"], exit: 2)
        #expect(bad.stderr.contains("--fx must be a number above 0"))
    }

    /// An unknown layout is refused with the columns found and the formats that exist.
    @Test func anUnknownLayoutNamesTheFormats() throws {
        let env = PortfolioCLITests.environment()
        let path = TemporaryPath.make("bank", suffix: ".csv")
        defer { unlink(path) }
        try "Booking date;Amount\n2024-01-02;3.50\n".write(toFile: path, atomically: false, encoding: .utf8)
        let r = try PortfolioCLITests.run(env, ["import", path], exit: 1)
        #expect(r.stderr.contains("no export layout has this header (the columns Booking date;Amount)"), "\(r.stderr)")
        #expect(r.stderr.contains("schwab (Charles Schwab transactions CSV)"))
    }
}
