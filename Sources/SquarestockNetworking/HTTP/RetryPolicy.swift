import SquarestockCore

/// When a failed request is worth another try, and how long to wait first.
///
/// Quote services shed load with 429 and 5xx and drop connections under pressure; a few
/// jittered retries hide that from the user, while a bound on attempts and on Retry-After keeps
/// a command from hanging.
package struct RetryPolicy: Sendable, Equatable {
    package var maxAttempts: Int
    package var baseDelay: Double
    package var maxDelay: Double
    /// A Retry-After longer than this is not waited for; the 429 is reported instead.
    package var maxRetryAfter: Double
    package var retryableStatuses: Set<Int>

    package init(
        maxAttempts: Int = 3, baseDelay: Double = 0.25, maxDelay: Double = 4, maxRetryAfter: Double = 10,
        retryableStatuses: Set<Int> = [429, 500, 502, 503, 504]
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.retryableStatuses = retryableStatuses
    }

    package static let none = RetryPolicy(maxAttempts: 1)

    /// Seconds to wait before attempt `attempt + 1`, or nil to stop. `unit` is a random value in
    /// [0, 1) (injected so tests are deterministic): full jitter on an exponential backoff.
    package func delay(afterAttempt attempt: Int, retryAfter: Double?, unit: Double) -> Double? {
        guard attempt < maxAttempts else { return nil }
        if let ra = retryAfter {
            return ra <= maxRetryAfter ? max(0, ra) : nil
        }
        var cap = baseDelay
        for _ in 1..<max(attempt, 1) { cap = min(maxDelay, cap * 2) }
        return min(maxDelay, cap * (0.5 + unit / 2))
    }

    /// Parses Retry-After: delta seconds, or an HTTP date relative to `now` (nil: dates are not
    /// read, for a response no transport received, whose "now" is unknown).
    package static func parseRetryAfter(_ value: String?, now: Instant?) -> Double? {
        guard let v = value?.trimmingSpaces, !v.isEmpty else { return nil }
        if let seconds = Int(v) { return Double(max(0, seconds)) }
        guard let now, let when = HTTPDate.parse(v) else { return nil }
        return Double(max(0, when.seconds(since: now)))
    }
}
