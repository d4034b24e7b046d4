import SquarestockCore

/// The x-axis labels: times of day for one intraday session, days for several, then weeks,
/// months or years as the range grows; as many as fit without crowding, at the sessions where
/// each period begins.
///
/// Labels read in `labelZone` (the exchange's zone unless the user asked for another). Each kind
/// has levels from dense to sparse (every month, every other, quarters, ...); the densest level
/// whose labels keep two blanks between them wins.
enum TimeAxis {
    struct Label: Equatable {
        /// Plot column the tick marks.
        var column: Int
        var text: String
        /// Centred on the tick (times), or starting at it (dates).
        var centered: Bool
    }

    enum Kind: Int, Comparable {
        case timesOfDay, sessions, weeks, months, years
        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    static func kind(range: ChartRange, interval: HistoryInterval, sessionCount: Int) -> Kind {
        if interval.isIntraday {
            return range == .day1 || sessionCount <= 1 ? .timesOfDay : .sessions
        }
        switch range {
        case .day1, .day5: return .sessions
        case .month1, .month3: return .weeks
        case .month6, .ytd, .year1: return .months
        case .year5, .max: return .years
        }
    }

    /// Labels placed on a row `width` cells wide whose plot starts at `plotX`: each with its
    /// tick column (plot-relative) and the absolute column its text starts at.
    static func place(
        range: ChartRange, interval: HistoryInterval, layout: ChartSessionLayout, bars: HistoryBars,
        labelZone: ExchangeTimeZone, plotX: Int, width: Int
    ) -> [(tick: Int, start: Int, text: String)] {
        var kind = kind(range: range, interval: interval, sessionCount: layout.sessions.count)
        while true {
            let levels = candidates(kind: kind, layout: layout, bars: bars, labelZone: labelZone)
            // Densest level that fits; a sparse chart falls back to a finer kind for two labels.
            var best: [(tick: Int, start: Int, text: String)]? = nil
            for level in levels {
                if let placed = fit(level, plotX: plotX, width: width) {
                    best = placed
                    break
                }
            }
            let fallback = levels.last.map { greedy($0, plotX: plotX, width: width) } ?? []
            let result = best ?? fallback
            if result.count >= 2 || kind == .timesOfDay || kind == .sessions { return result }
            // Too few period starts in view: try the next finer kind.
            switch kind {
            case .years: kind = .months
            case .months: kind = .weeks
            default: kind = interval.isIntraday ? .timesOfDay : .sessions
            }
        }
    }

    /// Label levels from densest to sparsest.
    static func candidates(kind: Kind, layout: ChartSessionLayout, bars: HistoryBars, labelZone: ExchangeTimeZone)
        -> [[Label]]
    {
        switch kind {
        case .timesOfDay: return timeOfDayLevels(layout: layout, labelZone: labelZone)
        case .sessions: return sessionLevels(layout: layout, bars: bars, labelZone: labelZone)
        case .weeks, .months, .years: return periodLevels(kind: kind, starts: periodStarts(kind: kind, layout: layout))
        }
    }

    /// The column of session `s`'s first sample, kept inside the plot.
    private static func column(ofSession s: Int, in layout: ChartSessionLayout) -> Int {
        min(layout.sample(ofSession: s) / layout.samplesPerColumn, max(layout.columns - 1, 0))
    }

    /// Round times of day inside each session's window, every 15 minutes up to every 12 hours.
    private static func timeOfDayLevels(layout: ChartSessionLayout, labelZone: ExchangeTimeZone) -> [[Label]] {
        let lastColumn = max(layout.columns - 1, 0)
        var levels: [[Label]] = []
        for step in [15, 30, 60, 120, 180, 240, 360, 720] {
            var level: [Label] = []
            for s in layout.sessions.indices {
                guard let window = layout.window(ofSession: s) else { continue }
                let startWall = labelZone.localDateTime(at: window.start)
                let startMinute = Int64(startWall.minuteOfDay) + (startWall.second > 0 ? 1 : 0)
                var minute = (startMinute + Int64(step) - 1) / Int64(step) * Int64(step)
                let midnight = startWall.date.daysSinceEpoch * 86_400
                var guardCount = 0
                while guardCount < 200 {
                    guardCount += 1
                    let wall = CivilDateTime(secondsSinceEpochUTC: midnight + minute * 60)
                    let t = labelZone.instant(for: wall)
                    if t > window.end { break }
                    minute += Int64(step)
                    guard t >= window.start, let c = layout.column(of: t, session: s) else { continue }
                    let text = wall.hourMinute
                    level.append(Label(column: min(Int(c), lastColumn), text: text, centered: true))
                }
            }
            levels.append(level)
        }
        return levels
    }

