import SquarestockCore

/// Where each bar goes across a chart: time laid out by trading sessions, so nights, weekends and
/// holidays take no room, and a session the calendar expects but the data lacks keeps its room
/// as a visible gap.
///
/// Two modes. Intraday bars: every session gets an equal span of columns (sessions apart by a
/// one-column separator when there is room), and a bar sits in its session's span by its
/// exchange wall-clock time of day, so DST changes and zones never shift a session and a halt
/// leaves empty columns. Daily and longer bars: every session is one equal slot and a bar sits
/// at its slot's centre; with more sessions than columns several share a column.
///
/// Positions are in samples: `samplesPerColumn` per text column (two for braille).
struct ChartSessionLayout {
    struct Session {
        var date: CivilDate
        /// Indices into the bars; empty for a session the calendar expected but no bar fell in.
        var bars: Range<Int>
    }

    enum Mode: Equatable {
        /// Sessions span `dayStart ..< dayStart + dayLength` seconds after local midnight of
        /// their date (negative or beyond a day for sessions that cross midnight).
        case intraday(dayStart: Int64, dayLength: Int64)
        case slots
    }

    let sessions: [Session]
    let mode: Mode
    let columns: Int
    let samplesPerColumn: Int
    /// Columns of each session (may be empty when sessions outnumber columns).
    let spans: [Range<Int>]
    /// Columns between intraday sessions.
    let separators: [Int]
    /// Sample and session of each bar.
    let barSample: [Int]
    let barSession: [Int]
    let zone: ExchangeTimeZone

    var sampleCount: Int { columns * samplesPerColumn }

    init(
        bars: HistoryBars, zone: ExchangeTimeZone, interval: HistoryInterval, calendar: SessionCalendar,
        tradingHours: TradingHours?, columns: Int, samplesPerColumn k: Int
    ) {
        self.zone = zone
        self.columns = columns
        samplesPerColumn = k
        let checkCalendar = !calendar.isObservedOnly && (interval.isIntraday || interval == .daily)
        let (sessions, barSession) = Self.sessions(of: bars, calendar: checkCalendar ? calendar : nil)
        self.sessions = sessions
        self.barSession = barSession
        let placement =
            if let intervalSeconds = interval.seconds {
                Self.intradayPlacement(
                    bars: bars, barSession: barSession, sessionCount: max(sessions.count, 1),
                    zone: zone, intervalSeconds: intervalSeconds, tradingHours: tradingHours,
                    columns: columns, samplesPerColumn: k)
            } else {
                Self.slotPlacement(
                    barSession: barSession, sessionCount: max(sessions.count, 1), columns: columns,
                    samplesPerColumn: k)
            }
        mode = placement.mode
        spans = placement.spans
        separators = placement.separators
        barSample = placement.barSample
    }

    /// The sessions in order: the bars' own dates, plus the `calendar`'s sessions between them that
    /// have no bar (none without a calendar); and the session of each bar.
    private static func sessions(of bars: HistoryBars, calendar: SessionCalendar?) -> ([Session], [Int]) {
        var sessions: [Session] = []
        var barSession = [Int](repeating: 0, count: bars.count)
        var i = 0
        while i < bars.count {
            let date = bars[i].session
            if let calendar, let previous = sessions.last?.date {
                var d = previous.adding(days: 1)
                var guardDays = 0
                while d < date && guardDays < 400 {
                    if calendar.isSession(d) == true { sessions.append(Session(date: d, bars: i..<i)) }
                    d = d.adding(days: 1)
                    guardDays += 1
                }
            }
            var j = i
            while j < bars.count && bars[j].session == date {
                barSession[j] = sessions.count
                j += 1
            }
            sessions.append(Session(date: date, bars: i..<j))
            i = j
        }
        return (sessions, barSession)
    }

    private typealias Placement = (mode: Mode, spans: [Range<Int>], separators: [Int], barSample: [Int])

