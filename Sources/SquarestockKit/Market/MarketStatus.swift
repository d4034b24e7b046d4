/// Whether a symbol's market is trading, as far as the clock and the last trade can tell.
public enum MarketStatus: String, Sendable, Codable, CaseIterable {
    case open, closed, pre, post, delayed, unknown
}

/// A status with the reason a person would want to see next to it ("weekend", "lunch break",
/// "no trade for 2h").
public struct MarketStatusReport: Sendable, Equatable {
    public var status: MarketStatus
    public var reason: String?

    public init(_ status: MarketStatus, _ reason: String? = nil) {
        self.status = status
        self.reason = reason
    }
}

/// The rules that turn an exchange's hours, the current time and the last trade into a status.
///
/// 1. No known exchange: `unknown`.
/// 2. Crypto: `open` every day, unless the last trade is stale (`delayed`).
/// 3. Saturday or Sunday in the exchange's zone: `closed` (weekend); FX is otherwise `open`.
/// 4. Inside regular hours: `open` when the last trade is at most `staleAfter` old (or unknown),
///    else `delayed`: the exchange should be trading but the data is old.
/// 5. Inside a midday break: `closed` (lunch break).
/// 6. Inside the US pre-market (04:00-09:30) or after-hours (16:00-20:00): `pre` / `post`.
/// 7. Otherwise `closed` (overnight).
/// Holidays and early closes are not known yet, so on a holiday rule 4 says `delayed`.
public enum MarketStatusRules {
    /// Thirty minutes: thinly traded symbols can go that long without a print.
    public static let defaultStaleAfter: Int64 = 30 * 60

    /// `zone` must be the exchange's own zone (its hours are wall-clock times there).
    public static func status(exchange: Exchange?, zone: ExchangeTimeZone?, now: Instant, lastTrade: Instant?,
                              staleAfter: Int64 = defaultStaleAfter) -> MarketStatusReport {
        guard let exchange, let zone else { return MarketStatusReport(.unknown, "exchange not known") }
        let staleReason: String? = lastTrade.flatMap { t in
            let age = now.seconds(since: t)
            return age > staleAfter ? "no trade for " + AgeFormatter.describe(seconds: age) : nil
        }
        if exchange.isContinuous && exchange.tradesWeekends {
            return staleReason.map { MarketStatusReport(.delayed, $0) } ?? MarketStatusReport(.open)
        }
        let local = zone.localDateTime(at: now)
        if local.date.isWeekend { return MarketStatusReport(.closed, "weekend") }
        if exchange.isContinuous {
            return staleReason.map { MarketStatusReport(.delayed, $0) } ?? MarketStatusReport(.open)
        }
        let hours = exchange.hours(on: local.date)
        let m = local.minuteOfDay
        if m >= hours.open && m < hours.close {
            if let bs = hours.breakStart, let be = hours.breakEnd, m >= bs && m < be {
                return MarketStatusReport(.closed, "lunch break")
            }
            return staleReason.map { MarketStatusReport(.delayed, $0) } ?? MarketStatusReport(.open)
        }
        if let pre = hours.preOpen, m >= pre && m < hours.open { return MarketStatusReport(.pre, "pre-market") }
        if let post = hours.postClose, m >= hours.close && m < post { return MarketStatusReport(.post, "after hours") }
        return MarketStatusReport(.closed, "overnight")
    }

    /// Merges the computed status with one the source reported. The source knows holidays and
    /// the real session; the clock knows whether its data is stale. So: a reported state wins,
    /// except that a reported `open` with stale trades is `delayed`; a computed reason is kept
    /// when both agree.
    public static func combine(computed: MarketStatusReport, reported: MarketStatus?, source: String) -> MarketStatusReport {
        guard let reported, reported != .unknown else { return computed }
        if reported == computed.status { return computed }
        if reported == .open && computed.status == .delayed { return computed }
        return MarketStatusReport(reported, "as reported by \(source)")
    }
}
