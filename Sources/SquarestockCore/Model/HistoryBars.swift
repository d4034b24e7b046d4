/// The bars of a history, stored by column: the product's one representation of a series' bars.
///
/// A struct of five optional decimals, an instant and a date is 152 bytes a bar, three times the
/// CSV row it came from; with the body still held, decoding a long intraday file took 5.7 times
/// its size. Columns of packed integers take about a quarter of a bar's row instead: each session
/// as a day number (16 bits from the first bar's), each start as seconds from its session day's
/// UTC midnight (the zone's offset or the time of day: 16 or 32 bits), prices and volumes as
/// significands of the narrowest width they need with their scale held once per column
/// (`DecimalColumn`).
///
/// It is a collection of `Bar` values made on access (no allocation), so charts, writers and tests
/// read it as they read an array; decoders append rows straight into the columns.
public struct HistoryBars: Sendable {
    /// Day number of the first bar appended; `days` holds the others' distance from it.
    private var firstDay: Int64 = 0
    private var days = PackedIntegers()
    /// A bar's start minus its session day's UTC midnight, in seconds.
    private var offsets = PackedIntegers()
    private var opens = DecimalColumn()
    private var highs = DecimalColumn()
    private var lows = DecimalColumn()
    private var closes = DecimalColumn()
    private var volumes = DecimalColumn()

    public init() {}

    /// The bytes the columns take (capacity aside), for memory reports.
    package var byteCount: Int {
        days.byteCount + offsets.byteCount + opens.byteCount + highs.byteCount + lows.byteCount
            + closes.byteCount + volumes.byteCount
    }

    /// Appends a bar by its parts, for decoders: `sessionDay` is the session's day number and
    /// `time` the start in seconds since the epoch.
    @inline(__always)
    package mutating func append(
        sessionDay: Int64, time: Int64, open: ExactDecimal?, high: ExactDecimal?, low: ExactDecimal?,
        close: ExactDecimal?, volume: ExactDecimal?
    ) {
        if days.count == 0 { firstDay = sessionDay }
        days.append(sessionDay &- firstDay)
        offsets.append(time &- sessionDay &* 86_400)
        opens.append(open)
        highs.append(high)
        lows.append(low)
        closes.append(close)
        volumes.append(volume)
    }

    /// Appends `count` bars at once, for decoders that read rows in blocks: bar k's session day
    /// number is `sessionDays[k]`, its start `times[k]` (seconds since the epoch), and its prices
    /// `values[k * stride + c]` for the column indexes in `columns` (-1: the layout has no such
    /// column, so the value is absent). Each column takes the block in one append.
    package mutating func append(
        sessionDays: UnsafePointer<Int64>, times: UnsafePointer<Int64>, count: Int,
        values: UnsafePointer<ExactDecimal>, stride: Int,
        columns: (open: Int, high: Int, low: Int, close: Int, volume: Int)
    ) {
        guard count > 0 else { return }
        if days.count == 0 { firstDay = sessionDays[0] }
        let first = firstDay
        withUnsafeTemporaryAllocation(of: Int64.self, capacity: count) { scratch in
            guard let out = scratch.baseAddress else { return }
            for k in 0..<count { out[k] = sessionDays[k] &- first }
            days.append(contentsOf: out, count: count)
            for k in 0..<count { out[k] = times[k] &- sessionDays[k] &* 86_400 }
            offsets.append(contentsOf: out, count: count)
        }
        func fill(_ column: inout DecimalColumn, _ c: Int) {
            if c >= 0 {
                column.append(values + c, stride: stride, count: count)
            } else {
                for _ in 0..<count { column.appendAbsent() }
            }
        }
        fill(&opens, columns.open)
        fill(&highs, columns.high)
        fill(&lows, columns.low)
        fill(&closes, columns.close)
        fill(&volumes, columns.volume)
    }

    /// The start of bar `i` in seconds since the epoch.
    @inline(__always)
    package func time(at i: Int) -> Int64 { (firstDay &+ days[i]) &* 86_400 &+ offsets[i] }

    /// The session day number of bar `i`.
    @inline(__always)
    package func sessionDay(at i: Int) -> Int64 { firstDay &+ days[i] }

    /// Sets bar `i`'s start (and session day, when given), for decoders that learn instants after
    /// appending (a block of wall clocks converted at once).
    @inline(__always)
    package mutating func setTime(_ time: Int64, sessionDay: Int64? = nil, at i: Int) {
        let day = sessionDay ?? (firstDay &+ days[i])
        if sessionDay != nil { days[i] = day &- firstDay }
        offsets[i] = time &- day &* 86_400
    }

    /// Reverses the bars' order (a newest-first file) column by column.
    package mutating func reverseInPlace() {
        days.reverse()
        offsets.reverse()
        opens.reverse()
        highs.reverse()
        lows.reverse()
        closes.reverse()
        volumes.reverse()
    }

    /// Moves bar `from` over bar `to` (whose values are lost).
    private mutating func move(_ from: Int, to: Int) {
        days[to] = days[from]
        offsets[to] = offsets[from]
        opens[to] = opens[from]
        highs[to] = highs[from]
        lows[to] = lows[from]
        closes[to] = closes[from]
        volumes[to] = volumes[from]
    }

