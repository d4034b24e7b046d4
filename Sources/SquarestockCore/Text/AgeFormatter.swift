/// Short human ages ("42s", "3m", "2h", "5d", "1y") for "last trade 3m ago".
package enum AgeFormatter {
    package static func describe(seconds: Int64) -> String {
        let s = max(0, seconds)
        if s < 60 { return "\(s)s" }
        if s < 3600 { return "\(s / 60)m" }
        if s < 86400 * 2 { return "\(s / 3600)h" }
        if s < 86400 * 365 { return "\(s / 86400)d" }
        return "\(s / (86400 * 365))y"
    }

    /// "3m ago", "in 2m" for a time ahead of the clock (a skewed clock or a bad timestamp).
    package static func ago(from then: Instant, now: Instant) -> String {
        let d = now.seconds(since: then)
        return d >= 0 ? describe(seconds: d) + " ago" : "in " + describe(seconds: -d)
    }
}
