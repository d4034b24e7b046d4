/// How far the portfolio's growth stands below its highest point: the time-weighted index
/// (1, times each day's growth) against its running peak, so money paid in or taken out is
/// neither a recovery nor a fall. What `check`'s `@drawdown>10%` watches.
public struct Drawdown: Sendable, Equatable {
    /// 1 - index / peak at the last day, 0 at a new high.
    public var current: Double
    /// The worst of the period.
    public var deepest: Double
    /// The day the peak was reached (nil when the period never rose above its start).
    public var peakDate: CivilDate?

    /// The drawdown of the chain `steps` (days without a measured growth change nothing).
    public static func of(_ steps: [TimeWeightedReturn.Step]) -> Drawdown {
        var index = 1.0
        var peak = 1.0
        var peakDate: CivilDate? = nil
        var deepest = 0.0
        for s in steps {
            guard let g = s.growth, g.isFinite, g >= 0 else { continue }
            index *= g
            if index > peak {
                peak = index
                peakDate = s.date
            }
            deepest = max(deepest, 1 - index / peak)
        }
        return Drawdown(current: 1 - index / peak, deepest: deepest, peakDate: peakDate)
    }
}
