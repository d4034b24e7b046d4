import SquarestockCore

/// The rows of a history CSV that `BarRowScanner` reads, turned into bars for
/// `HistoryCSVReader`: the reader's fast path, so the speed the benchmarks report is the speed
/// of the product's own history decoding.
///
/// Accepted rows wait in a block of up to 4,096: the scanner writes each row's prices straight
/// into the block and its wall clock beside them. A full block (or the row before one of the
/// reader's general path, or the end) is flushed: `WallClockConverter.convert` turns the wall
/// clocks into instants in one pass (ICU only at offset transitions), `LocalDayConverter` dates
/// them by the exchange's calendar when the file's clocks are another zone's (one range check a
/// bar, not a zone look-up), and each column of `HistoryBars` takes the block in one append. So
/// bars stay in file order and every bar's time and session are what the general path gives:
/// date rows start at midnight of their date in the exchange's zone, timed rows are read in the
/// layout's wall-clock zone and dated by the exchange's calendar.
///
/// A row whose instant is not after the last bar's (the second pass of a fall-back hour repeats
/// the first's instants) replaces its twin among the last bars in place, as
/// `HistoryBars.putOldestFirst` would, so that pass does not make `putOldestFirst` move every
/// later bar; a row with no twin nearby is appended and left to `putOldestFirst`.
final class ScannedBars {
    static let blockSize = 4096
    /// How far back from the last bar a twin is looked for.
    static let twinSearch = 4096

    private var scanner: BarRowScanner
    private var converter: WallClockConverter
    private var sessions: LocalDayConverter
    /// Timed rows printed in another zone than the exchange's are dated from their instants.
    private let sessionsFromInstants: Bool
    /// Index of each price among the scanned fields, -1 when the layout has none.
    private let columns: (open: Int, high: Int, low: Int, close: Int, volume: Int)
    /// Fields a row has after its date (and time): row k's values are at `values + k * stride`.
    private let stride: Int
    private let values: UnsafeMutablePointer<ExactDecimal>
    private let walls: UnsafeMutablePointer<Int64>
    private let wallDays: UnsafeMutablePointer<Int64>
    private let instants: UnsafeMutablePointer<Int64>
    private let sessionDays: UnsafeMutablePointer<Int64>
    /// Rows read since the last flush.
    private var pending = 0
    /// Whether a row went in behind a later bar (no twin to replace): until one does, the bars
    /// this appends are oldest first with one per instant, and need no `putOldestFirst`.
    private(set) var placedOutOfOrder = false

    /// nil when the layout is not `date[,time],values...` (the general path then reads every row).
    init?(layout: HistoryCSVLayout, zone: ExchangeTimeZone, wallZone: ExchangeTimeZone) {
        let columns = layout.columns
        guard let first = columns.first, first.role == .date || first.role == .timestamp else { return nil }
        let hasTime = columns.count > 1 && columns[1].role == .time
        let skip = hasTime ? 2 : 1
        var fields: [BarRowScanner.Field] = []
        var index = (open: -1, high: -1, low: -1, close: -1, volume: -1)
        for (c, column) in columns.enumerated().dropFirst(skip) {
            switch column.role {
            case .date, .time, .timestamp: return nil
            case .ignored: fields.append(.ignored)
            case .open, .high, .low, .close, .volume:
                // The general path reads the first column of a role and passes over the others.
                if layout.index(of: column.role) == c {
                    switch column.role {
                    case .open: index.open = c - skip
                    case .high: index.high = c - skip
                    case .low: index.low = c - skip
                    case .close: index.close = c - skip
                    default: index.volume = c - skip
                    }
                    fields.append(.number)
                } else {
                    fields.append(.ignored)
                }
            }
        }
        guard let scanner = BarRowScanner(hasTime: hasTime, fields: fields) else { return nil }
        self.scanner = scanner
        converter = WallClockConverter(zone: hasTime ? wallZone : zone)
        sessions = LocalDayConverter(zone: zone)
        sessionsFromInstants = hasTime && wallZone !== zone
        self.columns = index
        stride = max(fields.count, 1)
        values = .allocate(capacity: stride * Self.blockSize)
        values.initialize(repeating: .zero, count: stride * Self.blockSize)
        walls = .allocate(capacity: Self.blockSize)
        wallDays = .allocate(capacity: Self.blockSize)
        instants = .allocate(capacity: Self.blockSize)
        sessionDays = .allocate(capacity: Self.blockSize)
    }

