/// When a failed request is worth another try, and how long to wait first.
///
/// Quote services shed load with 429 and 5xx and drop connections under pressure; a few
/// jittered retries hide that from the user, while a bound on attempts and on Retry-After keeps
/// a command from hanging.
public struct RetryPolicy: Sendable, Equatable {
    public var maxAttempts: Int
    public var baseDelay: Double
    public var maxDelay: Double
    /// A Retry-After longer than this is not waited for; the 429 is reported instead.
    public var maxRetryAfter: Double
    public var retryableStatuses: Set<Int>

    public init(maxAttempts: Int = 3, baseDelay: Double = 0.25, maxDelay: Double = 4, maxRetryAfter: Double = 10,
                retryableStatuses: Set<Int> = [429, 500, 502, 503, 504]) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.retryableStatuses = retryableStatuses
    }

    public static let none = RetryPolicy(maxAttempts: 1)

    /// Seconds to wait before attempt `attempt + 1`, or nil to stop. `unit` is a random value in
    /// [0, 1) (injected so tests are deterministic): full jitter on an exponential backoff.
    public func delay(afterAttempt attempt: Int, retryAfter: Double?, unit: Double) -> Double? {
        guard attempt < maxAttempts else { return nil }
        if let ra = retryAfter {
            return ra <= maxRetryAfter ? max(0, ra) : nil
        }
        var cap = baseDelay
        for _ in 1..<max(attempt, 1) { cap = min(maxDelay, cap * 2) }
        return min(maxDelay, cap * (0.5 + unit / 2))
    }

    /// Parses Retry-After: delta seconds, or an HTTP date relative to `now`.
    public static func parseRetryAfter(_ value: String?, now: Instant) -> Double? {
        guard let v = value?.trimmingSpaces, !v.isEmpty else { return nil }
        if let seconds = Int(v) { return Double(max(0, seconds)) }
        guard let when = HTTPDate.parse(v) else { return nil }
        return Double(max(0, when.seconds(since: now)))
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line ends. Works on scalars: `"\r\n"` is
    /// one `Character` in Swift, so character-wise trimming would miss it.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        func isSpace(_ u: Unicode.Scalar) -> Bool { u == " " || u == "\t" || u == "\r" || u == "\n" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) }) ?? first
        return String(scalars[first...last])
    }
}

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the only date form Retry-After uses in practice.
enum HTTPDate {
    static func parse(_ s: String) -> Instant? {
        let parts = s.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT" else { return nil }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard let day = Int(parts[1]), let mi = months.firstIndex(of: String(parts[2])), let year = Int(parts[3]) else { return nil }
        let hms = parts[4].split(separator: ":")
        guard hms.count == 3, let h = Int(hms[0]), let m = Int(hms[1]), let sec = Int(hms[2]) else { return nil }
        let dt = CivilDateTime(year: year, month: mi + 1, day: day, hour: h, minute: m, second: sec)
        guard dt.isValid else { return nil }
        return Instant(secondsSinceEpoch: dt.secondsSinceEpochAsUTC)
    }
}
