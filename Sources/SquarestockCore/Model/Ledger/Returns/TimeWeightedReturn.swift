/// The time-weighted return: each day's growth with that day's flows taken out, chained. A flow
/// dated day d enters after d's close, so day d's growth is (V_d - F_d) / V_(d-1); a day that
/// starts from nothing measures its first money against itself (V_d / F_d), so the gain between
/// a first purchase's price and that day's close is counted. A day with nothing before it and
/// nothing paid in is not measured.
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
        if previous > 0 { return Double(value - flow) / Double(previous) }
        if previous == 0, flow > 0 { return Double(value) / Double(flow) }
        return nil
    }
}