    deinit {
        values.deallocate()
        walls.deallocate()
        wallDays.deallocate()
        instants.deallocate()
        sessionDays.deallocate()
    }

    /// Reads rows from the reader's position for as long as they are well formed, keeping them in
    /// the block (flushed into `bars` when full) and moving the reader past them; true when it
    /// read at least one. The row it stops at (if any) is the general path's, which must flush
    /// first. The scanner reads a block's worth of rows per call (`BarRowScanner.scanRows`), in a
    /// local, out of the class's exclusivity checks, and the reader moves once per call.
    func scanRows(_ reader: inout TolerantCSVReader, into bars: inout HistoryBars) -> Bool {
        guard let base = reader.bytes.baseAddress else { return false }
        let b = base.assumingMemoryBound(to: UInt8.self)
        let n = reader.bytes.count
        var row = scanner
        defer { scanner = row }
        var read = false
        while true {
            let room = Self.blockSize - pending
            var end = reader.offset
            let got = row.scanRows(
                b, from: end, count: n, values: values + pending &* stride, stride: stride, walls: walls + pending,
                days: wallDays + pending, limit: room, end: &end)
            guard got > 0 else { return read }
            read = true
            reader.skipRecords(got, endingAt: end)
            pending &+= got
            if pending == Self.blockSize { flush(&bars) }
            // Fewer than the room: an irregular row or the input's end stopped it.
            if got < room { return read }
        }
    }

    /// Appends the rows read since the last flush, with their instants and sessions.
    func flush(_ bars: inout HistoryBars) {
        let count = pending
        guard count > 0 else { return }
        pending = 0
        converter.convert(
            UnsafeBufferPointer(start: walls, count: count),
            into: UnsafeMutableBufferPointer(start: instants, count: count))
        let days: UnsafeMutablePointer<Int64>
        if sessionsFromInstants {
            // In a local: a class's property mutated per bar would pay an exclusivity check each.
            var local = sessions
            for k in 0..<count { sessionDays[k] = local.day(at: instants[k]) }
            sessions = local
            days = sessionDays
        } else {
            days = wallDays
        }
        // Runs of rows each after the one before go in whole; a row that is not is placed alone.
        var last = bars.isEmpty ? Int64.min : bars.time(at: bars.count - 1)
        var runStart = 0
        for k in 0..<count {
            let t = instants[k]
            if t > last {
                last = t
                continue
            }
            append(from: runStart, to: k, days, &bars)
            runStart = k + 1
            if let twin = twin(of: t, in: bars) {
                bars[twin] = bar(k, days)
            } else {
                bars.append(bar(k, days))
                last = t
                placedOutOfOrder = true
            }
        }
        append(from: runStart, to: count, days, &bars)
    }

    private func append(from start: Int, to end: Int, _ days: UnsafeMutablePointer<Int64>, _ bars: inout HistoryBars) {
        guard end > start else { return }
        bars.append(
            sessionDays: days + start, times: instants + start, count: end - start, values: values + start * stride,
            stride: stride, columns: columns)
    }

    /// The index of the bar at instant `t` among the last bars, which are later than it up to there.
    private func twin(of t: Int64, in bars: HistoryBars) -> Int? {
        var j = bars.count - 1
        let stop = max(0, bars.count - Self.twinSearch)
        while j >= stop {
            let u = bars.time(at: j)
            if u == t { return j }
            if u < t { return nil }
            j -= 1
        }
        return nil
    }

    /// Row k of the block as a `Bar`.
    private func bar(_ k: Int, _ days: UnsafeMutablePointer<Int64>) -> Bar {
        let row = values + k * stride
        return Bar(
            time: Instant(secondsSinceEpoch: instants[k]), session: CivilDate(daysSinceEpoch: days[k]),
            open: columns.open >= 0 ? row[columns.open] : nil, high: columns.high >= 0 ? row[columns.high] : nil,
            low: columns.low >= 0 ? row[columns.low] : nil, close: columns.close >= 0 ? row[columns.close] : nil,
            volume: columns.volume >= 0 ? row[columns.volume] : nil)
    }
}
