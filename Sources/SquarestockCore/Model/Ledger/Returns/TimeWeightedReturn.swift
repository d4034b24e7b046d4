/// The time-weighted return: each day's growth with that day's flows taken out, chained. Of the
/// money paid in on day d, the part invested that day (its purchases, at that day's prices)
/// works from the start of d, the rest (kept as cash) from its close; money taken out works
/// until the close. Day d's growth is (V_d - later_d - out_d) / (V_(d-1) + invested_d), with
/// invested_d + later_d the day's net flow when money came in, out_d when it went out. So a day
/// that starts from nothing measures its first purchases against themselves (V_d / F_d); a large
/// deposit invested beside a small balance is not credited with that balance's growth (counted
/// after the close, a cent before 10,000 paid in and invested made +10,000 %); and a deposit
/// left as cash does not water down the day's move of what was held. A day with nothing before
/// it and nothing paid in is not measured.
public enum TimeWeightedReturn {
    /// One day of the chain, as `--explain` prints it.
    public struct Step: Sendable, Equatable {
        public var date: CivilDate
        public var startValue: Int64
        public var flow: Int64
        /// The part of money paid in counted from the day's start (invested that day).
        public var invested: Int64 = 0
        public var endValue: Int64
        /// 1 + the day's return; nil when the day is not measured.
        public var growth: Double?
    }

    /// The steps of `days` after `start`, and the period's return (the product of the growths,
    /// less one; nil when no day was measured).
    /// `bought`: what each day's purchases cost, converted (the part of an inflow up to it
    /// counts from the day's start).
    public static func chain(
        start: Int64, days: [(date: CivilDate, value: Int64, flow: Int64, bought: Int64)]
    ) -> (periodReturn: Double?, steps: [Step]) {
        var previous = start
        var product = 1.0
        var measured = false
        var steps: [Step] = []
        steps.reserveCapacity(days.count)
        for d in days {
            let invested = Self.invested(flow: d.flow, bought: d.bought)
            let growth = self.growth(previous: previous, value: d.value, flow: d.flow, invested: invested)
            if let growth {
                product *= growth
                measured = true
            }
            steps.append(
                Step(
                    date: d.date, startValue: previous, flow: d.flow, invested: invested, endValue: d.value,
                    growth: growth))
            previous = d.value
        }
        return (measured ? product - 1 : nil, steps)
    }

    /// The part of a day's net `flow` counted from its start: money paid in, up to what the day's
    /// purchases cost (`bought`).
    static func invested(flow: Int64, bought: Int64) -> Int64 { min(max(flow, 0), max(bought, 0)) }

    /// One day's growth (see the type's comment); `invested` is the part of `flow` counted from
    /// the day's start (`invested(flow:bought:)`).
    public static func growth(previous: Int64, value: Int64, flow: Int64, invested: Int64) -> Double? {
        guard previous >= 0 else { return nil }
        let start = Double(previous) + Double(invested)
        guard start > 0 else { return nil }
        return (Double(value) - Double(flow - invested)) / start
    }
}
