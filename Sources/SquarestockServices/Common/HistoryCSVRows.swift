import SquarestockCore

/// The rows of one history CSV body, read piece by piece: the header from the first piece, then
/// every whole record of each piece into bars, fast rows through `ScannedBars` and the others
/// through `HistoryCSVReader.GeneralRow`.
///
/// A body read whole is one piece. A body handed over in pieces (`HistoryCSVReader.decode(head:
/// ...read:)`) is never resident at once: a piece ends after a line end, and a record that may go
/// on in the next piece (a quoted field still open) is handed back to be read again at the front
/// of the next one, with its line number, so errors name the same lines either way.
struct HistoryCSVRows {
    private let request: HistoryCSVReader.Request
    private let rowScanner: Bool
    /// Bars to reserve room for once the header is read (a row is at least 20 bytes).
    private let reserve: Int
    private var bars = HistoryBars()
    private var layout: HistoryCSVLayout?
    private var general: HistoryCSVReader.GeneralRow?
    private var fast: ScannedBars?
    private var fields: [CSVField] = []
    /// The line the next piece starts on.
    private var line = 1
    /// Whether no byte has been read yet (only the input's start may hold a byte-order mark).
    private var atStart = true
    /// Whether a row went through the general path (its bars may be in any order).
    private var generalRowsRead = false

    /// - Parameter expectedBytes: the body's size when known (all of it, or a Content-Length).
    init(_ request: HistoryCSVReader.Request, rowScanner: Bool, expectedBytes: Int?) {
        self.request = request
        self.rowScanner = rowScanner
        reserve = (expectedBytes ?? 0) / 20 + 1
    }

    /// Reads the records of `piece`: all of them when `isLast`; otherwise the piece must end just
    /// after a line end, and a record still inside a quoted field there is left. Returns the bytes
    /// read; the caller hands the rest again at the front of the next piece.
    mutating func read(_ piece: UnsafeRawBufferPointer, isLast: Bool) throws(HistoryError) -> Int {
        var reader = TolerantCSVReader(bytes: piece, firstLine: line, atStartOfInput: atStart)
        if layout == nil {
            guard reader.nextRecord(into: &fields) else {
                line = reader.nextLineNumber
                atStart = false
                return piece.count
            }
            // A header still inside a quoted field: the whole piece again, with more after it.
            if !isLast && reader.lastRecordHadUnterminatedQuote { return 0 }
            try readHeader(reader)
        }
        atStart = false
        guard let general else { return piece.count }
        while true {
            if let fast, fast.scanRows(&reader, into: &bars) { continue }
            let start = reader.offset
            let startLine = reader.nextLineNumber
            guard reader.nextRecord(into: &fields) else { break }
            if !isLast && reader.lastRecordHadUnterminatedQuote {
                line = startLine
                return start
            }
            fast?.flush(&bars)
            generalRowsRead = true
            try general.read(&reader, fields, into: &bars)
        }
        line = reader.nextLineNumber
        return piece.count
    }

    /// The bars read, oldest first with one per instant, once the last piece is read.
    mutating func finish() -> HistorySeries {
        fast?.flush(&bars)
        let newestFirst = layout?.newestFirst == true
        if newestFirst { bars.reverseInPlace() }
        // Bars that all came through the scanner in order are already oldest first with one per
        // instant; checking would read every bar again (2 to 3 % of a long intraday decode).
        if newestFirst || generalRowsRead || fast?.placedOutOfOrder != false { bars.putOldestFirst() }
        return HistorySeries(symbol: request.symbol, zone: request.zone, interval: request.interval, bars: bars)
    }

    /// Picks the layout the header (in `fields`) names, and the row readers for it.
    private mutating func readHeader(_ reader: TolerantCSVReader) throws(HistoryError) {
        let header = fields.map { reader.string($0) }
        guard let layout = request.layouts.first(where: { $0.mismatch(header: header) == nil }) else {
            let closest = request.layouts.max {
                $0.matchingPrefix(header: header) < $1.matchingPrefix(header: header)
            }!
            let m = closest.mismatch(header: header)!
            throw .unexpectedHeader(
                source: request.source, line: reader.lineNumber, column: m.column,
                expected: closest.columns[m.column - 1].names[0].capitalizedHeader,
                found: m.found, hint: request.headerHint(header))
        }
        let wallZone: ExchangeTimeZone
        if let id = layout.wallClockZone {
            guard let z = try? ExchangeTimeZone(identifier: id) else {
                throw .response(
                    .notConfigured(source: request.source, detail: "the time zone \(id) is not known to ICU"))
            }
            wallZone = z
        } else {
            wallZone = request.zone
        }
        self.layout = layout
        general = HistoryCSVReader.GeneralRow(
            layout: layout, zone: request.zone, wallZone: wallZone, source: request.source)
        // Capacity no row can outgrow; pages never written cost no memory.
        bars.reserveCapacity(reserve)
        fast = rowScanner ? ScannedBars(layout: layout, zone: request.zone, wallZone: wallZone) : nil
    }
}
