import Foundation
import Testing

@testable import SquarestockCore
@testable import SquarestockPortfolio

/// `portfolio export --format json` and `history --format json` (`JournalJSON`): one object a
/// line, text exact; money as exact decimal strings with the currency's digits, quantities and
/// prices as stored, absent values null; the entries in effect, or every entry as recorded with
/// what it reverses; text escaped so any note or symbol is still one valid JSON string.
struct JournalJSONTests: LedgerSpec {

    /// A deposit; 100 7203.T at 2,500.5 yen + 500 with a rate; a 1:10 split; 5 sold at 26,000
    /// from the named lot with a note that needs escapes; a dividend in dinars with tax withheld.
    static func book() throws -> [JournalEntry] {
        var sale = try EntryFactory.trade(
            .sell, symbol: "7203.T", quantity: d("5"), price: d("26000"), fee: nil, currency: "JPY", date: day(7, 1),
            today: today, lot: 2)
        sale.note = "He said \"sell\"\n\tnow \\ ok"
        return numbered([
            try EntryFactory.cash(.deposit, amount: "5000", currency: "USD", date: day(1, 2), today: today),
            try EntryFactory.trade(
                .buy, symbol: "7203.T", quantity: d("100"), price: d("2500.50"), fee: "500", currency: "jpy",
                date: day(3, 1), today: today, fxRate: d("0.0067")),
            try EntryFactory.split(symbol: "7203.T", ratio: "1:10", date: day(6, 10), today: today),
            sale,
            try EntryFactory.dividend(
                symbol: "XYZ.KW", amount: "1.234", withheld: "0.123", currency: "KWD", date: day(8, 1), today: today),
        ])
    }

