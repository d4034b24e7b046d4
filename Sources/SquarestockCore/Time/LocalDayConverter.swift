/// Gives the local day (the session date) of runs of instants in one zone from a private copy
/// of the current offset interval: a range check and an add per instant, and the zone's source
/// only when an instant falls outside the interval (an offset transition).
///
/// A decoder dating millions of bars by the exchange's calendar asked
/// `ExchangeTimeZone.localDateTime(at:)` once per bar, which reads the zone's shared cache (its
/// atomics) every time; the offset changes twice a year. The answers are exactly
/// `localDateTime(at:).date.daysSinceEpoch`: the same intervals from the same source, and any
/// instant the interval cannot answer is handed to `localDateTime(at:)` itself.
package struct LocalDayConverter {
    package let zone: ExchangeTimeZone
    private var interval: ZoneOffsetCache.Interval = .empty

    package init(zone: ExchangeTimeZone) {
        self.zone = zone
    }

    /// The day number of the zone's wall clock at `t` (seconds since the epoch).
    @inline(__always)
    package mutating func day(at t: Int64) -> Int64 {
        guard t >= interval.start && t < interval.end else { return miss(t) }
        let s = t &+ interval.offset
        return s >= 0 ? s / 86_400 : (s &- 86_399) / 86_400
    }

    @inline(never)
    private mutating func miss(_ t: Int64) -> Int64 {
        if t > -ExchangeTimeZone.instantLimit && t < ExchangeTimeZone.instantLimit {
            let found = ZoneOffsetCache.lookUp(zone.cache.source, containing: t)
            if found.offset(at: t) != nil {
                interval = found
                return day(at: t)
            }
        }
        return zone.localDateTime(at: Instant(secondsSinceEpoch: t)).date.daysSinceEpoch
    }
}
