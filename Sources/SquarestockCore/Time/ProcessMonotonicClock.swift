#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `MonotonicClock` for deadlines and durations inside one command (transport retries and
/// timings, `doctor`'s probe times): `CLOCK_MONOTONIC`, which never jumps when the wall clock is
/// set. Unlike `SystemMonotonicClock` it does not count a suspend, which no single request or
/// batch should be charged for.
package struct ProcessMonotonicClock: MonotonicClock {
    package init() {}

    package func now() -> Double { Self.seconds(on: CLOCK_MONOTONIC) }

    /// Seconds on a POSIX clock; the one `clock_gettime` read of both monotonic clocks.
    static func seconds(on clock: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
