import SquarestockCore

/// A status with the reason a person would want to see next to it ("weekend", "lunch break",
/// "no trade for 2h").
package struct MarketStatusReport: Sendable, Equatable {
    package var status: MarketStatus
    package var reason: String?

    package init(_ status: MarketStatus, _ reason: String? = nil) {
        self.status = status
        self.reason = reason
    }
}

/// Status rules shared by every exchange: the calendar-driven evaluation lives in
/// `MarketStatusRules+Calendar.swift`; this part holds the constants and the merge with a state
/// the source reported.
package enum MarketStatusRules {
    /// Thirty minutes: thinly traded symbols can go that long without a print.
    package static let defaultStaleAfter: Int64 = 30 * 60

    /// Merges the computed status with one the source reported. The source knows holidays and
    /// the real session; the clock knows whether its data is stale. So: a reported state wins,
    /// except that a reported `open` with stale trades is `delayed`, or the calendar's `closed`,
    /// `pre` or `post` when the calendar says the regular session is not on (Yahoo answers
    /// `REGULAR` all through Thanksgiving with Wednesday's last trade, and after an early
    /// close: nothing backs its word against the calendar's); a computed reason is kept when
    /// both agree. `stale`: the last trade is older than `defaultStaleAfter`.
    package static func combine(
        computed: MarketStatusReport, reported: MarketStatus?, source: String, stale: Bool = false
    ) -> MarketStatusReport {
        guard let reported, reported != .unknown else { return computed }
        if reported == computed.status { return computed }
        if reported == .open && computed.status == .delayed { return computed }
        if reported == .open && stale && [.closed, .pre, .post].contains(computed.status) { return computed }
        return MarketStatusReport(reported, "as reported by \(source)")
    }
}
