#if canImport(Glibc)
    import Glibc
#endif

/// Monotonic nanoseconds for the measurements.
enum Clock {
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// CPU time of the calling thread: what the work costs, less sensitive than wall time to
    /// other processes on a shared machine.
    static func cpu() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let i = min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))
        return sorted[i]
    }

    static func ms(_ ns: Double) -> String {
        let v = ns / 1e6
        var s = String(Int((v * 1000).rounded()))
        while s.count < 4 { s = "0" + s }
        s.insert(".", at: s.index(s.endIndex, offsetBy: -3))
        return s
    }
}
