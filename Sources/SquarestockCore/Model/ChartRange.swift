/// The span of history a chart shows, as `--range` names it. It decides which bars are kept,
/// what the x axis labels (times of day, days, months or years) and whether the previous close
/// is drawn as a baseline.
public enum ChartRange: String, Sendable, CaseIterable {
    case day1 = "1d"
    case day5 = "5d"
    case month1 = "1mo"
    case month3 = "3mo"
    case month6 = "6mo"
    case ytd
    case year1 = "1y"
    case year5 = "5y"
    case max

    /// Ranges drawn from intraday bars, where the previous close is the reference line.
    public var isIntraday: Bool { self == .day1 || self == .day5 }

    /// The bar length a source should be asked for.
    public var preferredInterval: HistoryInterval {
        switch self {
        case .day1: return .minutes(5)
        case .day5: return .minutes(15)
        case .month1, .month3, .month6, .ytd, .year1, .year5: return .daily
        case .max: return .weekly
        }
    }

    /// The range a series most likely shows, for charts drawn without `--range`.
    public static func inferred(for series: HistorySeries) -> ChartRange {
        guard let first = series.bars.first, let last = series.bars.last else { return .day1 }
        if series.interval.isIntraday {
            return first.session == last.session ? .day1 : .day5
        }
        let days = last.session.daysSinceEpoch - first.session.daysSinceEpoch
        switch days {
        case ..<36: return .month1
        case ..<100: return .month3
        case ..<200: return .month6
        case ..<400: return .year1
        case ..<2010: return .year5
        default: return .max
        }
    }

    /// The first session date the range covers when it ends on `last`; nil for the session-count
    /// ranges (`1d`, `5d`) and `max`.
    public func startDate(endingOn last: CivilDate) -> CivilDate? {
        func monthsBack(_ n: Int) -> CivilDate {
            var y = last.year
            var m = last.month - n
            while m < 1 {
                m += 12
                y -= 1
            }
            let d = Swift.min(last.day, CivilDate.daysInMonth(year: y, month: m))
            return CivilDate(year: y, month: m, day: d).adding(days: 1)
        }
        switch self {
        case .day1, .day5, .max: return nil
        case .month1: return monthsBack(1)
        case .month3: return monthsBack(3)
        case .month6: return monthsBack(6)
        case .ytd: return CivilDate(year: last.year, month: 1, day: 1)
        case .year1: return monthsBack(12)
        case .year5: return monthsBack(60)
        }
    }

    /// The bars of `series` this range shows, ending at its last bar.
    public func trimmed(_ series: HistorySeries) -> HistorySeries {
        switch self {
        case .day1: return series.lastSessions(1)
        case .day5: return series.lastSessions(5)
        case .max: return series
        default:
            guard let last = series.bars.last, let start = startDate(endingOn: last.session) else { return series }
            return series.sessions(from: start)
        }
    }
}
