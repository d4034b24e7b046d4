import SquarestockCore

/// The import keys of an export's rows, so importing a file again, or a later export that
/// overlaps it, records nothing twice. A row with the source's own id is keyed by it
/// (`trading212:EOF7504196256`); a row without one by its cells and how many identical rows came
/// before it in the file (two identical partial fills stay two). A row that makes several entries
/// (a conversion's legs and the trade) keys them `#1`, `#2` after the first.
///
/// The cells are named by their column and put in order of the names, empty ones left out
/// (`0|amount=137.23,currency=USD,...`): a later export whose columns come in another order,
/// or with a column more that the row leaves empty (an IBKR Flex Query the user changed, Trading
/// 212's columns that follow what the account used) is the same rows; keyed by the cells in the
/// file's order, it imported every row again. Rows were keyed so before, and a ledger keeps those
/// keys: each row's key of that form comes with it (`Identity.key`'s `formerly`), for the plan to
/// use when the ledger holds it.
struct ExportRowKeys {
    let format: ExportFormat
    /// Each column's name (lower case; an unnamed one after a named one is `name+1`).
    private let names: [String]
    private var occurrences = RowOccurrences()
    /// The former keys' own counts: rows whose texts are equal now (trailing empty cells apart)
    /// were not before, and each was counted apart.
    private var formerOccurrences = RowOccurrences()
    private var byID: [String: (line: Int, cells: [String])] = [:]
    private var text: [UInt8] = []

    init(format: ExportFormat, header: [String]) {
        self.format = format
        var last = ""
        names = header.enumerated().map { i, name in
            if !name.isEmpty { last = name.lowercased() }
            return name.isEmpty ? (last.isEmpty ? "#\(i)" : last + "+1") : name.lowercased()
        }
    }

    enum Identity {
        /// `formerly`: the key the row had when rows were keyed by their cells in the file's order.
        case key(String, formerly: String?)
        /// The same id on an earlier line with the same cells: the row is listed twice.
        case repeated(line: Int)
    }

    /// The row's key base; throws when its id was on an earlier line with other cells.
    mutating func identity(_ row: ExportTable.Row, id: String?) throws(ExportRowRefusal) -> Identity {
        if let id {
            if let earlier = byID[id] {
                if earlier.cells == row.cells { return .repeated(line: earlier.line) }
                throw ExportRowRefusal(
                    "its ID \(id) is also on line \(earlier.line) with other values; which one is right?")
            }
            byID[id] = (row.line, row.cells)
            return .key(format.rawValue + ":" + id, formerly: nil)
        }
        var named: [(name: String, cell: String)] = []
        for (i, cell) in row.cells.enumerated() where !cell.isEmpty {
            named.append((i < names.count ? names[i] : "#\(i)", cell))
        }
        named.sort { a, b in a.name != b.name ? a.name < b.name : a.cell < b.cell }
        text.removeAll(keepingCapacity: true)
        for (k, (name, cell)) in named.enumerated() {
            if k > 0 { text.append(UInt8(ascii: ",")) }
            text.append(contentsOf: name.utf8)
            text.append(UInt8(ascii: "="))
            text.append(contentsOf: cell.utf8)
        }
        let occurrence = String(occurrences.next(JournalCSV.RowReader.fnv1a128(text)))
        let key = format.rawValue + ":" + occurrence + "|" + String(decoding: text, as: UTF8.self)
        let formerText = row.cells.joined(separator: ",")
        let formerOccurrence = formerOccurrences.next(JournalCSV.RowReader.fnv1a128(Array(formerText.utf8)))
        let former = format.rawValue + ":" + String(formerOccurrence) + "|" + formerText
        return .key(key, formerly: former)
    }

    /// `record`'s entries, its split and its folded entries keyed from `base` instead.
    static func rekeyed(_ record: ExportRecord, base: String) -> ExportRecord {
        var r = record
        if case .entries(let entries) = r.outcome { r.outcome = .entries(keyed(entries, base: base)) }
        if !r.folded.isEmpty { r.folded = keyed(r.folded, base: base) }
        r.split?.key = base
        r.keyBase = base
        return r
    }

    /// `entries` keyed from `base` in order.
    static func keyed(_ entries: [JournalEntry], base: String) -> [JournalEntry] {
        entries.enumerated().map { i, e in
            var e = e
            e.importKey = i == 0 ? base : base + "#\(i)"
            return e
        }
    }
}