    /// Each session's day (`Mon 4`, then just `4`), then every 2nd, 5th, ... of them. A session's
    /// day is its first bar's date in the label zone, or its own date where it has no bar.
    private static func sessionLevels(layout: ChartSessionLayout, bars: HistoryBars, labelZone: ExchangeTimeZone)
        -> [[Label]]
    {
        let sessions = layout.sessions
        var long: [Label] = []
        var short: [Label] = []
        for s in sessions.indices {
            let date: CivilDate
            if let firstBar = sessions[s].bars.first, layout.mode != .slots {
                date = labelZone.localDateTime(at: bars[firstBar].time).date
            } else {
                date = sessions[s].date
            }
            let c = column(ofSession: s, in: layout)
            long.append(
                Label(column: c, text: weekdayNames[date.isoWeekday - 1] + " " + String(date.day), centered: false))
            short.append(Label(column: c, text: String(date.day), centered: false))
        }
        return [long, short] + [2, 5, 10, 20].map { every(long, $0) } + [every(short, 5), every(short, 10)]
    }

    /// Sessions where a week, month or year begins; the first session only when it opens its period.
    private static func periodStarts(kind: Kind, layout: ChartSessionLayout) -> [(column: Int, date: CivilDate)] {
        let sessions = layout.sessions
        var starts: [(column: Int, date: CivilDate)] = []
        for s in sessions.indices {
            let d = sessions[s].date
            let opens: Bool
            if s == 0 {
                switch kind {
                case .weeks: opens = d.isoWeekday <= 2
                case .months: opens = d.day <= 4
                default: opens = d.month == 1 && d.day <= 4
                }
            } else {
                let p = sessions[s - 1].date
                switch kind {
                case .weeks: opens = week(of: d) != week(of: p)
                case .months: opens = d.month != p.month || d.year != p.year
                default: opens = d.year != p.year
                }
            }
            if opens { starts.append((column(ofSession: s, in: layout), d)) }
        }
        return starts
    }

    /// The label levels over period starts: weeks by date then by month, months every 1 to 12,
    /// years every 1 to 100. A month label in January is the year.
    private static func periodLevels(kind: Kind, starts: [(column: Int, date: CivilDate)]) -> [[Label]] {
        func monthLabel(_ d: CivilDate) -> String { d.month == 1 ? String(d.year) : monthNames[d.month - 1] }
        switch kind {
        case .weeks:
            let daily = starts.map {
                Label(
                    column: $0.column, text: monthNames[$0.date.month - 1] + " " + String($0.date.day), centered: false)
            }
            var monthly: [Label] = []
            var previousMonth = -1
            for (i, s) in starts.enumerated() where s.date.month != previousMonth {
                previousMonth = s.date.month
                // Only a week that holds the month's first session starts the month.
                if i > 0 || s.date.day <= 7 {
                    monthly.append(Label(column: s.column, text: monthLabel(s.date), centered: false))
                }
            }
            return [daily, every(daily, 2), monthly]
        case .months:
            func level(_ n: Int) -> [Label] {
                starts.filter { ($0.date.month - 1) % n == 0 }.map {
                    Label(column: $0.column, text: monthLabel($0.date), centered: false)
                }
            }
            return [level(1), level(2), level(3), level(6), level(12)]
        default:
            return [1, 2, 5, 10, 20, 50, 100].map { n in
                starts.filter { $0.date.year % n == 0 }.map {
                    Label(column: $0.column, text: String($0.date.year), centered: false)
                }
            }
        }
    }

    /// Monday-based week number since the epoch (1970-01-05 was a Monday).
    static func week(of d: CivilDate) -> Int64 {
        let days = d.daysSinceEpoch - 4
        return days >= 0 ? days / 7 : (days - 6) / 7
    }

    static func every(_ labels: [Label], _ n: Int) -> [Label] {
        labels.enumerated().filter { $0.offset % n == 0 }.map(\.element)
    }

    /// All of `labels` placed with two blanks between neighbours, or nil if they do not fit.
    static func fit(_ labels: [Label], plotX: Int, width: Int) -> [(tick: Int, start: Int, text: String)]? {
        var out: [(tick: Int, start: Int, text: String)] = []
        var end = Int.min / 2
        for l in labels.sorted(by: { $0.column < $1.column }) {
            let start = position(l, plotX: plotX, width: width)
            if start < end + 2 { return nil }
            out.append((l.column, start, l.text))
            end = start + l.text.unicodeScalars.count
        }
        return out
    }

    /// As many of `labels` as fit, left to right.
    static func greedy(_ labels: [Label], plotX: Int, width: Int) -> [(tick: Int, start: Int, text: String)] {
        var out: [(tick: Int, start: Int, text: String)] = []
        var end = Int.min / 2
        for l in labels.sorted(by: { $0.column < $1.column }) {
            let start = position(l, plotX: plotX, width: width)
            if start < end + 2 { continue }
            out.append((l.column, start, l.text))
            end = start + l.text.unicodeScalars.count
        }
        return out
    }

    static func position(_ l: Label, plotX: Int, width: Int) -> Int {
        let length = l.text.unicodeScalars.count
        let start = plotX + l.column - (l.centered ? length / 2 : 0)
        return min(max(start, 0), max(width - length, 0))
    }
}
