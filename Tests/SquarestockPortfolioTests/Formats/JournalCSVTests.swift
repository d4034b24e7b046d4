import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockPortfolio

#if canImport(Glibc)
    import Glibc
#endif

/// The portfolio's CSV layout (`JournalCSV`): the export's exact text, and an export that
/// imports back to the same entries, amounts exact to the last digit of every currency; the
/// header found by its names in any order; the first bad row refused with its line, counted in
/// physical lines; fields with commas, quotes and line ends quoted; formula cells marked and
/// unmarked; CRLF, bare CR and a byte-order mark read as LF; each row's import identity; a row
/// that never ends refused where it starts.
struct JournalCSVTests: LedgerSpec {
    static let header = "date,kind,symbol,quantity,price,fee,currency,amount,withheld,ratio,lot,note,fx,method"

    /// What importing a file of `bytes` hands to the ledger (ids given out 1, 2, ... as a new
    /// ledger would), and the refusal that stopped it, if any.
    static func read(_ bytes: [UInt8], method: LotMethod? = nil) -> (entries: [JournalEntry], error: PortfolioError?) {
        let path = TemporaryPath.make("journal-csv", suffix: ".csv")
        defer { unlink(path) }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            return ([], .unreadableFile("the test could not write \(path)"))
        }
        var entries: [JournalEntry] = []
        let outcome = Result { () throws(PortfolioError) in
            try JournalCSV.read(path: path, today: today, method: method) { e, _ throws(PortfolioError) in
                var e = e
                e.id = Int64(entries.count + 1)
                entries.append(e)
                return (e.id!, true)
            }
        }
        if case .failure(let error) = outcome { return (entries, error) }
        return (entries, nil)
    }

    static func read(_ text: String, method: LotMethod? = nil) -> (entries: [JournalEntry], error: PortfolioError?) {
        read(Array(text.utf8), method: method)
    }

    static func withoutKeys(_ entries: [JournalEntry]) -> [JournalEntry] {
        entries.map { e in
            var e = e
            e.importKey = nil
            e.formerImportKey = nil
            return e
        }
    }

    static func withAmount(_ e: JournalEntry, _ amount: Int64) -> JournalEntry {
        var e = e
        e.amount = amount
        return e
    }

    static func trade(
        _ kind: EntryKind, _ symbol: String, _ q: String, _ p: String, fee: String? = nil, _ currency: String = "USD",
        on date: CivilDate, lot: Int64? = nil, fx: String? = nil, note: String? = nil
    ) throws -> JournalEntry {
        var e = try EntryFactory.trade(
            kind, symbol: symbol, quantity: d(q), price: d(p), fee: fee, currency: currency, date: date, today: today,
            lot: lot, fxRate: fx.map(d))
        e.note = note
        return e
    }

    static func cash(
        _ kind: EntryKind, _ amount: String, _ currency: String = "USD", on date: CivilDate, note: String? = nil
    ) throws -> JournalEntry {
        var e = try EntryFactory.cash(kind, amount: amount, currency: currency, date: date, today: today)
        e.note = note
        return e
    }

    static func dividend(
        _ symbol: String, _ amount: String, withheld: String?, _ currency: String = "USD", on date: CivilDate,
        note: String? = nil
    ) throws -> JournalEntry {
        var e = try EntryFactory.dividend(
            symbol: symbol, amount: amount, withheld: withheld, currency: currency, date: date, today: today)
        e.note = note
        return e
    }

    // MARK: Export, and back

    /// The layout's own example (the type's documentation), as written: a unit price with
    /// trailing zeros is written as stored (`220.1`), money with its currency's digits, a named
    /// lot as the row of its purchase, a note with a comma quoted.
    @Test func theExportOfASmallBookIsTheLayoutsExample() throws {
        let entries = Self.numbered([
            try Self.cash(.deposit, "5000", on: Self.day(1, 2)),
            try Self.trade(.buy, "AAPL", "10", "150.25", fee: "1", on: Self.day(3, 1)),
            try EntryFactory.split(symbol: "AAPL", ratio: "4:1", date: Self.day(6, 10), today: Self.today),
            try Self.dividend("AAPL", "9.6", withheld: "1.44", on: Self.day(8, 15)),
            try Self.trade(.sell, "AAPL", "5", "220.10", fee: "1", on: Self.day(9, 2), lot: 2, note: "sold, finally"),
            try Self.trade(.buy, "SAP.DE", "5", "190.02", fee: "2.5", "EUR", on: Self.day(9, 3), fx: "1.0862"),
        ])
        // A book without rates keeps the layout without `fx_base`.
        #expect(
            JournalCSV.write(Array(entries.prefix(5))).hasPrefix(
                Self.header + "\n2024-01-02,deposit,,,,,USD,5000.00,,,,,,\n"))
        var withBase = entries
        withBase[5].fxBase = "USD"
        let text = JournalCSV.write(withBase)
        #expect(
            text == """
                \(Self.known)
                2024-01-02,deposit,,,,,USD,5000.00,,,,,,,
                2024-03-01,buy,AAPL,10,150.25,1.00,USD,,,,,,,,
                2024-06-10,split,AAPL,,,,,,,4:1,,,,,
                2024-08-15,dividend,AAPL,,,,USD,9.60,1.44,,,,,,
                2024-09-02,sell,AAPL,5,220.1,1.00,USD,,,,row 2,"sold, finally",,,
                2024-09-03,buy,SAP.DE,5,190.02,2.50,EUR,,,,,,1.0862,,USD

                """)
        // Read back with its base; a row's identity is the one it had without the column.
        let (imported, error) = Self.read(text)
        #expect(error == nil)
        #expect(imported.last?.fxBase == "USD")
        let withoutColumn =
            text.split(separator: "\n").map { line in line[..<line.lastIndex(of: ",")!] }
            .joined(separator: "\n") + "\n"
        let (older, olderError) = Self.read(withoutColumn)
        #expect(olderError == nil && older.count == imported.count)
        #expect(older.map(\.importKey) == imported.map(\.importKey))
        #expect(older.last?.fxBase == nil)
    }

    /// A HIFO book's export imported into a FIFO portfolio sold other lots for another gain,
    /// silently: an export writes the method on each sale that names no lot, and a portfolio of
    /// another method refuses the row with the command that makes them agree.
    @Test func aSaleCarriesItsLotMethod() throws {
        let entries = Self.numbered([
            try Self.trade(.buy, "XYZ", "10", "100", on: Self.day(1, 2)),
            try Self.trade(.buy, "XYZ", "10", "120", on: Self.day(2, 1)),
            try Self.trade(.sell, "XYZ", "5", "130", on: Self.day(4, 1)),
            try Self.trade(.sell, "XYZ", "1", "130", on: Self.day(4, 2), lot: 1),
        ])
        let text = JournalCSV.write(entries, method: .hifo)
        let rows = text.split(separator: "\n").map(String.init)
        #expect(rows[3] == "2024-04-01,sell,XYZ,5,130,,USD,,,,,,,hifo", "\(text)")
        #expect(rows[4] == "2024-04-02,sell,XYZ,1,130,,USD,,,,row 1,,,", "a named lot needs no method: \(text)")
        #expect(Self.read(text, method: .hifo).error == nil)
        #expect(Self.read(text).error == nil, "a reader told no method checks none")
        #expect(
            Self.read(text, method: .fifo).error
                == .importLine(
                    line: 4,
                    detail:
                        "this sale was made under hifo lots and this portfolio sells fifo lots, which would realize another gain: "
                        + "set the portfolio's method first (`squarestock portfolio method hifo`, with this import's "
                        + "--portfolio), or empty the method cell to sell fifo lots"))
        let header = Self.header + "\n"
        #expect(
            Self.read(header + "2024-01-02,buy,XYZ,1,1,,USD,,,,,,,fifo\n", method: .fifo).error
                == .importLine(line: 2, detail: "a lot method belongs to a sale (got one on a buy)"))
        #expect(
            Self.read(header + "2024-01-02,buy,XYZ,1,1,,USD,,,,,,,\n2024-01-03,sell,XYZ,1,1,,USD,,,,,,,best\n").error
                == .importLine(line: 3, detail: "method must be one of fifo, lifo, hifo, average (got 'best')"))
    }

    /// An export made before the `method` column and one made after hold the same rows: their
    /// identities are equal, so importing the new one after the old adds nothing (every row was
    /// new, and the book doubled).
    @Test func theMethodCellIsNoPartOfARowsIdentity() throws {
        let old =
            "date,kind,symbol,quantity,price,fee,currency,amount,withheld,ratio,lot,note,fx\n"
            + "2024-01-02,buy,XYZ,10,100,,USD,,,,,,\n2024-04-01,sell,XYZ,5,130,,USD,,,,,,\n"
        let new =
            Self.header + "\n" + "2024-01-02,buy,XYZ,10,100,,USD,,,,,,,\n2024-04-01,sell,XYZ,5,130,,USD,,,,,,,fifo\n"
        let before = Self.read(old)
        let after = Self.read(new, method: .fifo)
        #expect(before.error == nil && after.error == nil)
        #expect(before.entries.count == 2 && before.entries.map(\.importKey) == after.entries.map(\.importKey))
    }

    /// A book of every kind, four currencies of 0, 2, 3 and 8 digits, a named lot, an FX rate,
    /// odd symbols and notes that need quoting or a mark (notes as the ledger holds them: made by
    /// an import, they have no control characters): exported, imported, the same entries (ids as
    /// a new ledger gives them); exported again, the same text.
    static func everyKind() throws -> [JournalEntry] {
        numbered([
            try cash(.deposit, "5000", on: day(1, 2)),
            try cash(.deposit, "0.12345678", "BTC", on: day(1, 2)),
            try trade(.buy, "AAPL", "10", "150.25", fee: "1", on: day(3, 1), note: "a, \"quoted\" note"),
            try trade(.buy, "7203.T", "100", "2500.5", fee: "500", "JPY", on: day(3, 2)),
            try trade(.buy, "SAP.DE", "5", "190.02", fee: "2.50", "EUR", on: day(3, 3), fx: "1.08623456789"),
            try trade(.buy, "BTC-USD", "0.00012345", "43210.98765432", on: day(3, 4), note: "=HYPERLINK(\"http://x\")"),
            try trade(.buy, "-DASH", "3", "1", on: day(3, 5), note: "@mention"),
            try EntryFactory.split(symbol: "AAPL", ratio: "1:10", date: day(6, 10), today: today),
            try dividend("XYZ.KW", "1.234", withheld: "0.001", "KWD", on: day(6, 11), note: "semi; colon"),
            try trade(.sell, "AAPL", "0.5", "2201", fee: "1", on: day(9, 2), lot: 3, note: "-5 from the first lot"),
            try dividend("AAPL", "9.60", withheld: "1.44", on: day(9, 3), note: "'tis"),
            try cash(.withdraw, "100", on: day(9, 4), note: "+1"),
            try trade(.sell, "7203.T", "40", "2700", "JPY", on: day(9, 5), fx: "0.0067"),
            // A broker's trade: the cash it moved (250.65) is not quantity x price (2.50).
            withAmount(try trade(.buy, "OPT.X", "1", "2.5", on: day(9, 5)), 25_065),
            try EntryFactory.exchange(amount: "-1000", currency: "USD", date: day(9, 6), today: today),
            try EntryFactory.exchange(amount: "920.45", currency: "EUR", date: day(9, 6), today: today),
            try EntryFactory.fee(amount: "0.50", currency: "USD", symbol: "AAPL", date: day(9, 7), today: today),
            try EntryFactory.interest(
                amount: "1.234", withheld: "0.12", currency: "KWD", date: day(9, 8), today: today),
        ])
    }

    @Test func anExportImportsBackToTheSameEntries() throws {
        let entries = try Self.everyKind()
        let text = JournalCSV.write(entries)
        let (imported, error) = Self.read(text)
        #expect(error == nil)
        #expect(Self.withoutKeys(imported) == entries)
        #expect(JournalCSV.write(imported) == text)
    }

    /// Reversals and the entries they reverse are not exported: the file holds the book as it is.
    @Test func onlyTheEntriesInEffectAreExported() throws {
        var entries = try Self.everyKind()
        entries.append(JournalEntry(id: 100, kind: .reversal, date: Self.today, currency: "USD", reverses: 12))
        let rows = JournalCSV.write(entries).split(separator: "\n")
        #expect(!rows.contains { $0.contains(",withdraw,") })
        #expect(!rows.contains { $0.contains("reversal") })
        #expect(JournalCSV.write(entries) == JournalCSV.write(entries.filter { $0.id != 12 && $0.id != 100 }))
    }

    /// Quantities, prices and rates are written with every digit they hold, money with exactly
    /// its currency's digits (JPY 0, USD 2, KWD 3, BTC 8), and read back to the same value.
    @Test func decimalsAreKeptExactly() throws {
        let entries = Self.numbered([
            try Self.trade(.buy, "BTC-USD", "0.00012345", "43210.98765432", on: Self.day(3, 4)),
            try Self.trade(.buy, "BIG", "123456789.123456789", "0.01", on: Self.day(3, 4)),
            try Self.trade(
                .buy, "SAP.DE", "5", "190.0200", fee: "2.5", "EUR", on: Self.day(3, 4), fx: "1.086234567891"),
            try Self.dividend("XYZ.KW", "1.234", withheld: "0.001", "KWD", on: Self.day(3, 4)),
            try Self.cash(.deposit, "1500", "JPY", on: Self.day(3, 4)),
            try Self.cash(.deposit, "0.12345678", "BTC", on: Self.day(3, 4)),
        ])
        // 0.00012345 × 43210.98765432 = 5.3344...; 123456789.123456789 × 0.01 = 1234567.891...
        #expect(entries.map(\.amount) == [533, 123_456_789, 95_010, 1_234, 1_500, 12_345_678])
        let text = JournalCSV.write(entries)
        #expect(
            text.split(separator: "\n").dropFirst().map(String.init) == [
                "2024-03-04,buy,BTC-USD,0.00012345,43210.98765432,,USD,,,,,,,,",
                "2024-03-04,buy,BIG,123456789.123456789,0.01,,USD,,,,,,,,",
                "2024-03-04,buy,SAP.DE,5,190.02,2.50,EUR,,,,,,1.086234567891,,",
                "2024-03-04,dividend,XYZ.KW,,,,KWD,1.234,0.001,,,,,,",
                "2024-03-04,deposit,,,,,JPY,1500,,,,,,,",
                "2024-03-04,deposit,,,,,BTC,0.12345678,,,,,,,",
            ])
        let (imported, error) = Self.read(text)
        #expect(error == nil)
        #expect(Self.withoutKeys(imported) == entries)
        #expect(imported.map { $0.quantity?.description } == ["0.00012345", "123456789.123456789", "5", nil, nil, nil])
    }

    // MARK: Quoting and the spreadsheet mark

    /// A note holding a comma, a quote or a line end is written in quotes, its quotes doubled,
    /// so the row stays one row; read back, it is the note, its line ends made spaces (every
    /// text squarestock reads is cleaned of control characters).
    @Test(arguments: [
        ("a, b", "\"a, b\"", "a, b"),
        ("say \"hi\"", "\"say \"\"hi\"\"\"", "say \"hi\""),
        ("\"", "\"\"\"\"", "\""),
        ("two\nlines", "\"two\nlines\"", "two lines"),
        ("crlf\r\nend", "\"crlf\r\nend\"", "crlf end"),
        ("cr\ronly", "\"cr\ronly\"", "cr only"),
        ("plain words; no quoting", "plain words; no quoting", "plain words; no quoting"),
    ])
    func aNoteIsQuotedWhenItMustBe(note: String, cell: String, readBack: String) throws {
        let entry = Self.numbered([try Self.cash(.deposit, "1", on: Self.day(1, 2), note: note)])
        let text = JournalCSV.write(entry)
        #expect(text == Self.header + "\n2024-01-02,deposit,,,,,USD,1.00,,,," + cell + ",,\n")
        let (read, error) = Self.read(text)
        #expect(error == nil)
        #expect(read.map(\.note) == [readBack])
    }

    /// A cell a spreadsheet would evaluate is written with a `'` in front (inside the quotes when
    /// it needs them) and imported without it; a number is never marked.
    @Test(arguments: [
        ("=1+1", "'=1+1"),
        ("+SUM(A1)", "'+SUM(A1)"),
        ("-2+3", "'-2+3"),
        ("@cmd", "'@cmd"),
        ("'tis", "''tis"),
        ("=A1,B1", "\"'=A1,B1\""),
        ("-5 from the first lot", "'-5 from the first lot"),
        ("-12.50", "-12.50"),
    ])
    func aFormulaCellIsMarkedAndUnmarked(note: String, cell: String) throws {
        let entry = Self.numbered([try Self.cash(.deposit, "1", on: Self.day(1, 2), note: note)])
        let text = JournalCSV.write(entry)
        #expect(text == Self.header + "\n2024-01-02,deposit,,,,,USD,1.00,,,," + cell + ",,\n")
        #expect(Self.read(text).entries.map(\.note) == [note])
    }

    @Test func aSymbolThatLooksLikeAFormulaIsMarkedToo() throws {
        let entries = Self.numbered([
            try Self.trade(.buy, "=CMD", "1", "2", on: Self.day(3, 1)),
            try Self.trade(.buy, "-DASH", "1", "2", on: Self.day(3, 1)),
        ])
        let text = JournalCSV.write(entries)
        #expect(text.contains("\n2024-03-01,buy,'=CMD,1,2,,USD,,,,,,,\n2024-03-01,buy,'-DASH,1,2,,USD,,,,,,,\n"))
        #expect(Self.read(text).entries.map(\.symbol) == ["=CMD", "-DASH"])
    }

    // MARK: The header

    /// The header names the columns it has, in any order, any case, padded or not; blank lines
    /// and rows of empty cells are skipped; a row may stop before the header's last column.
    @Test(arguments: [
        "date,kind,symbol,quantity,price\n2024-03-01,buy,AAPL,1,2\n",
        " Price , QUANTITY,Symbol,KIND,Date\n2,1,AAPL,buy,2024-03-01\n",
        "\n\n,,\ndate,kind,symbol,quantity,price\n\n2024-03-01,buy,AAPL,1,2\n\n",
        header + "\n2024-03-01,buy,AAPL,1,2\n",
    ])
    func theHeaderIsFoundByItsNames(csv: String) throws {
        let (entries, error) = Self.read(csv)
        #expect(error == nil)
        #expect(
            Self.withoutKeys(entries) == [
                JournalEntry(
                    id: 1, kind: .buy, date: Self.day(3, 1), symbol: "AAPL", quantity: Self.d("1"), price: Self.d("2"),
                    currency: "USD", amount: 200)
            ])
    }

    /// Every column a file may have: the written ones and `fx_base`, written only with rates.
    static let known = header + ",fx_base"
    static let layout = "the header must name the columns: " + known

    @Test(arguments: [
        ("", 1, "the file is empty; its first line must name the columns: " + known),
        ("\n\n", 1, "the file is empty; its first line must name the columns: " + known),
        ("2024-03-01,buy,AAPL,1,2\n", 1, layout),
        ("date,symbol,quantity\n2024-03-01,AAPL,1\n", 1, layout),
        ("date,kind,ticker\n", 1, "unknown column 'ticker'; the columns are " + known),
        ("date,kind,Date\n", 1, "the column 'date' is named twice"),
        // The header's line is the file's, after any blank lines.
        ("\n\ndate,kind,ticker\n", 3, "unknown column 'ticker'; the columns are " + known),
        ("\r\n\r\n2024-03-01,buy,AAPL,1,2\r\n", 3, layout),
        (",,\ndate,kind,date\n", 2, "the column 'date' is named twice"),
    ])
    func aFileWithoutTheHeaderIsRefused(csv: String, line: Int, detail: String) throws {
        let (entries, error) = Self.read(csv)
        #expect(entries.isEmpty)
        #expect(error == .importLine(line: line, detail: detail))
    }

    // MARK: Bad rows

    /// Line 2 is a good purchase of AAPL; line 3 is refused, naming why; nothing after it is read.
    @Test(arguments: [
        ("2024/03/01,buy,AAPL,1,2", "the date must be YYYY-MM-DD"),
        ("2024-02-30,buy,AAPL,1,2", "the date must be YYYY-MM-DD"),
        (
            "2024-03-02,transfer,AAPL,1,2",
            "the kind must be one of buy, sell, dividend, split, deposit, withdraw, interest, fee, exchange"
        ),
        (
            "2024-03-02,reversal,AAPL",
            "the kind must be one of buy, sell, dividend, split, deposit, withdraw, interest, fee, exchange"
        ),
        ("2024-03-02,sell,,1,2", "a sell needs a symbol"),
        ("2024-03-02,buy,A;B,1,2", PortfolioError.invalidSymbol("A;B").description),
        ("2024-03-02,buy,AAPL,0,2", "the quantity must be a number above 0"),
        ("2024-03-02,buy,AAPL,1,-2", "the price must be a number above 0"),
        // Said as what it is, not as "a number above 0".
        (
            "2024-03-02,buy,AAPL,12345678901234567890123456789012345678,2",
            "the quantity '12345678901234567890123456789012345678' has more digits than the 18 a value holds"
        ),
        ("2024-03-02,buy,AAPL,1,\"150,25\"", "the price '150,25' has a decimal comma: write it with a point (150.25)"),
        ("2024-03-02,buy,AAPL,ten,2", "the quantity 'ten' is not a number"),
        (
            "2024-03-02,buy,AAPL,\"1,000\",2",
            "the quantity '1,000' has a comma: write 1000 if it is a thousands separator, or 1.000 if it is a decimal comma"
        ),
        (
            "2024-03-02,buy,AAPL,1,2,1.001",
            PortfolioError.tooPrecise("the fee 1.001", currency: "USD", exponent: 2).description
        ),
        ("2024-03-02,buy,AAPL,1,2,,XYZ", PortfolioError.unknownCurrency("XYZ").description),
        (
            "2024-03-02,deposit,,,,,jpy,1.5",
            PortfolioError.tooPrecise("the amount 1.5", currency: "JPY", exponent: 0).description
        ),
        ("2024-03-02,deposit,,,,,USD,-5", "the amount cannot be negative (got -5)"),
        ("2024-03-02,withdraw,,,,,USD,0", "the amount must be above 0"),
        ("2024-03-02,exchange,,,,,USD,0", "an exchange leg's amount is signed and not 0 (-100.00 sold, 108.62 bought)"),
        ("2024-03-02,fee,,,,,USD,-1", "the fee cannot be negative (got -1)"),
        ("2024-03-02,interest,,,,,USD,1.00,1.50", "the tax withheld is more than the interest"),
        (
            "2026-11-27,deposit,,,,,USD,1",
            PortfolioError.futureDate(CivilDate(year: 2026, month: 11, day: 27), today: today).description
        ),
        ("2024-03-02,dividend,AAPL,,,,USD,1.00,1.01", "the tax withheld is more than the dividend"),
        ("2024-03-02,split,AAPL,,,,,,,4-1", "a split ratio is NEW:OLD, such as 4:1 or 1:10 (got '4-1')"),
        ("2024-03-02,sell,MSFT,1,2,,USD,,,,row 1", "lot 'row 1' is not an earlier purchase of MSFT in this file"),
        ("2024-03-02,sell,AAPL,1,2,,USD,,,,row 2", "lot 'row 2' is not an earlier purchase of AAPL in this file"),
        ("2024-03-02,sell,AAPL,1,2,,USD,,,,first", "lot must be a lot id or `row N` (got 'first')"),
        (
            "2024-03-02,deposit,,,,,USD,1,,,,,1.1",
            "an fx rate belongs to a buy, sell or dividend (got one on a deposit)"
        ),
        ("2024-03-02,buy,AAPL,1,2,,USD,,,,,,0", "fx must be a number above 0 (got '0')"),
        (
            "2024-03-02,deposit,,,,,USD,1,,,,,,,extra",
            "15 cells where the header names 14; put a note holding a comma in double quotes"
        ),
    ])
    func aBadRowIsRefusedWithItsLine(row: String, detail: String) throws {
        let csv = Self.header + "\n2024-03-01,buy,AAPL,10,150\n" + row + "\n2024-03-03,deposit,,,,,USD,1\n"
        let (entries, error) = Self.read(csv)
        #expect(error == .importLine(line: 3, detail: detail))
        #expect(entries.map(\.kind) == [.buy])
    }

    /// A value is taken as typed: tabs around it are trimmed as spaces are, a control or
    /// non-ASCII character in it is refused; a note is text; a row with more cells than the
    /// header keeps its advice.
    @Test func valuesAreTakenAsTypedAndNotesAreText() throws {
        let padded = Self.read("date,kind,currency,amount,note\n2024-01-02,deposit,USD,\t1\t,caf\u{E9}\n")
        #expect(padded.error == nil && padded.entries.map(\.amount) == [100] && padded.entries[0].note == "caf\u{E9}")
        let hidden = Self.read("date,kind,currency,amount,note\n2024-01-02,deposit,USD,1\u{1B}[0m0,\n")
        #expect(hidden.error?.description.contains("the amount cell '1\\u{1B}[0m0' holds a control") == true)
        let extra = Self.read("date,kind,currency,amount,note\n2024-01-02,deposit,USD,1,long, for Zo\u{EB}\n")
        #expect(extra.error?.description.contains("put a note holding a comma in double quotes") == true)
    }

    /// Lines are the file's own: a quoted note over two lines counts two, CRLF counts one. (The
    /// note's line end is read as a space.)
    @Test func aRowsLineCountsTheLinesOfTheNotesBeforeIt() throws {
        let csv =
            "date,kind,currency,amount,note\r\n2024-01-02,deposit,USD,1,\"two\r\nlines\"\r\n"
            + "2024-01-03,deposit,USD,x\r\n"
        let (entries, error) = Self.read(csv)
        #expect(error == .importLine(line: 4, detail: "the amount must be a number (got 'x')"))
        #expect(entries.map(\.note) == ["two lines"])
    }

    // MARK: Line ends, the byte-order mark, identity

    /// A file saved by a spreadsheet on Windows (a BOM, CRLF), an old Mac (CR) or with no final
    /// line end imports the same entries with the same identities, so importing it again after
    /// re-saving it adds nothing.
    @Test(arguments: [
        "date,kind,currency,amount\n2024-01-02,deposit,USD,1\n",
        "\u{FEFF}date,kind,currency,amount\r\n2024-01-02,deposit,USD,1\r\n",
        "date,kind,currency,amount\r\n2024-01-02,deposit,USD,1",
        "\u{FEFF}date,kind,currency,amount\r2024-01-02,deposit,USD,1\r",
        "\u{FEFF}date , kind,currency,amount\r\n\r\n2024-01-02 ,deposit,USD, 1\r\n\r\n",
    ])
    func lineEndsAndAByteOrderMarkAreRead(csv: String) throws {
        let (entries, error) = Self.read(csv)
        #expect(error == nil)
        #expect(
            entries == [
                JournalEntry(
                    id: 1, kind: .deposit, date: Self.day(1, 2), currency: "USD", amount: 100,
                    importKey: "0|2024-01-02,deposit,USD,1")
            ])
    }

    /// A row's identity is its text and how many identical rows came before it, so two identical
    /// trades on one day both count, and the same file gives the same identities every time.
    @Test func identicalRowsAreTwoEntriesWithStableIdentities() throws {
        let csv =
            "date,kind,symbol,quantity,price\n2024-03-01,buy,AAPL,1,2\n2024-03-01,buy,AAPL,1,2\n2024-03-01,buy,AAPL,2,2\n"
        let first = Self.read(csv).entries.map(\.importKey)
        #expect(first == ["0|2024-03-01,buy,AAPL,1,2", "1|2024-03-01,buy,AAPL,1,2", "0|2024-03-01,buy,AAPL,2,2"])
        #expect(Self.read(csv).entries.map(\.importKey) == first)
    }

    /// The probe's case: the same rows with the kind and date columns swapped were new, and a
    /// second import doubled the holding (and its split). A row's identity takes its cells in the
    /// columns' own order; a file in that order keeps the identity it always had, and another's
    /// former identity (its cells in the file's order) comes with it, for a ledger that holds it.
    @Test func aRowsIdentityDoesNotDependOnTheColumnsOrder() throws {
        let inOrder = "date,kind,symbol,quantity,price\n2024-03-01,buy,AAPL,1,2\n2024-03-02,sell,AAPL,1,3\n"
        let swapped = "kind,date,symbol,quantity,price\nbuy,2024-03-01,AAPL,1,2\nsell,2024-03-02,AAPL,1,3\n"
        let a = Self.read(inOrder)
        let b = Self.read(swapped)
        #expect(a.error == nil && b.error == nil, "\(String(describing: a.error)) \(String(describing: b.error))")
        #expect(a.entries.map(\.importKey) == ["0|2024-03-01,buy,AAPL,1,2", "0|2024-03-02,sell,AAPL,1,3"])
        #expect(b.entries.map(\.importKey) == a.entries.map(\.importKey))
        #expect(a.entries.map(\.formerImportKey) == [nil, nil])
        #expect(b.entries.map(\.formerImportKey) == ["0|buy,2024-03-01,AAPL,1,2", "0|sell,2024-03-02,AAPL,1,3"])
    }

    /// A file that ends inside a row (a download cut off) is refused at that row; a last row
    /// with no line end that is as long as the others (a writer that left the line end out) is
    /// taken, and so is a short one when every row is as short.
    @Test func aFileCutInsideItsLastRowIsRefused() throws {
        let whole = "date,kind,symbol,quantity,price,fee,currency\n2024-01-02,buy,AAPL,10,150.25,1.00,USD\n"
        let cut = Self.read(whole + "2024-03-01,buy,AAPL,10,150.2")
        guard case .importLine(let line, let detail) = cut.error else {
            Issue.record("\(String(describing: cut.error))")
            return
        }
        #expect(line == 3 && detail.hasPrefix("the file ends inside this row (5 of 7 cells): it looks cut off"))
        #expect(Self.read(whole + "2024-03-01,buy,AAPL,10,150.25,1.00,USD").entries.count == 2)
        let short =
            "date,kind,symbol,quantity,price,fee,currency\n2024-01-02,buy,AAPL,10,150\n2024-01-03,buy,AAPL,1,151"
        #expect(Self.read(short).entries.count == 2)
        #expect(Self.read(whole + "2024-03-01,buy,AAPL,10,150.2\n").entries.count == 2)
        // One row, short of the header, with no line end: taken as written.
        #expect(
            Self.read("date,kind,symbol,quantity,price,fee,currency\n2024-01-02,buy,AAPL,10,150").entries.count == 1)
        // Rows of several lengths: only a last row shorter than every one before is cut.
        let ragged =
            "date,kind,symbol,quantity,price,fee,currency\n2024-01-02,buy,AAPL,10,150,1.00\n"
            + "2024-01-03,buy,AAPL,1,151\n2024-01-04,buy,AAPL,1,152"
        #expect(Self.read(ragged).entries.count == 3)
    }

    // MARK: Rows that never end

    /// A quote opened and never closed would swallow the rest of the file as one note: past
    /// 1 MiB it is refused at the line it started on, without reading on.
    @Test func aRowOverTheLimitIsRefusedWhereItStarts() throws {
        var csv = "date,kind,currency,amount,note\n2024-01-02,deposit,USD,1,\"never closed\n"
        let line = String(repeating: "x", count: 99) + "\n"
        csv += String(repeating: line, count: 3 * (1 << 20) / 100)
        let (entries, error) = Self.read(csv)
        #expect(
            error
                == .importLine(
                    line: 2, detail: "the row starting here is over 1 MiB; is a quote opened here never closed?"))
        #expect(entries.isEmpty)
    }

    @Test func aQuoteOpenAtTheEndOfTheFileIsRefusedWhereItOpened() throws {
        let csv =
            "date,kind,currency,amount,note\n2024-01-02,deposit,USD,1,ok\n2024-01-03,deposit,USD,1,\"open\n"
            + "2024-01-04,deposit,USD,1,x\n"
        let (entries, error) = Self.read(csv)
        #expect(
            error
                == .importLine(
                    line: 3, detail: "a quote opened here is never closed (it would swallow every later line)"))
        #expect(entries.map(\.note) == ["ok"])
    }

    /// A long note that does end is read whole.
    @Test func aLongClosedNoteUnderTheLimitIsRead() throws {
        let note = String(repeating: "long note, ", count: 50_000)
        let csv = "date,kind,currency,amount,note\n2024-01-02,deposit,USD,1,\"\(note)\"\n2024-01-03,deposit,USD,2\n"
        let (entries, error) = Self.read(csv)
        #expect(error == nil)
        #expect(entries.map(\.note) == [String(note.dropLast()), nil])
    }
}
