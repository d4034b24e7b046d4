import SquarestockCore

/// The rows of a history CSV that `BarRowScanner` reads, turned into `Bar`s for
/// `HistoryCSVReader`: the reader's fast path, so the speed the benchmarks report is the speed
/// of the product's own history decoding.
///
/// Each accepted row is appended to the bars' columns with its date and prices at once; its wall clock waits
/// in a block of up to 4,096 that `WallClockConverter.convert` turns into instants in one pass
/// (ICU only at offset transitions). The reader flushes the block before any row of its general
/// path and at the end, so bars stay in file order and every bar's time and session are what the
/// general path gives: date rows start at midnight of their date in the exchange's zone, timed
/// rows are read in the layout's wall-clock zone and dated by the exchange's calendar.
final class ScannedBars {
    static let blockSize = 4096

    private var scanner: BarRowScanner
    private var converter: WallClockConverter
    private let zone: ExchangeTimeZone
    /// Timed rows printed in another zone than the exchange's are dated from their instants.
    private let sessionsFromInstants: Bool
    /// Index of each price among the scanned fields, -1 when the layout has none.
    private let open: Int, high: Int, low: Int, close: Int, volume: Int
    private let values: UnsafeMutablePointer<ExactDecimal>
    private let walls: UnsafeMutablePointer<Int64>
    private let instants: UnsafeMutablePointer<Int64>
    /// Bars appended since the last flush, from `pendingStart` in the caller's array.
    private var pending = 0
    private var pendingStart = 0

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
        self.zone = zone
        converter = WallClockConverter(zone: hasTime ? wallZone : zone)
        sessionsFromInstants = hasTime && wallZone !== zone
        (open, high, low, close, volume) = index
        values = .allocate(capacity: max(fields.count, 1))
        values.initialize(repeating: .zero, count: max(fields.count, 1))
        walls = .allocate(capacity: Self.blockSize)
        instants = .allocate(capacity: Self.blockSize)
    }

    deinit {
        values.deallocate()
        walls.deallocate()
        instants.deallocate()
    }

    /// Reads rows from the reader's position for as long as they are well formed, appending their
    /// bars and moving the reader past them; true when it read at least one. The row it stops at
    /// (if any) is the general path's. One call per run of rows keeps the scanner in a local, out
    /// of the class's exclusivity checks.
    @inline(__always)
    func scanRows(_ reader: inout TolerantCSVReader, into bars: inout HistoryBars) -> Bool {
        guard let base = reader.bytes.baseAddress else { return false }
        let b = base.assumingMemoryBound(to: UInt8.self)
        let n = reader.bytes.count
        var row = scanner
        defer { scanner = row }
        var read = false
        while true {
            let end = row.scan(b, from: reader.offset, count: n, into: values)
            guard end >= 0 else { return read }
            read = true
            reader.skipRecord(endingAt: end)
            if pending == 0 { pendingStart = bars.count }
            let wall = row.wall
            walls[pending] = wall
            bars.append(
                sessionDay: row.day, time: wall, open: open >= 0 ? values[open] : nil,
                high: high >= 0 ? values[high] : nil, low: low >= 0 ? values[low] : nil,
                close: close >= 0 ? values[close] : nil, volume: volume >= 0 ? values[volume] : nil)
            pending += 1
            if pending == Self.blockSize { flush(&bars) }
            if end >= n { return read }
        }
    }

    /// Gives the bars appended since the last flush their instants (and sessions).
    func flush(_ bars: inout HistoryBars) {
        guard pending > 0 else { return }
        converter.convert(
            UnsafeBufferPointer(start: walls, count: pending),
            into: UnsafeMutableBufferPointer(start: instants, count: pending))
        let start = pendingStart
        for k in 0..<pending {
            let time = instants[k]
            if sessionsFromInstants {
                let session = zone.localDateTime(at: Instant(secondsSinceEpoch: time)).date
                bars.setTime(time, sessionDay: session.daysSinceEpoch, at: start + k)
            } else {
                bars.setTime(time, at: start + k)
            }
        }
        pending = 0
    }
}
