import Foundation
import SquarestockCore

/// The portfolio's CSV layout, read by `portfolio import` and written by `portfolio export
/// --format csv` (so an export imports back to the same book):
///
/// ```
/// date,kind,symbol,quantity,price,fee,currency,amount,withheld,ratio,lot,note,fx
/// 2024-03-01,buy,AAPL,10,150.25,1.00,USD,,,,,,
/// 2024-06-10,split,AAPL,,,,,,,4:1,,,
/// 2024-08-15,dividend,AAPL,,,,USD,9.60,1.44,,,,
/// 2024-09-02,sell,AAPL,5,220.10,1.00,USD,,,,,,
/// 2024-09-03,buy,SAP.DE,5,190.02,2.50,EUR,,,,,,1.0862
/// 2024-01-02,deposit,,,,,USD,5000.00,,,,,
/// ```
///
/// `fx` is the rate recorded with a trade or dividend in another currency than the base (1 unit
/// of `currency` = `fx` of the base), so it survives an export and an import.
///
/// Columns may come in any order (the header names them); empty cells are absent values. A text
/// cell a spreadsheet would take for a formula is written with a `'` in front and read back
/// without it (`SpreadsheetCell`). Each
/// row's identity is its text and how many identical rows came before it in the file, so an
/// import run twice adds nothing while two genuinely identical trades on one day both count.
public enum JournalCSV {
    /// The largest file `portfolio import` reads: about 300,000 rows, far beyond a broker's
    /// yearly statement; an import is read whole and checked in one transaction, so a larger
    /// file is refused before it is read rather than exhausting memory.
    public static let sizeLimit = 16 << 20

    public static let columns = [
        "date", "kind", "symbol", "quantity", "price", "fee", "currency", "amount", "withheld", "ratio", "lot", "note",
        "fx",
    ]

    /// The entries of a CSV file; the first bad row stops everything (nothing half-imported).
    public static func read(_ bytes: [UInt8], today: CivilDate) throws(PortfolioError) -> [JournalEntry] {
        let (header, rows) = try records(bytes)
        var seen: [String: Int] = [:]
        var out: [JournalEntry] = []
        for (row, (line, cells)) in rows.enumerated() {
            func cell(_ name: String) -> String? {
                guard let i = header.firstIndex(of: name), i < cells.count, !cells[i].isEmpty else { return nil }
                return SpreadsheetCell.unmarked(cells[i])
            }
            let text = cells.joined(separator: ",")
            let occurrence = seen[text, default: 0]
            seen[text] = occurrence + 1
            do {
                var e = try entry(cell, today: today)
                e.importKey = "\(occurrence)|" + text
                if let lot = cell("lot") { try resolveLot(lot, of: &e, row: row, earlier: out) }
                out.append(e)
            } catch {
                throw .importLine(line: line, detail: error.description)
            }
        }
        return out
    }

    /// The header (lower case) and the data rows with their line numbers; a quote never closed,
    /// a column named twice, an unknown column or a row longer than the header is refused.
    static func records(_ bytes: [UInt8]) throws(PortfolioError) -> (
        header: [String], rows: [(line: Int, cells: [String])]
    ) {
        var rows: [(line: Int, cells: [String])] = []
        var header: [String] = []
        var unterminated: Int?
        bytes.withUnsafeBytes { raw in
            var reader = TolerantCSVReader(bytes: raw)
            var fields: [CSVField] = []
            while reader.nextRecord(into: &fields) {
                if reader.lastRecordHadUnterminatedQuote {
                    unterminated = reader.lineNumber
                    return
                }
                let cells = fields.map { reader.string($0).trimmingCharacters(in: .whitespaces) }
                if cells.allSatisfy(\.isEmpty) { continue }
                if header.isEmpty {
                    header = cells.map { $0.lowercased() }
                } else {
                    rows.append((reader.lineNumber, cells))
                }
            }
        }
        if let line = unterminated {
            throw .importLine(
                line: line, detail: "a quote opened here is never closed (it would swallow every later line)")
        }
        guard header.contains("date"), header.contains("kind") else {
            throw .importLine(line: 1, detail: "the header must name the columns: " + columns.joined(separator: ","))
        }
        if let unknown = header.first(where: { !columns.contains($0) }) {
            throw .importLine(
                line: 1, detail: "unknown column '\(unknown)'; the columns are " + columns.joined(separator: ","))
        }
        if let twice = header.first(where: { name in header.filter { $0 == name }.count > 1 }) {
            throw .importLine(line: 1, detail: "the column '\(twice)' is named twice")
        }
        if let long = rows.first(where: { $0.cells.count > header.count }) {
            throw .importLine(
                line: long.line,
                detail:
                    "\(long.cells.count) cells where the header names \(header.count); put a note holding a comma in double quotes"
            )
        }
        return (header, rows)
    }

