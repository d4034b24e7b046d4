/// A point in time as whole seconds since 1970-01-01T00:00:00Z.
///
/// Quote services report trades to the second at best, and every conversion to a wall clock goes
/// through an explicit exchange zone, so a plain integer keeps the arithmetic exact and cheap
/// (Foundation's `Date` is a `Double` and invites implicit local-time formatting).
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var secondsSinceEpoch: Int64

    @inlinable public init(secondsSinceEpoch: Int64) { self.secondsSinceEpoch = secondsSinceEpoch }

    /// The current time from the system clock.
    public static func now() -> Instant {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Instant(secondsSinceEpoch: Int64(ts.tv_sec))
    }

    @inlinable public static func < (a: Instant, b: Instant) -> Bool { a.secondsSinceEpoch < b.secondsSinceEpoch }
    /// Saturating, like `seconds(since:)`: instants come from services, and an absurd one must
    /// give an absurd age, not a trap.
    @inlinable public func adding(seconds: Int64) -> Instant {
        let (sum, overflow) = secondsSinceEpoch.addingReportingOverflow(seconds)
        return Instant(secondsSinceEpoch: overflow ? (seconds < 0 ? .min : .max) : sum)
    }

    @inlinable public func seconds(since other: Instant) -> Int64 {
        let (difference, overflow) = secondsSinceEpoch.subtractingReportingOverflow(other.secondsSinceEpoch)
        return overflow ? (other.secondsSinceEpoch < 0 ? .max : .min) : difference
    }

    /// 9999-12-31T23:59:59Z, the last instant any date format we read can name.
    public static let latestPlausible = Instant(secondsSinceEpoch: 253_402_300_799)

    /// UTC calendar fields of this instant.
    public var utc: CivilDateTime { CivilDateTime(secondsSinceEpochUTC: secondsSinceEpoch) }

    /// ISO 8601 in UTC with a `Z`, e.g. `2025-10-29T16:36:59Z`.
    public var iso8601UTC: String { utc.iso8601(offsetSeconds: nil) }

    public var description: String { iso8601UTC }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
