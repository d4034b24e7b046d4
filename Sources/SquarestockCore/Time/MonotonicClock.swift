/// Monotonic seconds for everything that is about *when to act* or *how long something took*
/// (a watch refresh falling due, a backoff, a flash expiring, a request's duration, a retry's
/// wait), as opposed to *what time the data says* (`Instant`, the wall clock).
///
/// Injected wherever time is measured, so tests drive it with a `ManualClock`, and so a jump of
/// the wall clock (NTP, a suspended laptop, `date -s`) never reschedules a refresh, stalls a
/// retry or reports a negative duration. Two implementations: `ProcessMonotonicClock` for
/// durations inside one command, `SystemMonotonicClock` for long watch sessions that must also
/// count time the machine slept.
package protocol MonotonicClock: Sendable {
    /// Seconds since an arbitrary fixed point; never goes backwards.
    func now() -> Double
}
