#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The production `MonotonicClock`: a monotonic clock that ignores wall-clock changes, so an
/// hours-long watch session never refreshes twice or stops because NTP moved. On Linux it is
/// `CLOCK_BOOTTIME`, which also counts time suspended: after a laptop wakes, a refresh that fell
/// due during the sleep happens at once instead of an interval later.
package struct SystemMonotonicClock: MonotonicClock {
    package init() {}

    package func now() -> Double {
        #if os(Linux)
            ProcessMonotonicClock.seconds(on: CLOCK_BOOTTIME)
        #else
            ProcessMonotonicClock.seconds(on: CLOCK_MONOTONIC)
        #endif
    }
}
