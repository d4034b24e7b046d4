import SquarestockCore

/// How much history to ask a dated endpoint for, per range.
extension ChartRange {
    /// Calendar days asked for before a range starts, so the session before it (the previous
    /// close) arrives too, across a long holiday weekend.
    static let leadDays = 10

    /// Calendar days of daily bars asked for beside intraday ones, for the previous closes of
    /// up to five sessions (the same span the quote path uses).
    static let intradayDailyDays = 21

    /// The first date to ask for when the range ends on `today` (the exchange's date now); nil
    /// for the whole history (`max`).
    func fetchStart(today: CivilDate) -> CivilDate? {
        switch self {
        case .max: return nil
        case .day1, .day5: return today.adding(days: -ChartRange.intradayDailyDays)
        default: return (startDate(endingOn: today) ?? today).adding(days: -ChartRange.leadDays)
        }
    }

    /// The last date to ask for: tomorrow in UTC, so an exchange ahead of UTC keeps its today.
    static func fetchEnd(now: Instant) -> CivilDate { now.utc.date.adding(days: 1) }
}