    /// Intraday: every session spans the same wall-clock day (the earliest bar to the latest bar's
    /// end, widened to the trading hours), with a separator column between sessions when each
    /// keeps at least three columns; a bar sits in its session's span by its time of day.
    private static func intradayPlacement(
        bars: HistoryBars, barSession: [Int], sessionCount n: Int, zone: ExchangeTimeZone, intervalSeconds: Int64,
        tradingHours: TradingHours?, columns: Int, samplesPerColumn k: Int
    ) -> Placement {
        let total = columns * k
        // Seconds after local midnight of the bar's own session date.
        var seconds = [Int64](repeating: 0, count: bars.count)
        var lo = Int64.max
        var hi = Int64.min
        for (b, bar) in bars.enumerated() {
            let local = zone.localDateTime(at: bar.time)
            let s =
                (local.date.daysSinceEpoch - bar.session.daysSinceEpoch) * 86_400
                + Int64(local.hour * 3600 + local.minute * 60 + local.second)
            seconds[b] = s
            lo = min(lo, s)
            hi = max(hi, s + intervalSeconds)
        }
        if let h = tradingHours {
            lo = min(lo, Int64(h.open) * 60)
            hi = max(hi, Int64(h.close) * 60)
        }
        if lo > hi {
            lo = 0
            hi = 86_400
        }
        let length = max(hi - lo, 1)
        let separated = n > 1 && columns + 1 >= 4 * n
        var spans: [Range<Int>] = []
        var separators: [Int] = []
        for s in 0..<n {
            if separated {
                let lower = s * (columns + 1) / n
                let upper = (s + 1) * (columns + 1) / n - 1
                spans.append(lower..<upper)
                if s < n - 1 { separators.append(upper) }
            } else {
                spans.append((s * columns / n)..<((s + 1) * columns / n))
            }
        }
        var barSample = [Int](repeating: 0, count: bars.count)
        for b in bars.indices {
            let span = spans[barSession[b]]
            let count = Int64(span.count * k)
            guard count > 0 else {
                barSample[b] = min(span.lowerBound * k, max(total - 1, 0))
                continue
            }
            let offset = min(max(seconds[b] - lo, 0), length - 1)
            barSample[b] = span.lowerBound * k + Int(min(offset * count / length, count - 1))
        }
        return (.intraday(dayStart: lo, dayLength: length), spans, separators, barSample)
    }

    /// Daily and longer: one equal slot a session, each bar at its slot's centre.
    private static func slotPlacement(barSession: [Int], sessionCount n: Int, columns: Int, samplesPerColumn k: Int)
        -> Placement
    {
        let t = Int64(columns * k)
        let slots = Int64(n)
        let barSample = barSession.map { Int((2 * Int64($0) + 1) * t / (2 * slots)) }
        return (.slots, (0..<n).map { s in (s * columns / n)..<((s + 1) * columns / n) }, [], barSample)
    }

    /// The sample a session's label points at: its bar (slots) or the start of its span.
    func sample(ofSession s: Int) -> Int {
        switch mode {
        case .slots:
            let t = Int64(sampleCount)
            return Int((2 * Int64(s) + 1) * t / (2 * Int64(max(sessions.count, 1))))
        case .intraday:
            return spans[s].lowerBound * samplesPerColumn
        }
    }

    /// First and last instant of an intraday session's span.
    func window(ofSession s: Int) -> (start: Instant, end: Instant)? {
        guard case .intraday(let start, let length) = mode else { return nil }
        let midnight = sessions[s].date.daysSinceEpoch * 86_400
        let a = zone.instant(for: CivilDateTime(secondsSinceEpochUTC: midnight + start))
        let b = zone.instant(for: CivilDateTime(secondsSinceEpochUTC: midnight + start + length))
        return (a, b)
    }

    /// Column (fractional, from the plot's left edge) of an instant inside session `s`'s span.
    func column(of t: Instant, session s: Int) -> Double? {
        guard case .intraday(let start, let length) = mode else { return nil }
        let local = zone.localDateTime(at: t)
        let sec =
            (local.date.daysSinceEpoch - sessions[s].date.daysSinceEpoch) * 86_400
            + Int64(local.hour * 3600 + local.minute * 60 + local.second)
        guard sec >= start, sec <= start + length else { return nil }
        let span = spans[s]
        return Double(span.lowerBound) + Double(sec - start) / Double(length) * Double(span.count)
    }

    /// Seconds of exchange time one column stands for in an intraday session.
    var secondsPerColumn: Int64 {
        guard case .intraday(_, let length) = mode, let span = spans.first, span.count > 0 else { return 0 }
        return length / Int64(span.count)
    }
}
