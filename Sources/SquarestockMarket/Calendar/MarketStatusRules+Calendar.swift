import SquarestockCore

/// The next thing a market will do: open (or reopen after lunch) or close (or break for lunch).
package struct MarketEvent: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable {
        case opens, closes
    }

    package var kind: Kind
    package var at: Instant

    package init(_ kind: Kind, at: Instant) {
        self.kind = kind
        self.at = at
    }
}

/// An exchange's status at an instant, with the next open or close a status line announces.
package struct ExchangeStatus: Sendable, Equatable {
    package var exchangeID: String
    package var report: MarketStatusReport
    package var next: MarketEvent?

    package init(exchangeID: String, report: MarketStatusReport, next: MarketEvent?) {
        self.exchangeID = exchangeID
        self.report = report
        self.next = next
    }
}

extension MarketStatusRules {
    /// The status from the exchange's calendar, which knows holidays, half days and lunch breaks:
    ///
    /// 1. No calendar: `unknown`.
    /// 2. Continuous venues (crypto, FX) on a trading day: `open`, unless the last trade is stale
    ///    (`delayed`).
    /// 3. A closed day: `closed` with `weekend` or `holiday: <name>`.
    /// 4. Inside the session: `closed` (`lunch break`) during the midday break; otherwise `open`,
    ///    or `delayed` when the last trade is older than `staleAfter`. On a half day the reason
    ///    names it (`early close: Christmas Eve`).
    /// 5. The US extended sessions: `pre` before the open, `post` after the close until the
    ///    post-market end (which moves with an early close: 17:00 after a 13:00 close).
    /// 6. After an early close: `closed` (`early close: <name>`); otherwise `closed` (`overnight`).
    package static func status(
        calendar: ExchangeCalendar?, now: Instant, lastTrade: Instant?,
        staleAfter: Int64 = defaultStaleAfter
    ) -> MarketStatusReport {
        evaluate(calendar: calendar, now: now, lastTrade: lastTrade, staleAfter: staleAfter).report
    }

    /// The status and the next open (when not trading) or close (when trading).
    package static func evaluate(
        calendar: ExchangeCalendar?, now: Instant, lastTrade: Instant?,
        staleAfter: Int64 = defaultStaleAfter
    ) -> ExchangeStatus {
        guard let calendar else {
            return ExchangeStatus(exchangeID: "", report: MarketStatusReport(.unknown, "exchange not known"), next: nil)
        }
        let id = calendar.id
        let staleReason: String? = lastTrade.flatMap { t in
            let age = now.seconds(since: t)
            return age > staleAfter ? "no trade for " + AgeFormatter.describe(seconds: age) : nil
        }
        let date = calendar.zone.localDateTime(at: now).date
        let day = calendar.session(on: date)
        func opens() -> MarketEvent? {
            calendar.nextOpen(after: now, localDate: date).map { MarketEvent(.opens, at: $0) }
        }
        if calendar.isContinuous, case .open(let open, let close, _, _, _) = day {
            // Around the clock (crypto every day, FX from Sunday to Friday evening in New York):
            // the next close is the end of the run of back-to-back sessions (none for crypto
            // within the scan window). Outside the day's hours is the weekend's edge.
            guard now >= open && now < close else {
                return ExchangeStatus(
                    exchangeID: id, report: MarketStatusReport(.closed, ClosureReason.weekend.description),
                    next: opens())
            }
            return ExchangeStatus(
                exchangeID: id,
                report: staleReason.map { MarketStatusReport(.delayed, $0) } ?? MarketStatusReport(.open),
                next: calendar.nextClose(after: now, localDate: date).map { MarketEvent(.closes, at: $0) })
        }
        guard case .open(let open, let close, let breakStart, let breakEnd, let early) = day else {
            if case .closed(let reason) = day {
                return ExchangeStatus(
                    exchangeID: id, report: MarketStatusReport(.closed, reason.description), next: opens())
            }
            return ExchangeStatus(exchangeID: id, report: MarketStatusReport(.unknown), next: nil)
        }
        let earlyReason = early ? "early close: " + (calendar.specialDayName(on: date) ?? "half day") : nil
        if now >= open && now < close {
            if let bs = breakStart, let be = breakEnd, now >= bs && now < be {
                return ExchangeStatus(
                    exchangeID: id, report: MarketStatusReport(.closed, "lunch break"),
                    next: MarketEvent(.opens, at: be))
            }
            let report = staleReason.map { MarketStatusReport(.delayed, $0) } ?? MarketStatusReport(.open, earlyReason)
            let next = calendar.nextClose(after: now, localDate: date).map { MarketEvent(.closes, at: $0) }
            return ExchangeStatus(exchangeID: id, report: report, next: next)
        }
        let hours = calendar.exchange.hours(on: date)
        if now < open, let pre = hours.preOpen {
            let preStart = open.adding(seconds: Int64(pre - hours.open) * 60)
            if now >= preStart {
                return ExchangeStatus(
                    exchangeID: id, report: MarketStatusReport(.pre, "pre-market"),
                    next: MarketEvent(.opens, at: open))
            }
        }
        if now >= close, let post = hours.postClose {
            let postEnd = close.adding(seconds: Int64(post - hours.close) * 60)
            if now < postEnd {
                return ExchangeStatus(exchangeID: id, report: MarketStatusReport(.post, "after hours"), next: opens())
            }
        }
        if now >= close, let earlyReason {
            return ExchangeStatus(exchangeID: id, report: MarketStatusReport(.closed, earlyReason), next: opens())
        }
        return ExchangeStatus(exchangeID: id, report: MarketStatusReport(.closed, "overnight"), next: opens())
    }
}
