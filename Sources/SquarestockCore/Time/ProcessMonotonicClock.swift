#if canImport(Glibc)
import Glibc
#endif

/// Seconds on CLOCK_MONOTONIC: the clock for deadlines and durations inside one process, which
/// never jumps when the wall clock is set.
public func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
