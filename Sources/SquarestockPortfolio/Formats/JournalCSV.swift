import Foundation
import SquarestockCore

/// The portfolio's CSV layout, read by `portfolio import` and written by `portfolio export
/// --format csv` (so an export imports back to the same book):
///
/// ```
/// date,kind,symbol,quantity,price,fee,currency,amount,withheld,ratio,lot,note,fx,method,fx_base
/// 2024-03-01,buy,AAPL,10,150.25,1.00,USD,,,,,,,,
/// 2024-06-10,split,AAPL,,,,,,,4:1,,,,,
/// 2024-08-15,dividend,AAPL,,,,USD,9.60,1.44,,,,,,
/// 2024-09-02,sell,AAPL,5,220.10,1.00,USD,,,,,,,fifo,
/// 2024-09-03,buy,SAP.DE,5,190.02,2.50,EUR,,,,,,1.0862,,USD
/// 2024-01-02,deposit,,,,,USD,5000.00,,,,,,,
/// ```
///
/// `fx` is the rate recorded with a trade or dividend in another currency than the base (1 unit
/// of `currency` = `fx` of the base), so it survives an export and an import. `method`, on a
/// sale that names no lot, is the lot method its portfolio sold it under (an export writes it):
/// imported into a portfolio of another method, the same sale would take other lots and realize
/// another gain, so the row, if new, is refused with the command that makes the methods agree.
///
/// Columns may come in any order (the header names them); empty cells are absent values. A text
/// cell a spreadsheet would take for a formula is written with a `'` in front and read back
/// without it (`SpreadsheetCell`). Each
/// row's identity is its text and how many identical rows came before it in the file, so an
/// import run twice adds nothing while two genuinely identical trades on one day both count.
public enum JournalCSV {
    public static let columns = [
        "date", "kind", "symbol", "quantity", "price", "fee", "currency", "amount", "withheld", "ratio", "lot", "note",
        "fx", "method", "fx_base",
    ]

    /// The longest row read (a quote never closed would otherwise swallow the rest of the file).
    static let rowLimit = 1 << 20

