/// The time-weighted return: each day's growth with that day's flows taken out, chained. Money
/// paid in on day d works from the start of d (it is mostly invested that day, at that day's
/// prices), money taken out until its close: day d's growth is (V_d - out_d) / (V_(d-1) + in_d),
/// with in_d the day's net flow when it is money paid in and out_d when it is money taken out.
/// So a day that starts from nothing measures its first money against itself (V_d / F_d), and a
/// large deposit beside a small balance is not credited with that balance's growth: counted
/// after the close, the gain of money deposited and invested that day was the balance's alone
/// (a cent before 10,000 paid in made +10,000 %). A day with nothing before it and nothing paid
/// in is not measured.
public enum TimeWeightedReturn {
    /// One day of the chain, as `--explain` prints it.
    public struct Step: Sendable, Equatable {
        public var date: CivilDate
        public var startValue: Int64
        public var flow: Int64
        public var endValue: Int64
        /// 1 + the day's return; nil when the day is not measured.
        public var growth: Double?
    }

    /// The steps of `days` after `start`, and the period's return (the product of the growths,
    /// less one; nil when no day was measured).
    public static func chain(start: Int64, days: [(date: CivilDate, value: Int64, flow: Int64)]) -> (
        periodReturn: Double?, steps: [Step]
    ) {
        var previous = start
        var product = 1.0
        var measured = false
        var steps: [Step] = []
        steps.reserveCapacity(days.count)
        for d in days {
            let growth = self.growth(previous: previous, value: d.value, flow: d.flow)
            if let growth {
                product *= growth
                measured = true
            }
            steps.append(Step(date: d.date, startValue: previous, flow: d.flow, endValue: d.value, growth: growth))
            previous = d.value
        }
        return (measured ? product - 1 : nil, steps)
    }

    /// One day's growth (see the type's comment).
    public static func growth(previous: Int64, value: Int64, flow: Int64) -> Double? {
        guard previous >= 0 else { return nil }
        let start = Double(previous) + Double(max(flow, 0))
        guard start > 0 else { return nil }
        return (Double(value) - Double(min(flow, 0))) / start
    }
}
