/// How the source is doing as far as the scheduler can tell, for the header: the user must see
/// at a glance that the screen is waiting on purpose (backoff, Retry-After), not frozen.
package enum WatchSourceCondition: Sendable, Equatable {
    /// The last refresh brought good data (or nothing has failed yet).
    case healthy
    /// Every symbol of the last refresh failed at source level; nothing is asked before `until`
    /// (scheduler clock), after `failures` failed refreshes in a row.
    case backingOff(until: Double, failures: Int)
    /// The source refused with 429 or a rate-limit message; nothing is asked before `until`.
    /// `retryAfter` is true when the wait came from the server's Retry-After header.
    case rateLimited(until: Double, retryAfter: Bool)
}
