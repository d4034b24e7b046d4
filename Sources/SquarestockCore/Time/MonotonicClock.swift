/// Monotonic seconds for everything in watch mode that is about *when to act* (next refresh,
/// backoff, flash expiry), as opposed to *what time the data says* (`Instant`).
///
/// Injected so the scheduler and the flashes are tested with a `ManualClock`, and so a jump of
/// the wall clock (NTP, a suspended laptop) never reschedules or stalls refreshes.
public protocol MonotonicClock: Sendable {
    /// Seconds since an arbitrary fixed point; never goes backwards.
    func now() -> Double
}
