import SquarestockCore

/// The import keys of an export's rows, so importing a file again, or a later export that
/// overlaps it, records nothing twice. A row with the source's own id is keyed by it
/// (`trading212:EOF7504196256`); a row without one by its text and how many identical rows came
/// before it in the file (two identical partial fills stay two). A row that makes several entries
/// (a conversion's legs and the trade) keys them `#1`, `#2` after the first.
struct ExportRowKeys {
    let format: ExportFormat
    private var occurrences = RowOccurrences()
    private var byID: [String: (line: Int, cells: [String])] = [:]
    private var text: [UInt8] = []

    init(format: ExportFormat) { self.format = format }

    enum Identity {
        case key(String)
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
            return .key(format.rawValue + ":" + id)
        }
        text.removeAll(keepingCapacity: true)
        for (i, cell) in row.cells.enumerated() {
            if i > 0 { text.append(UInt8(ascii: ",")) }
            text.append(contentsOf: cell.utf8)
        }
        let occurrence = occurrences.next(JournalCSV.RowReader.fnv1a128(text))
        return .key(format.rawValue + ":" + String(occurrence) + "|" + String(decoding: text, as: UTF8.self))
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