    /// Reads the CSV file at `path` row by row, in bounded memory whatever its size (a chunk,
    /// the row that crosses it, a few batches of rows on their way, and a few bytes per row for
    /// identities and `row N` lots), and hands each row's entry and line to `add`, which writes
    /// it and answers the id it has in the ledger and whether it is new. The first bad row
    /// stops everything, with its line: a row `add` refuses, or one the reader refuses, in the
    /// file's order.
    ///
    /// The rows are read and made into entries on a thread of their own while `add` writes the
    /// ones before them (an import's writes and its reading each take about half of its time
    /// on one core). Nothing the reader does waits for `add`: a `row N` lot is checked against
    /// the file there, and its ledger id, `add`'s answer for row N, is filled in here.
    ///
    /// `onThread` nil: a regular file is read on a thread, a pipe or FIFO on the caller's (its
    /// reader may wait on the pipe, and the writer would wait for the reader to stop).
    ///
    /// With `method` (the portfolio's), the reader also replays each symbol's rows as it reads
    /// them (`ReplayAsRead`) and, once the file has been read without an error, hands `vouch` the
    /// symbols it found sound, before the last rows are written: the writer's check need not
    /// read those back (`JournalWriter.vouch`).
    ///
    /// A new sale's `method` cell must be `method` (when given); one imported before is not
    /// asked (its gain was realized under the method of its portfolio then).
    public static func read(
        path: String, today: CivilDate, onThread: Bool? = nil, method: LotMethod? = nil,
        vouch: (Set<String>) -> Void = { _ in },
        _ add: (JournalEntry, _ line: Int) throws(PortfolioError) -> (id: Int64, isNew: Bool)
    ) throws(PortfolioError) {
        // Each data row's ledger id, for a later `row N` lot: 8 bytes a row.
        var rowIDs: [Int64] = []
        func write(_ batch: Batch) throws(PortfolioError) {
            switch batch {
            case .rows(let rows):
                for row in rows {
                    var e = row.entry
                    if row.lotRow > 0 { e.lot = rowIDs[row.lotRow - 1] }
                    let (id, isNew) = try add(e, row.line)
                    if isNew, let stated = row.soldUnder, let method, stated != method {
                        throw .importLine(line: row.line, detail: Self.otherMethod(stated, method))
                    }
                    rowIDs.append(id)
                }
            case .vouched(let symbols): vouch(symbols)
            case .failed(let error): throw error
            }
        }
        let handOff = HandOff<Batch>(capacity: 8)
        if onThread ?? (regularFileSize(path) != nil),
            let reader = JoinableThread(
                name: "sq-import-read",
                {
                    defer { handOff.close() }
                    parse(path: path, today: today, method: method) { handOff.put($0) }
                })
        {
            defer { reader.join() }
            do throws(PortfolioError) {
                while let batch = handOff.take() { try write(batch) }
            } catch {
                handOff.stop()
                throw error
            }
        } else {
            // One thread: each batch written as soon as it is read.
            var failure: PortfolioError?
            parse(path: path, today: today, method: method) { batch in
                do throws(PortfolioError) {
                    try write(batch)
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
            if let failure { throw failure }
        }
    }

    /// What the reading thread hands over: rows in the file's order, then the error that ended
    /// the reading early, if one did.
    enum Batch: Sendable {
        case rows([ParsedRow])
        /// The symbols `ReplayAsRead` found sound, once the whole file has been read.
        case vouched(Set<String>)
        case failed(PortfolioError)
    }

    /// A data row made into its entry, before it has an id.
    struct ParsedRow: Sendable {
        var entry: JournalEntry
        let line: Int
        /// N of a `row N` lot (a purchase earlier in the file, checked), 0 when the row names none.
        let lotRow: Int
        /// The lot method a sale naming no lot says it was sold under (its `method` cell).
        var soldUnder: LotMethod? = nil
    }

    /// Why a new sale of another lot method is refused, and what makes the methods agree.
    static func otherMethod(_ stated: LotMethod, _ method: LotMethod) -> String {
        "this sale was made under \(stated.rawValue) lots and this portfolio sells \(method.rawValue) lots, which "
            + "would realize another gain: set the portfolio's method first (`squarestock portfolio method "
            + "\(stated.rawValue)`, with this import's --portfolio), or empty the method cell to sell \(method.rawValue) lots"
    }

    /// Rows handed over at a time: few enough that the writer starts at once, many enough that
    /// handing over costs nothing beside them.
    static let batchRows = 256

    /// The reading: the rows of the file at `path` to `emit`, batch by batch, until the file or
    /// the first bad row ends them, or `emit` answers false (the writer takes no more).
    private static func parse(path: String, today: CivilDate, method: LotMethod?, emit: (Batch) -> Bool) {
        var rows = RowReader(today: today)
        var replay = method.map { ReplayAsRead(method: $0) }
        var batch: [ParsedRow] = []
        batch.reserveCapacity(batchRows)
        // The row's cells, in an array kept from row to row.
        var cells: [String] = []
        // Set when the writer took no more (its own error): the reading ends with nothing to say.
        var writerStopped = false
        // The fewest cells a row after the header had, nil before the first.
        var shortestRow: Int?
        do throws(PortfolioError) {
            try ChunkedCSVReader.forEachRecord(path: path, recordLimit: rowLimit, failure: Self.failure) {
                reader, fields throws(PortfolioError) in
                cells.removeAll(keepingCapacity: true)
                let note = rows.noteIndex
                for (i, field) in fields.enumerated() {
                    // A value is taken as typed or refused: cleaned for the terminal, `AA<ESC>[2JPL`
                    // would be the real AAPL and `1<ESC>[0m0` the quantity 10. A note is text.
                    if i != note, i < rows.columnCount, !Self.isPrintableASCII(reader.raw(field)) {
                        throw .importLine(
                            line: reader.lineNumber,
                            detail:
                                "the \(rows.columnName(at: i)) cell '\(TerminalText.visible(reader.rawString(field)))' "
                                + "holds a control or non-ASCII character; squarestock takes a value as typed, never cleaned"
                        )
                    }
                    cells.append(trimmed(reader.string(field)))
                }
                if cells.allSatisfy(\.isEmpty) { return }
                if reader.lastRecordIsUnterminated, rows.header != nil,
                    ExportTable.isCut(cells: cells.count, header: rows.columnCount, shortestBefore: shortestRow)
                {
                    // A row shorter than the header and every row before it, where the file ends
                    // without a line end: a cut download. Imported, `buy,AAPL,10,150.2` was a
                    // purchase at the wrong price, and the whole file later added the row again.
                    // A file of one row is taken as written (an editor leaves out the last line end).
                    throw .importLine(
                        line: reader.lineNumber,
                        detail:
                            "the file ends inside this row (\(cells.count) of \(rows.columnCount) cells): it looks cut off;"
                            + " export it again (or end the line if the row is whole)")
                }
                if rows.header != nil { shortestRow = min(shortestRow ?? .max, cells.count) }
                guard let row = try rows.take(cells, line: reader.lineNumber) else { return }
                replay?.apply(row.entry, namesLot: row.lotRow > 0)
                batch.append(row)
                if batch.count == batchRows {
                    guard emit(.rows(batch)) else {
                        writerStopped = true
                        throw .invalidEntry("the writer stopped")
                    }
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if rows.header == nil {
                // Only blank lines, or nothing: the first line that is not blank is the header.
                throw .importLine(
                    line: 1,
                    detail: "the file is empty; its first line must name the columns: " + columns.joined(separator: ",")
                )
            }
            // Vouched for before the last rows are written: the writer has them all by its check.
            if let replay, !emit(.vouched(replay.vouched)) { return }
            if !batch.isEmpty { _ = emit(.rows(batch)) }
        } catch {
            if writerStopped { return }
            // The rows before the bad one are written (and may be refused) first, as they come.
            if !batch.isEmpty, !emit(.rows(batch)) { return }
            _ = emit(.failed(error))
        }
    }

    /// Bytes 0x20 to 0x7E only: what every cell but a note holds (dates, kinds, symbols, numbers,
    /// currency codes).
    static func isPrintableASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // Tabs around a value are trimmed like spaces; inside one they are refused.
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 0x09 || bytes[start] == 0x20 { start += 1 }
        while end > start, bytes[end - 1] == 0x09 || bytes[end - 1] == 0x20 { end -= 1 }
        return bytes[start..<end].allSatisfy { $0 >= 0x20 && $0 <= 0x7E }
    }

    /// The cell without surrounding whitespace (Unicode's included); Foundation is asked only
    /// when an end could be whitespace, which a cell almost never is (a sixth of an import's
    /// time went to asking it for every cell).
    static func trimmed(_ s: String) -> String {
        guard let first = s.utf8.first, let last = s.utf8.last else { return s }
        func plain(_ b: UInt8) -> Bool { b < 0x80 && b != 0x20 && b != 0x09 }
        return plain(first) && plain(last) ? s : s.trimmingCharacters(in: .whitespaces)
    }

    static func failure(_ f: ChunkedCSVFailure) -> PortfolioError {
        switch f {
        case .file(let e): return .unreadableFile(e.description)
        case .unterminatedQuote(let line):
            return .importLine(
                line: line, detail: "a quote opened here is never closed (it would swallow every later line)")
        case .recordTooLong(let line, let limit):
            return .importLine(
                line: line,
                detail: "the row starting here is over \(limit >> 20) MiB; is a quote opened here never closed?")
        }
    }

    /// The rows of one file as entries: the header first, then each row checked against it,
    /// given its identity and its named lot.
    struct RowReader {
        let today: CivilDate
        private(set) var header: [String]?
        /// Each known column's cell position in a row (`columns` order), -1 when the header
        /// lacks it: looked up a dozen times a row, so an array, not a dictionary of names.
        private var slots = [Int](repeating: -1, count: JournalCSV.columns.count)
        /// Rows seen before, by a 128-bit hash of their text: an identity is the text and how
        /// many identical rows came before it in the file.
        private var occurrences = RowOccurrences()
        /// The row's text (its cells joined by commas), in a buffer kept from row to row.
        private var text: [UInt8] = []
        /// The cell positions of the header's columns but `method` and `fx_base`, in the columns' own order
        /// (`Column`): a row's identity takes its cells so.
        private var canonicalCells: [Int] = []
        /// Whether the file has them in that order already (every export does).
        private var inColumnOrder = true
        /// Another order's row text as keys had it before (its cells in the file's order), and
        /// how many rows of each such text came before.
        private var formerText: [UInt8] = []
        private var formerOccurrences = RowOccurrences()
        /// Each data row's symbol's hash when it is a purchase (0 when not): what a later
        /// `row N` lot is checked against, 8 bytes a row.
        private var purchaseOf: [UInt64] = []

        init(today: CivilDate) { self.today = today }

        /// The header's cells, 0 before it: a row with more is refused for that, with its advice.
        var columnCount: Int { header?.count ?? 0 }

        /// The note's cell position, -1 before the header or when it has none.
        var noteIndex: Int { header == nil ? -1 : slots[Column.note.rawValue] }

        /// The header's name of cell `i`, or its position when the header has none.
        func columnName(at i: Int) -> String {
            guard let header, i < header.count else { return "column \(i + 1)" }
            return header[i]
        }

        /// The row's entry, or nil when the row is the header.
        mutating func take(_ cells: [String], line: Int) throws(PortfolioError) -> ParsedRow? {
            guard let header else {
                try readHeader(cells, line: line)
                return nil
            }
            if cells.count > header.count {
                throw .importLine(
                    line: line,
                    detail:
                        "\(cells.count) cells where the header names \(header.count); put a note holding a comma in double quotes"
                )
            }
            let slots = slots
            func cell(_ column: Column) -> String? {
                let i = slots[column.rawValue]
                guard i >= 0, i < cells.count, let first = cells[i].utf8.first else { return nil }
                return first == UInt8(ascii: "'") ? SpreadsheetCell.unmarked(cells[i]) : cells[i]
            }
            // The identity leaves the `method` cell out: an export's row is the row an export
            // made before the column was written (imported again, it must not be new). It takes
            // the cells in the columns' own order (`Column`), whatever the file's: the same rows
            // with two columns swapped were new, and doubled every holding. A file in that order
            // (an export's) has the identity it always had; another's former one is looked up too.
            text.removeAll(keepingCapacity: true)
            // `fx_base` is left out as `method` is: an export made before it was written has the
            // same rows.
            let skipped = (slots[Column.method.rawValue], slots[Column.fxBase.rawValue])
            var formerOccurrence: UInt32?
            if inColumnOrder {
                Self.appendInFileOrder(cells, skipping: skipped, to: &text)
            } else {
                for (k, i) in canonicalCells.enumerated() {
                    if k > 0 { text.append(UInt8(ascii: ",")) }
                    if i < cells.count { text.append(contentsOf: cells[i].utf8) }
                }
                formerText.removeAll(keepingCapacity: true)
                Self.appendInFileOrder(cells, skipping: skipped, to: &formerText)
                // Counted apart: rows equal in the columns' order may differ in the file's.
                formerOccurrence = formerOccurrences.next(Self.fnv1a128(formerText))
            }
            let occurrence = occurrences.next(Self.fnv1a128(text))
            var e: JournalEntry
            var lotRow = 0
            var soldUnder: LotMethod?
            do {
                e = try JournalCSV.entry(cell, today: today)
                e.importKey = Self.importKey(occurrence, text)
                if let formerOccurrence { e.formerImportKey = Self.importKey(formerOccurrence, formerText) }
                if let lot = cell(.lot) { lotRow = try purchaseRow(lot, of: e) }
                if let stated = cell(.method) {
                    soldUnder = try Self.lotMethod(stated, of: e, namesLot: cell(.lot) != nil)
                }
            } catch {
                throw .importLine(line: line, detail: error.description)
            }
            purchaseOf.append(e.kind == .buy ? Self.fnv1a64(e.symbol ?? "") : 0)
            return ParsedRow(entry: e, line: line, lotRow: lotRow, soldUnder: soldUnder)
        }

        /// The first row that is not blank, on `line` of the file.
        private mutating func readHeader(_ cells: [String], line: Int) throws(PortfolioError) {
            let names = cells.map { $0.lowercased() }
            guard names.contains("date"), names.contains("kind") else {
                throw .importLine(
                    line: line, detail: "the header must name the columns: " + columns.joined(separator: ","))
            }
            if let unknown = names.first(where: { !columns.contains($0) }) {
                throw .importLine(
                    line: line, detail: "unknown column '\(unknown)'; the columns are " + columns.joined(separator: ",")
                )
            }
            for (i, name) in names.enumerated() {
                let column = columns.firstIndex(of: name)!  // every name is known: checked above
                if slots[column] >= 0 {
                    throw .importLine(line: line, detail: "the column '\(name)' is named twice")
                }
                slots[column] = i
            }
            header = names
            canonicalCells = Column.allCases.compactMap { c in
                c != .method && c != .fxBase && slots[c.rawValue] >= 0 ? slots[c.rawValue] : nil
            }
            inColumnOrder = canonicalCells == canonicalCells.sorted()
        }

        /// A sale's `method` cell: a lot method, on a sale; the method when the sale names no lot
        /// (one that names its lot sells it under any method).
        private static func lotMethod(_ stated: String, of e: JournalEntry, namesLot: Bool) throws(PortfolioError)
            -> LotMethod?
        {
            guard e.kind == .sell else {
                throw .invalidEntry("a lot method belongs to a sale (got one on a \(e.kind.rawValue))")
            }
            guard let m = LotMethod(rawValue: stated.lowercased()) else {
                throw .invalidEntry(
                    "method must be one of \(LotMethod.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(TerminalText.visible(stated))')"
                )
            }
            return namesLot ? nil : m
        }

        /// A sale's `lot`: `row N` names the purchase on the file's Nth data row (an export
        /// writes these, since ids are the ledger's own), answered as N, whose id the writer
        /// fills in; a plain number is a lot id of the ledger (in the entry already), answered
        /// as 0.
        private func purchaseRow(_ lot: String, of e: JournalEntry) throws(PortfolioError) -> Int {
            if lot.lowercased().hasPrefix("row "), let n = Int(lot.dropFirst(4)) {
                guard n >= 1, n <= purchaseOf.count, purchaseOf[n - 1] != 0,
                    purchaseOf[n - 1] == Self.fnv1a64(e.symbol ?? "")
                else {
                    throw .invalidEntry(
                        "lot '\(lot)' is not an earlier purchase of \(e.symbol ?? "the symbol") in this file")
                }
                return n
            } else if Int64(lot) == nil {
                throw .invalidEntry("lot must be a lot id or `row N` (got '\(TerminalText.visible(lot))')")
            }
            return 0
        }

        /// FNV-1a over the text's UTF-8, 128 bits: fixed across runs (an import run again must
        /// give each row the identity it had), and wide enough that two different rows of one
        /// file never share a hash in practice.
        static func fnv1a128(_ text: [UInt8]) -> UInt128 {
            var h: UInt128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d
            let prime: UInt128 = 0x0000_0000_0100_0000_0000_0000_0000_013b
            for b in text { h = (h ^ UInt128(b)) &* prime }
            return h
        }

        /// The cells joined by commas in the file's order, the ones at `skipping` (the `method`
        /// and `fx_base` cells) left out: a row's text as its identity was before the columns'
        /// own order.
        static func appendInFileOrder(_ cells: [String], skipping skipped: (Int, Int), to text: inout [UInt8]) {
            var first = true
            for (i, cell) in cells.enumerated() where i != skipped.0 && i != skipped.1 {
                if !first { text.append(UInt8(ascii: ",")) }
                first = false
                text.append(contentsOf: cell.utf8)
            }
        }

        /// `"\(occurrence)|"` and the row's text, made as one string (one allocation a row).
        static func importKey(_ occurrence: UInt32, _ text: [UInt8]) -> String {
            let digits = String(occurrence)
            let count = digits.utf8.count + 1 + text.count
            return String(unsafeUninitializedCapacity: count) { key in
                var i = 0
                for b in digits.utf8 {
                    key[i] = b
                    i += 1
                }
                key[i] = UInt8(ascii: "|")
                i += 1
                for b in text {
                    key[i] = b
                    i += 1
                }
                return i
            }
        }

        static func fnv1a64(_ text: String) -> UInt64 {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
            return h | 1  // never 0, which marks "not a purchase"
        }
    }

    /// The known columns, by their position in `columns`.
    enum Column: Int, CaseIterable {
        case date, kind, symbol, quantity, price, fee, currency, amount, withheld, ratio, lot, note, fx, method, fxBase
    }

    /// A quantity's or price's cell as an exact decimal (nil when empty), or why it is none: a
    /// decimal comma or more digits than a decimal holds were "must be a number above 0".
    static func number(_ text: String?, _ what: String) throws(PortfolioError) -> ExactDecimal? {
        guard let text else { return nil }
        if let d = ExactDecimal(text) { return d }
        if ExactDecimal.isPlainDecimalText(text.utf8) {
            throw .invalidEntry("the \(what) '\(text)' has more digits than the \(ExactDecimal.maxScale) a value holds")
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        if parts.count == 2, parts[1].count == 3, ExactDecimal(String(parts[0]) + String(parts[1])) != nil {
            // `1,000`: a thousands separator or a decimal comma; either reading could be meant.
            throw .invalidEntry(
                "the \(what) '\(text)' has a comma: write \(parts[0])\(parts[1]) if it is a thousands separator,"
                    + " or \(parts[0]).\(parts[1]) if it is a decimal comma")
        }
        if text.contains(","), ExactDecimal(text.replacingOccurrences(of: ",", with: ".")) != nil {
            throw .invalidEntry(
                "the \(what) '\(text)' has a decimal comma: write it with a point (\(text.replacingOccurrences(of: ",", with: ".")))"
            )
        }
        throw .invalidEntry("the \(what) '\(text)' is not a number")
    }

    static func entry(_ cell: (Column) -> String?, today: CivilDate) throws(PortfolioError) -> JournalEntry {
        guard let dateText = cell(.date), let date = DateTimeParsing.isoDate(dateText) else {
            throw .invalidEntry("the date must be YYYY-MM-DD")
        }
        guard let kindText = cell(.kind),
            let kind = EntryKind(rawValue: kindText) ?? EntryKind(rawValue: kindText.lowercased()), kind != .reversal
        else {
            throw .invalidEntry(
                "the kind must be one of "
                    + EntryKind.allCases.filter { $0 != .reversal }.map(\.rawValue).joined(separator: ", "))
        }
        let currency = cell(.currency) ?? "USD"
        func symbol() throws(PortfolioError) -> String {
            guard let s = cell(.symbol) else { throw .invalidEntry("a \(kind.rawValue) needs a symbol") }
            return s
        }
        var e: JournalEntry
        switch kind {
        case .buy, .sell:
            e = try EntryFactory.trade(
                kind, symbol: symbol(), quantity: try number(cell(.quantity), "quantity"),
                price: try number(cell(.price), "price"), fee: cell(.fee), currency: currency, date: date,
                today: today, lot: cell(.lot).flatMap { Int64($0) })
            // The cash a broker's trade moved, when it is not quantity x price (an imported
            // export's amount, kept through an export and an import; an option's is quantity x
            // price x its multiplier, so no tolerance around quantity x price can check it).
            if let amount = cell(.amount) {
                let minor = try EntryFactory.money(amount, currency: e.currency, what: "the amount")
                guard minor > 0 else { throw .invalidEntry("a trade's amount must be above 0") }
                e.amount = minor
            }
        case .dividend:
            e = try EntryFactory.dividend(
                symbol: symbol(), amount: cell(.amount) ?? "", withheld: cell(.withheld), currency: currency,
                date: date, today: today)
        case .split:
            e = try EntryFactory.split(symbol: symbol(), ratio: cell(.ratio) ?? "", date: date, today: today)
        case .deposit, .withdraw:
            e = try EntryFactory.cash(kind, amount: cell(.amount) ?? "", currency: currency, date: date, today: today)
        case .interest:
            e = try EntryFactory.interest(
                amount: cell(.amount) ?? "", withheld: cell(.withheld), currency: currency, symbol: cell(.symbol),
                date: date, today: today)
        case .fee:
            e = try EntryFactory.fee(
                amount: cell(.amount) ?? "", currency: currency, symbol: cell(.symbol), date: date, today: today)
        case .exchange:
            e = try EntryFactory.exchange(amount: cell(.amount) ?? "", currency: currency, date: date, today: today)
        case .reversal: throw .invalidEntry("reversals are not imported")
        }
        e.note = cell(.note)
        if cell(.fxBase) != nil && cell(.fx) == nil {
            throw .invalidEntry("fx_base is the currency an fx rate is into: it needs the row's fx")
        }
        if let fx = cell(.fx) {
            guard [.buy, .sell, .dividend].contains(kind) else {
                throw .invalidEntry("an fx rate belongs to a buy, sell or dividend (got one on a \(kind.rawValue))")
            }
            guard let rate = ExactDecimal(fx), rate.sign > 0 else {
                throw .invalidEntry("fx must be a number above 0 (got '\(TerminalText.visible(fx))')")
            }
            e.fxRate = rate
            if let base = cell(.fxBase) {
                guard CurrencyExponent.of(base.uppercased()) != nil else {
                    throw .invalidEntry(
                        "fx_base must be the currency the rate is into, such as USD (got '\(TerminalText.visible(base))')"
                    )
                }
                e.fxBase = base.uppercased()
            }
        }
        return e
    }

    /// The entries in effect as rows of the layout above; each sale that names no lot with
    /// `method`, the portfolio's, when given.
    public static func write(_ entries: [JournalEntry], method: LotMethod? = nil) -> String {
        let effective = PortfolioBook.effective(entries)
        // `fx_base` only in a file that has rates: a book without them keeps the layout it had.
        let withBase = effective.contains { $0.fxRate != nil }
        var out = (withBase ? columns : columns.dropLast()).joined(separator: ",") + "\n"
        // A named lot is written as its purchase's row here: ids are the ledger's own.
        var rowOfID: [Int64: Int] = [:]
        for (i, e) in effective.enumerated() { if let id = e.id { rowOfID[id] = i + 1 } }
        for e in effective {
            let money = { (m: Int64) in m == 0 ? "" : MinorUnits.text(m, exponent: e.exponent) }
            let trade = e.kind == .buy || e.kind == .sell
            // A trade's amount is written only when it is not quantity x price rounded once.
            let computed = e.quantity.flatMap { q in
                e.price.flatMap { MinorUnits.amount(quantity: q, price: $0, exponent: e.exponent) }
            }
            var cells: [String] = [
                e.date.description, e.kind.rawValue, e.symbol ?? "", e.quantity?.description ?? "",
                e.price?.description ?? "", trade ? money(e.fee) : "", e.kind == .split ? "" : e.currency,
                trade ? (computed == e.amount ? "" : money(e.amount)) : money(e.amount), money(e.withheld),
                e.splitNumerator.map { "\($0):\(e.splitDenominator ?? 1)" } ?? "",
                e.lot.map { id in rowOfID[id].map { "row \($0)" } ?? String(id) } ?? "",
                e.note ?? "", e.fxRate?.description ?? "",
                e.kind == .sell && e.lot == nil ? method?.rawValue ?? "" : "",
            ]
            if withBase { cells.append(e.fxRate == nil ? "" : e.fxBase ?? "") }
            out += cells.map(SpreadsheetCell.csv).joined(separator: ",") + "\n"
        }
        return out
    }
}
