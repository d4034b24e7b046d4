import SquarestockCore

/// A broker's or exchange's export read whole: its header (found after any preamble, such as
/// the lines Coinbase and Schwab put before it) and each row's cells with its line. Exports are
/// small (a year of a busy account is a few thousand rows), and a format may need rows together
/// (a fill's legs, a dividend and its withholding), so the file is read at once, up to `limit`.
struct ExportTable {
    /// The header's names as written (trimmed), and their positions by lower-cased name (the
    /// first column of a repeated name; an unnamed column after a named one is `name+1`).
    let header: [String]
    let headerLine: Int
    let rows: [Row]
    /// Rows left out because a cell holds a control or invisible character (an escape sequence,
    /// a zero-width space), each with why: cleaned, `1<ESC>[2J0` read as a quantity of 10 and
    /// `MS<ZWSP>FT` as MSFT. The plan refuses them, naming the cell, as squarestock's own CSV is.
    let hidden: [(line: Int, reason: String, row: Row)]
    private let position: [String: Int]

    struct Row {
        let line: Int
        let cells: [String]
    }

    static let limit = 64 << 20
    /// How far into the file a header is looked for.
    static let preambleRows = 30

    init(header: [String], headerLine: Int, rows: [Row], hidden: [(line: Int, reason: String, row: Row)] = []) {
        self.header = header
        self.headerLine = headerLine
        self.rows = rows
        self.hidden = hidden
        var position: [String: Int] = [:]
        var last = ""
        for (i, name) in header.enumerated() {
            let key = name.isEmpty ? last + "+1" : name.lowercased()
            if position[key] == nil { position[key] = i }
            if !name.isEmpty { last = name.lowercased() }
        }
        self.position = position
    }

    /// The records of `bytes` (the whole file): the header is the first record `isHeader` takes
    /// within the first `preambleRows`; nil when none is.
    static func read(_ bytes: [UInt8], isHeader: ([String]) -> Bool) -> (table: ExportTable?, firstRecord: [String]) {
        bytes.withUnsafeBytes { raw in
            var reader = TolerantCSVReader(bytes: raw)
            var fields: [CSVField] = []
            var header: (cells: [String], line: Int)?
            var first: [String] = []
            var rows: [Row] = []
            var hidden: [(line: Int, reason: String, row: Row)] = []
            var seen = 0
            while reader.nextRecord(into: &fields) {
                let cells = fields.map { repaired(reader.string($0).trimmingCharacters(in: .whitespaces)) }
                // Judged on the text once repaired: text encoded twice holds C1 controls
                // (`Ã\u{89}` for `É`) that are letters once decoded.
                // Only a row with a byte outside printable ASCII can hide anything: the rest pay one scan.
                if header != nil, fields.contains(where: { f in reader.raw(f).contains { $0 < 0x20 || $0 >= 0x7F } }),
                    let reason = hiddenCharacters(fields.map { repaired(reader.rawString($0)) })
                {
                    hidden.append((reader.lineNumber, reason, Row(line: reader.lineNumber, cells: cells)))
                    continue
                }
                if header == nil {
                    if seen == 0 { first = cells }
                    seen += 1
                    if isHeader(cells) {
                        header = (cells, reader.lineNumber)
                    } else if seen >= preambleRows {
                        break
                    }
                    continue
                }
                if cells.allSatisfy(\.isEmpty) { continue }
                let row = Row(line: reader.lineNumber, cells: cells)
                if reader.lastRecordIsUnterminated, let h = header,
                    let reason = cutOff(row, header: h.cells, before: rows)
                {
                    hidden.append((row.line, reason, row))
                    continue
                }
                rows.append(row)
            }
            guard let header else { return (nil, first) }
            return (ExportTable(header: header.cells, headerLine: header.line, rows: rows, hidden: hidden), first)
        }
    }

    /// Why the file's last row, which has no line end, looks cut off: it has fewer cells than the
    /// header and than every row before it (an export that leaves out trailing empty cells does
    /// so on every row, and a file of one row is taken as written). Imported, the cut row was a
    /// trade without its fee or with half its ID, and the whole file imported later added it
    /// again.
    static func cutOff(_ row: Row, header: [String], before: [Row]) -> String? {
        guard isCut(cells: row.cells.count, header: header.count, shortestBefore: before.map(\.cells.count).min())
        else { return nil }
        return "the file ends inside this row (\(row.cells.count) of \(header.count) cells): it looks cut off;"
            + " download the export again (or --skip-refused imports the other rows)"
    }

    /// The rule of `cutOff`, for squarestock's own CSV too: a last row with no line end is cut
    /// when it has fewer cells than the header and than every row before it (and there is one).
    static func isCut(cells: Int, header: Int, shortestBefore: Int?) -> Bool {
        guard let shortest = shortestBefore else { return false }
        return cells < header && cells < shortest
    }

    /// Why a row's cells (as written) cannot be read: the first that holds a control or invisible
    /// character the terminal filter would remove (tabs and line feeds in a quoted cell are text).
    static func hiddenCharacters(_ raw: [String]) -> String? {
        // A carriage return is a line end's in a quoted cell written on Windows, not a hidden one.
        func hides(_ cell: String) -> Bool {
            let text = cell.replacingOccurrences(of: "\r\n", with: "\n")
            return TerminalText.stripControls(text) != text
        }
        guard let cell = raw.first(where: hides) else { return nil }
        return "the cell '\(TerminalText.visible(cell))' holds a control or invisible character; squarestock does not "
            + "clean a cell into another symbol or number: fix the file (or --skip-refused imports the other rows)"
    }

    /// The column named `name` (any case), or nil when the file has none.
    func column(_ name: String) -> Int? { position[name.lowercased()] }

    /// The cell of `row` in the column `name`; nil when the column is missing or the cell empty.
    func cell(_ row: Row, _ name: String) -> String? {
        guard let i = column(name), i < row.cells.count, !row.cells[i].isEmpty else { return nil }
        return row.cells[i]
    }

    /// Text encoded to UTF-8 twice (`CrÃ©dito` for `Crédito`, as in a DEGIRO export): when every
    /// scalar fits a byte and those bytes are UTF-8 with at least one sequence of several bytes,
    /// the once-decoded text. Other text is returned as it is.
    static func repaired(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value == 0xC3 || $0.value == 0xC2 }),
            text.unicodeScalars.allSatisfy({ $0.value <= 0xFF })
        else { return text }
        let bytes = text.unicodeScalars.map { UInt8($0.value) }
        guard let once = String(validating: bytes, as: UTF8.self), once.unicodeScalars.count < bytes.count else {
            return text
        }
        return once
    }

    /// The rows in the order of their `column`'s ISO timestamps (`2024-03-01 09:12:40`,
    /// `2019-12-02T08:23:08Z`, which sort as text), rows of one instant as the file lists them:
    /// exports come newest first, oldest first or mixed, and a day's sale must follow its purchase.
    func rowsInTimeOrder(_ column: String) -> [Row] {
        Self.ordered(rows) { cell($0, column) ?? "~" }
    }

    /// `rows` ordered by `key` (a time written so it sorts as text; `~` after every time), rows
    /// of one key as they came.
    static func ordered(_ rows: [Row], by key: (Row) -> String) -> [Row] {
        let keys = rows.map(key)
        return rows.indices.sorted { a, b in keys[a] != keys[b] ? keys[a] < keys[b] : a < b }.map { rows[$0] }
    }
}