    /// Puts the bars in time order with one bar per instant, the later row winning a tie.
    ///
    /// A fall-back hour of intraday bars lands here every autumn: its second pass repeats the
    /// first's instants, so each of its rows replaces its twin in place, in one pass with no
    /// second copy of the columns. Only bars that are truly out of order sort (time, position)
    /// pairs and gather the columns anew.
    package mutating func putOldestFirst() {
        let n = count
        var kept = 1
        while kept < n && time(at: kept - 1) < time(at: kept) { kept += 1 }
        guard kept < n else { return }
        var last = time(at: kept - 1)
        for r in kept..<n {
            let t = time(at: r)
            if last < t {
                if r != kept { move(r, to: kept) }
                kept += 1
                last = t
                continue
            }
            // Its twin among the kept bars, if it has one (the kept bars are strictly increasing).
            var lo = 0
            var hi = kept
            while lo < hi {
                let mid = (lo + hi) / 2
                if time(at: mid) < t { lo = mid + 1 } else { hi = mid }
            }
            if time(at: lo) == t {
                move(r, to: lo)
                continue
            }
            // Out of order: the kept bars and the unread rest, in file order, sorted.
            var rest = HistoryBars()
            rest.reserveCapacity(kept + n - r)
            for i in 0..<kept { rest.append(self[i]) }
            for i in r..<n { rest.append(self[i]) }
            self = rest.sortedByTime()
            return
        }
        removeLast(n - kept)
    }

    /// Sorted by (time, position), the last of each instant kept.
    private func sortedByTime() -> HistoryBars {
        var keys: [(Int64, Int)] = []
        keys.reserveCapacity(count)
        for i in 0..<count { keys.append((time(at: i), i)) }
        keys.sort { $0 < $1 }
        var out = HistoryBars()
        out.reserveCapacity(count)
        var k = 0
        while k < keys.count {
            var last = k
            while last + 1 < keys.count && keys[last + 1].0 == keys[k].0 { last += 1 }
            out.append(self[keys[last].1])
            k = last + 1
        }
        return out
    }
}

extension HistoryBars: RandomAccessCollection, MutableCollection {
    public typealias Index = Int
    public typealias Element = Bar

    public var startIndex: Int { 0 }
    public var endIndex: Int { days.count }

    public subscript(i: Int) -> Bar {
        get {
            let day = firstDay &+ days[i]
            return Bar(
                time: Instant(secondsSinceEpoch: day &* 86_400 &+ offsets[i]),
                session: CivilDate(daysSinceEpoch: day), open: opens[i], high: highs[i], low: lows[i],
                close: closes[i], volume: volumes[i])
        }
        set {
            if days.count == 1 && i == 0 { firstDay = newValue.session.daysSinceEpoch }
            let day = newValue.session.daysSinceEpoch
            days[i] = day &- firstDay
            offsets[i] = newValue.time.secondsSinceEpoch &- day &* 86_400
            opens[i] = newValue.open
            highs[i] = newValue.high
            lows[i] = newValue.low
            closes[i] = newValue.close
            volumes[i] = newValue.volume
        }
    }
}

extension HistoryBars: RangeReplaceableCollection {
    public mutating func append(_ bar: Bar) {
        append(
            sessionDay: bar.session.daysSinceEpoch, time: bar.time.secondsSinceEpoch, open: bar.open,
            high: bar.high, low: bar.low, close: bar.close, volume: bar.volume)
    }

    public mutating func reserveCapacity(_ n: Int) {
        days.reserveCapacity(n)
        offsets.reserveCapacity(n)
        opens.reserveCapacity(n)
        highs.reserveCapacity(n)
        lows.reserveCapacity(n)
        closes.reserveCapacity(n)
        volumes.reserveCapacity(n)
    }

    public mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "removing \(k) of \(count) bars")
        guard k > 0 else { return }
        days.removeLast(k)
        offsets.removeLast(k)
        opens.removeLast(k)
        highs.removeLast(k)
        lows.removeLast(k)
        closes.removeLast(k)
        volumes.removeLast(k)
    }

    /// Appending at the end writes the columns; anything else rebuilds them (charts and tests
    /// only, on short series).
    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with bars: C) where C.Element == Bar {
        if range.lowerBound == count && range.isEmpty {
            for b in bars { append(b) }
            return
        }
        if range.upperBound == count && bars.isEmpty {
            removeLast(range.count)
            return
        }
        var out = HistoryBars()
        out.reserveCapacity(count - range.count + bars.count)
        for i in 0..<range.lowerBound { out.append(self[i]) }
        for b in bars { out.append(b) }
        for i in range.upperBound..<count { out.append(self[i]) }
        self = out
    }
}

extension HistoryBars: ExpressibleByArrayLiteral {
    public init(arrayLiteral bars: Bar...) { self.init(bars) }
}

extension HistoryBars: Equatable {
    /// Bar by bar: the same bars are equal whatever widths their columns reached.
    public static func == (a: HistoryBars, b: HistoryBars) -> Bool {
        a.count == b.count && a.indices.allSatisfy { a[$0] == b[$0] }
    }
}

extension HistoryBars: CustomStringConvertible {
    public var description: String { Array(self).description }
}
