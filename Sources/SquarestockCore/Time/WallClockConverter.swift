/// Converts runs of wall clocks in one zone to UTC instants with a private copy of the current
/// offset interval: one subtraction and a range check per value, no atomics, and ICU only when a
/// value falls outside the interval (an offset transition, or the ambiguous hour after a
/// fall-back, which always goes to ICU).
///
/// Gives exactly `ExchangeTimeZone.instant(for:)`'s answers (gap forward, overlap to the earlier
/// instant): its fast answers come from the same `ZoneOffsetCache.Interval` rules, and every
/// other value is handed to `instant(for:)` itself. A value of its own per thread (it is a value
/// type); the zone's shared cache is only read through `instant(for:)` on a miss.
///
/// Wall clocks are given as "seconds since the epoch as if the wall clock were UTC"
/// (`CivilDateTime.secondsSinceEpochAsUTC`), which is what a parser has after reading the date and
/// time fields. Values beyond about ±190,000 years are clamped first.
package struct WallClockConverter {
    package let zone: ExchangeTimeZone
    /// Fast path: a wall value `w` with `low <= w < high` maps to `w - offset`.
    @usableFromInline var low: Int64
    @usableFromInline var high: Int64
    @usableFromInline var offset: Int64
    var interval: ZoneOffsetCache.Interval
    /// ICU lookups of a new interval (transitions crossed), for the benchmarks' "ICU only at
    /// transitions" claim.
    package private(set) var intervalLookups = 0
    /// Values answered by `ExchangeTimeZone.instant(for:)` rather than the private interval.
    package private(set) var slowConversions = 0

    /// Wall seconds accepted unclamped: about ±190,000 years, inside `ExchangeTimeZone`'s bounds.
    package static let wallLimit: Int64 = 6_000_000_000_000

    package init(zone: ExchangeTimeZone) {
        self.zone = zone
        interval = .empty
        low = .max
        high = .min
        offset = 0
    }

    /// The instant of one wall clock (seconds as if UTC).
    @inlinable @inline(__always)
    package mutating func instant(forWallSeconds w: Int64) -> Int64 {
        if w >= low && w < high { return w &- offset }
        return miss(w)
    }

    @usableFromInline @inline(never)
    mutating func miss(_ w: Int64) -> Int64 {
        let clamped = min(max(w, -Self.wallLimit), Self.wallLimit)
        slowConversions += 1
        let t = zone.instant(for: CivilDateTime(secondsSinceEpochUTC: clamped)).secondsSinceEpoch
        if interval.offset(at: t) == nil {
            interval = ZoneOffsetCache.lookUp(zone.cache.source, containing: t)
            intervalLookups += 1
            offset = interval.offset
            // interval.instant(forWall:) accepts w when wallSafeStart <= w - offset < end.
            low = interval.wallSafeStart == .max ? .max : Self.saturatingAdd(interval.wallSafeStart, offset)
            high = interval.end == .max ? .max : Self.saturatingAdd(interval.end, offset)
            low = max(low, -Self.wallLimit)
            high = min(high, Self.wallLimit)
        }
        return t
    }

    @inline(__always) static func saturatingAdd(_ a: Int64, _ b: Int64) -> Int64 {
        let (r, o) = a.addingReportingOverflow(b)
        return o ? (b > 0 ? .max : .min) : r
    }

    /// Converts `walls` into `instants`, which must not overlap them (a block that crosses a
    /// transition is read again after its fast pass wrote its output).
    package mutating func convert(_ walls: UnsafeBufferPointer<Int64>, into instants: UnsafeMutableBufferPointer<Int64>)
    {
        precondition(instants.count >= walls.count, "output shorter than input")
        guard let src = walls.baseAddress, let dst = instants.baseAddress else { return }
        let n = walls.count
        var i = 0
        while i < n {
            // One pass converts a block as if every value sat in the current interval (branch-free,
            // vectorised) and notes whether any did not; such a block is done again value by value.
            let lo = low
            let hi = high
            let off = offset
            let blockEnd = min(n, i + 256)
            var outside: UInt64 = lo <= hi && lo > Int64.min / 2 && hi < Int64.max / 2 ? 0 : 1
            var j = i
            while j < blockEnd {
                let w = src[j]
                dst[j] = w &- off
                outside |=
                    UInt64(truncatingIfNeeded: (w &- lo) &>> 63) | UInt64(truncatingIfNeeded: ~((w &- hi) &>> 63))
                j += 1
            }
            if outside != 0 {
                j = i
                while j < blockEnd {
                    dst[j] = instant(forWallSeconds: src[j])
                    j += 1
                }
            }
            i = blockEnd
        }
    }
}

extension ExchangeTimeZone {
    /// A converter for runs of wall clocks in this zone (see `WallClockConverter`).
    package func wallClockConverter() -> WallClockConverter { WallClockConverter(zone: self) }

    /// The instants of many wall clocks (seconds as if UTC), each exactly as `instant(for:)` would
    /// answer; ICU is asked only where the values cross an offset transition.
    package func instants(forWallSeconds walls: [Int64]) -> [Int64] {
        var converter = WallClockConverter(zone: self)
        return [Int64](unsafeUninitializedCapacity: walls.count) { out, count in
            walls.withUnsafeBufferPointer { converter.convert($0, into: out) }
            count = walls.count
        }
    }
}