    /// A sale's `lot`: `row N` names the purchase on the file's Nth data row (an export writes
    /// these, since ids are the ledger's own); a plain number is a lot id of the ledger.
    static func resolveLot(_ lot: String, of e: inout JournalEntry, row: Int, earlier: [JournalEntry])
        throws(PortfolioError)
    {
        if lot.lowercased().hasPrefix("row "), let n = Int(lot.dropFirst(4)) {
            guard n >= 1, n <= row, earlier[n - 1].kind == .buy, earlier[n - 1].symbol == e.symbol else {
                throw .invalidEntry(
                    "lot '\(lot)' is not an earlier purchase of \(e.symbol ?? "the symbol") in this file")
            }
            e.lotImportKey = earlier[n - 1].importKey
            e.lot = nil
        } else if Int64(lot) == nil {
            throw .invalidEntry("lot must be a lot id or `row N` (got '\(lot)')")
        }
    }

    static func entry(_ cell: (String) -> String?, today: CivilDate) throws(PortfolioError) -> JournalEntry {
        guard let dateText = cell("date"), let date = DateTimeParsing.isoDate(dateText) else {
            throw .invalidEntry("the date must be YYYY-MM-DD")
        }
        guard let kindText = cell("kind"), let kind = EntryKind(rawValue: kindText.lowercased()), kind != .reversal
        else {
            throw .invalidEntry("the kind must be one of buy, sell, dividend, split, deposit, withdraw")
        }
        let currency = cell("currency") ?? "USD"
        func symbol() throws(PortfolioError) -> String {
            guard let s = cell("symbol") else { throw .invalidEntry("a \(kind.rawValue) needs a symbol") }
            return s
        }
        var e: JournalEntry
        switch kind {
        case .buy, .sell:
            e = try EntryFactory.trade(
                kind, symbol: symbol(), quantity: cell("quantity").flatMap(ExactDecimal.init),
                price: cell("price").flatMap(ExactDecimal.init), fee: cell("fee"), currency: currency, date: date,
                today: today, lot: cell("lot").flatMap { Int64($0) })
        case .dividend:
            e = try EntryFactory.dividend(
                symbol: symbol(), amount: cell("amount") ?? "", withheld: cell("withheld"), currency: currency,
                date: date, today: today)
        case .split:
            e = try EntryFactory.split(symbol: symbol(), ratio: cell("ratio") ?? "", date: date, today: today)
        case .deposit, .withdraw:
            e = try EntryFactory.cash(kind, amount: cell("amount") ?? "", currency: currency, date: date, today: today)
        case .reversal: throw .invalidEntry("reversals are not imported")
        }
        e.note = cell("note")
        if let fx = cell("fx") {
            guard [.buy, .sell, .dividend].contains(kind) else {
                throw .invalidEntry("an fx rate belongs to a buy, sell or dividend (got one on a \(kind.rawValue))")
            }
            guard let rate = ExactDecimal(fx), rate.sign > 0 else {
                throw .invalidEntry("fx must be a number above 0 (got '\(fx)')")
            }
            e.fxRate = rate
        }
        return e
    }

    /// The entries in effect as rows of the layout above.
    public static func write(_ entries: [JournalEntry]) -> String {
        var out = columns.joined(separator: ",") + "\n"
        let effective = PortfolioBook.effective(entries)
        // A named lot is written as its purchase's row here: ids are the ledger's own.
        var rowOfID: [Int64: Int] = [:]
        for (i, e) in effective.enumerated() { if let id = e.id { rowOfID[id] = i + 1 } }
        for e in effective {
            let money = { (m: Int64) in m == 0 ? "" : MinorUnits.text(m, exponent: e.exponent) }
            let trade = e.kind == .buy || e.kind == .sell
            let cells: [String] = [
                e.date.description, e.kind.rawValue, e.symbol ?? "", e.quantity?.description ?? "",
                e.price?.description ?? "", trade ? money(e.fee) : "", e.kind == .split ? "" : e.currency,
                trade ? "" : money(e.amount), money(e.withheld),
                e.splitNumerator.map { "\($0):\(e.splitDenominator ?? 1)" } ?? "",
                e.lot.map { id in rowOfID[id].map { "row \($0)" } ?? String(id) } ?? "",
                e.note ?? "", e.fxRate?.description ?? "",
            ]
            out += cells.map(SpreadsheetCell.csv).joined(separator: ",") + "\n"
        }
        return out
    }
}
