import SquarestockCore
import SquarestockMarket

/// The derived facts every output format shows for a stock at a given moment: market status
/// (from the exchange's calendar and the last trade), the next open or close, local trade time,
/// age. Computed once so table, JSON and CSV cannot disagree.
package struct QuoteFacts: Sendable {
    package var status: MarketStatusReport
    /// The next open (when not trading) or close (when trading).
    package var nextEvent: MarketEvent?
    /// `opens Mon 09:30 EST (15:30 your time)`
    package var nextEventText: String?
    /// `2025-10-29T16:36:59Z`
    package var lastTradeUTC: String?
    /// `2025-10-29T12:36:59-04:00`
    package var lastTradeLocal: String?
    /// `2025-10-29 12:36:59 EDT`
    package var lastTradeDisplay: String?
    /// `1y ago`
    package var age: String?

    /// `userZone` is the user's own zone, for "15:30 your time"; nil leaves that part out.
    package init(stock: Stock, now: Instant, userZone: ExchangeTimeZone? = nil, calendars: CalendarRegistry = .standard)
    {
        // A recording is judged at its own moment (the samples): open then, not "delayed 1y".
        let now = stock.recordedAt ?? now
        let calendar = stock.company.exchange.flatMap { calendars.calendar(for: $0) }
        let market = QuoteFacts.marketStatus(of: stock, now: now, calendar: calendar)
        status = market.report
        if let next = market.next, let calendar {
            nextEvent = next
            nextEventText = MarketEventFormatter.describe(
                next, exchangeZone: calendar.zone, userZone: userZone, now: now)
        }
        if let t = stock.price.lastTrade {
            lastTradeUTC = t.iso8601UTC
            age = stock.recordedAt == nil ? AgeFormatter.ago(from: t, now: now) : "recorded"
            if let zone = stock.timeZone {
                lastTradeLocal = zone.iso8601(at: t)
                lastTradeDisplay = zone.localDateTime(at: t).description + " " + zone.abbreviation(at: t)
            } else {
                lastTradeDisplay = t.utc.description + " UTC"
            }
        }
    }
}

extension QuoteFacts {
    /// The market status of `stock` at `now` (the calendar's, merged with one the source
    /// reported) and the next open or close, given only when the calendar's status stands.
    /// The part of the facts a live screen keeps per refresh instead of recomputing per draw.
    package static func marketStatus(of stock: Stock, now: Instant, calendars: CalendarRegistry = .standard)
        -> (report: MarketStatusReport, next: MarketEvent?)
    {
        marketStatus(of: stock, now: now, calendar: stock.company.exchange.flatMap { calendars.calendar(for: $0) })
    }

    static func marketStatus(of stock: Stock, now: Instant, calendar: ExchangeCalendar?)
        -> (report: MarketStatusReport, next: MarketEvent?)
    {
        // A source that gives only the trading day (Alpha Vantage's quote): its activity is known
        // up to that day's close, so a quote from years ago is not called "open" in today's
        // session. (The close is capped at now: today's own quote is never stale by this.)
        let lastKnown = stock.price.lastTrade ?? stock.session.map { $0.upperBound < now ? $0.upperBound : now }
        let evaluated = MarketStatusRules.evaluate(calendar: calendar, now: now, lastTrade: lastKnown)
        let stale = lastKnown.map { now.seconds(since: $0) > MarketStatusRules.defaultStaleAfter } ?? false
        let report = MarketStatusRules.combine(
            computed: evaluated.report, reported: stock.reportedStatus, source: stock.source, stale: stale)
        return (report, report.status == evaluated.report.status ? evaluated.next : nil)
    }
}
