/// The time-weighted return: each day's growth with that day's flows taken out, chained. Of the
/// money paid in on day d, the part invested that day (its purchases, at that day's prices)
/// works from the start of d, the rest (kept as cash) from its close; money taken out works
/// until the close. Day d's growth is (V_d - later_d - out_d) / (V_(d-1) + invested_d), with
/// invested_d + later_d the day's net flow when money came in, out_d when it went out. So a day
/// that starts from nothing measures its first purchases against themselves (V_d / F_d); a large
/// deposit invested beside a small balance is not credited with that balance's growth (counted
/// after the close, a cent before 10,000 paid in and invested made +10,000 %); and a deposit
/// left as cash does not water down the day's move of what was held. A day with nothing before
/// it and nothing paid in is not measured (said when it gained or lost all the same), and a value
/// below nothing leaves the period without a time-weighted return.
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

    /// What the chain could not measure, said beside its figure.
    public enum Caveat: Sendable, Equatable {
        /// On this day the portfolio lost more than it held at the day's start (its value fell
        /// below nothing: more cash spent than was paid in; or money paid in that day lost part
        /// of itself beside a tiny balance): a growth below nothing has no meaning, so the period
        /// has no time-weighted return (it chained a growth of -0.5 into -150 %).
        case belowNothing(CivilDate)
        /// Days that began with nothing held (or less: a purchase recorded before the deposit
        /// that paid for it) yet gained or lost (a dividend paid after selling out): they have no
        /// growth, so their gain is not in the chain. The first such day, how many, and their
        /// gain.
        case unmeasured(first: CivilDate, days: Int, gain: Int64)
    }

    /// The steps of `days` after `start`, the period's return (the product of the growths, less
    /// one; nil when no day was measured, or a day was below nothing), and what it left out.
    /// `bought`: what each day's purchases cost, converted (the part of an inflow up to it
    /// counts from the day's start).
    public static func chain(
        start: Int64, days: [(date: CivilDate, value: Int64, flow: Int64, bought: Int64)]
    ) -> (periodReturn: Double?, steps: [Step], caveat: Caveat?) {
        var previous = start
        var product = 1.0
        var measured = false
        var steps: [Step] = []
        var belowNothing: CivilDate?
        var unmeasured: (first: CivilDate, days: Int, gain: Int64)?
        steps.reserveCapacity(days.count)
        for d in days {
            let invested = Self.invested(flow: d.flow, bought: d.bought)
            let growth = self.growth(previous: previous, value: d.value, flow: d.flow, invested: invested)
            if let growth {
                product *= growth
                measured = true
            }
            if belowNothing == nil && (growth ?? 0) < 0 {
                belowNothing = d.date
            } else if growth == nil, case let gain = d.value - previous - d.flow, gain != 0 {
                let before = unmeasured ?? (d.date, 0, 0)
                unmeasured = (before.first, before.days + 1, before.gain + gain)
            }
            steps.append(
                Step(
                    date: d.date, startValue: previous, flow: d.flow, invested: invested, endValue: d.value,
                    growth: growth))
            previous = d.value
        }
        if let belowNothing { return (nil, steps, .belowNothing(belowNothing)) }
        return (measured ? product - 1 : nil, steps, unmeasured.map { .unmeasured(first: $0, days: $1, gain: $2) })
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