    @Test func theEntriesAreWrittenOneObjectALine() throws {
        #expect(
            JournalJSON.write(try Self.book()) == #"""
                [
                  {"id": 1, "date": "2024-01-02", "kind": "deposit", "symbol": null, "quantity": null, "price": null, "currency": "USD", "amount": "5000.00", "fee": "0.00", "withheld": "0.00", "ratio": null, "lot": null, "note": null, "fxRate": null, "fxBase": null},
                  {"id": 2, "date": "2024-03-01", "kind": "buy", "symbol": "7203.T", "quantity": "100", "price": "2500.5", "currency": "JPY", "amount": "250050", "fee": "500", "withheld": "0", "ratio": null, "lot": null, "note": null, "fxRate": "0.0067", "fxBase": null},
                  {"id": 3, "date": "2024-06-10", "kind": "split", "symbol": "7203.T", "quantity": null, "price": null, "currency": "USD", "amount": "0.00", "fee": "0.00", "withheld": "0.00", "ratio": "1:10", "lot": null, "note": null, "fxRate": null, "fxBase": null},
                  {"id": 4, "date": "2024-07-01", "kind": "sell", "symbol": "7203.T", "quantity": "5", "price": "26000", "currency": "JPY", "amount": "130000", "fee": "0", "withheld": "0", "ratio": null, "lot": 2, "note": "He said \"sell\"\n\tnow \\ ok", "fxRate": null, "fxBase": null},
                  {"id": 5, "date": "2024-08-01", "kind": "dividend", "symbol": "XYZ.KW", "quantity": null, "price": null, "currency": "KWD", "amount": "1.234", "fee": "0.000", "withheld": "0.123", "ratio": null, "lot": null, "note": null, "fxRate": null, "fxBase": null}
                ]

                """#)
    }

    /// The export says the lot method each sale that names no lot was sold under, as the CSV
    /// export does; a sale of a named lot and other entries have null.
    @Test func theExportNamesEachSalesMethod() throws {
        var book = try Self.book()
        var open = book[3]
        open.lot = nil
        open.id = 6
        book.append(open)
        let text = JournalJSON.write(book, method: .hifo)
        let lines = text.split(separator: "\n")
        func line(_ id: Int) -> Substring { lines.first { $0.contains("{\"id\": \(id),") } ?? "" }
        #expect(line(4).contains("\"lot\": 2, \"method\": null, \"note\""), "\(line(4))")
        #expect(line(6).contains("\"lot\": null, \"method\": \"hifo\", \"note\""), "\(line(6))")
        #expect(line(1).contains("\"method\": null") && !JournalJSON.write(book).contains("\"method\""))
    }

    /// The export holds the book as it is; the history, every entry and what a reversal reverses.
    @Test func aReversalIsShownOnlyAsRecorded() throws {
        let entries = [
            JournalEntry(id: 1, kind: .deposit, date: Self.day(1, 2), currency: "USD", amount: 100),
            JournalEntry(id: 2, kind: .reversal, date: Self.today, currency: "USD", reverses: 1, note: "undo"),
        ]
        #expect(JournalJSON.write(entries) == "[\n]\n")
        #expect(JournalJSON.write([]) == "[\n]\n")
        #expect(
            JournalJSON.write(entries, asRecorded: true) == #"""
                [
                  {"id": 1, "date": "2024-01-02", "kind": "deposit", "symbol": null, "quantity": null, "price": null, "currency": "USD", "amount": "1.00", "fee": "0.00", "withheld": "0.00", "ratio": null, "lot": null, "note": null, "fxRate": null, "fxBase": null, "reverses": null},
                  {"id": 2, "date": "2026-11-26", "kind": "reversal", "symbol": null, "quantity": null, "price": null, "currency": "USD", "amount": "0.00", "fee": "0.00", "withheld": "0.00", "ratio": null, "lot": null, "note": "undo", "fxRate": null, "fxBase": null, "reverses": 1}
                ]

                """#)
    }

    /// JSON's escapes for quotes, backslashes and controls; DEL, the C1 controls and the line
    /// separators too (raw, they would steer a terminal or end a JavaScript line); other text
    /// as it is.
    @Test(arguments: [
        ("say \"hi\"", #""say \"hi\"""#),
        ("line\nbreak", #""line\nbreak""#),
        ("tab\there", #""tab\there""#),
        ("cr\r\n", #""cr\r\n""#),
        ("back\\slash", #""back\\slash""#),
        ("\u{1}bell\u{7}", #""\u0001bell\u0007""#),
        ("del\u{7F}", #""del\u007f""#),
        ("csi\u{9B}31m", #""csi\u009b31m""#),
        ("sep\u{2028}para\u{2029}", #""sep\u2028para\u2029""#),
        ("café ✓ 株", #""café ✓ 株""#),
        ("", #""""#),
    ])
    func aNoteIsEscaped(note: String, json: String) throws {
        let entry = JournalEntry(id: 7, kind: .deposit, date: Self.day(1, 2), currency: "EUR", amount: 1, note: note)
        let text = JournalJSON.write([entry])
        #expect(
            text
                == "[\n  {\"id\": 7, \"date\": \"2024-01-02\", \"kind\": \"deposit\", \"symbol\": null, \"quantity\": null, "
                + "\"price\": null, \"currency\": \"EUR\", \"amount\": \"0.01\", \"fee\": \"0.00\", \"withheld\": \"0.00\", "
                + "\"ratio\": null, \"lot\": null, \"note\": \(json), \"fxRate\": null, \"fxBase\": null}\n]\n")
        // And any JSON reader gets the note back.
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
        #expect(parsed?.first?["note"] as? String == note)
    }

    /// A symbol stored by an older squarestock is escaped like any text.
    @Test func anOddStoredSymbolIsEscapedToo() throws {
        let entry = JournalEntry(
            id: 1, kind: .buy, date: Self.day(1, 2), symbol: "Q\"X;Q\\", quantity: Self.d("1"), price: Self.d("1"),
            currency: "USD", amount: 100)
        let text = JournalJSON.write([entry])
        #expect(text.contains(#""symbol": "Q\"X;Q\\", "quantity": "1""#))
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
        #expect(parsed?.first?["symbol"] as? String == "Q\"X;Q\\")
    }
}
