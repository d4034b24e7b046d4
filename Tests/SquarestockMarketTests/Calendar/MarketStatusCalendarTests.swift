import Testing

@testable import SquarestockCore
@testable import SquarestockMarket
@testable import SquarestockRendering

/// Status from the calendar: holidays by name, half days, lunch, weekends, extended hours, and
/// the next open or close a status line announces.
@Suite struct MarketStatusCalendarTests {
    struct Case: Sendable, CustomStringConvertible {
        var id: String
        var now: Instant
        var lastTrade: Instant?
        var status: MarketStatus
        var reason: String?
        var next: MarketEvent?
        var description: String { "\(id) \(now)" }
    }

    static let cases: [Case] = [
        // Thanksgiving 2023, 10:00 EST: closed for the holiday, opens Friday 09:30.
        Case(
            id: "XNYS", now: utcAt(2023, 11, 23, 15), status: .closed, reason: "holiday: Thanksgiving Day",
            next: MarketEvent(.opens, at: utcAt(2023, 11, 24, 14, 30))),
        // The day after, 12:00 EST: open, closing at 13:00.
        Case(
            id: "XNYS", now: utcAt(2023, 11, 24, 17), status: .open, reason: "early close: Day after Thanksgiving",
            next: MarketEvent(.closes, at: utcAt(2023, 11, 24, 18))),
        // 14:00 EST on the half day: the post-market runs to 17:00.
        Case(
            id: "XNYS", now: utcAt(2023, 11, 24, 19), status: .post, reason: "after hours",
            next: MarketEvent(.opens, at: utcAt(2023, 11, 27, 14, 30))),
        // 17:30 EST on the half day: closed early.
        Case(
            id: "XNYS", now: utcAt(2023, 11, 24, 22, 30), status: .closed,
            reason: "early close: Day after Thanksgiving",
            next: MarketEvent(.opens, at: utcAt(2023, 11, 27, 14, 30))),
        // Saturday and Sunday evening.
        Case(
            id: "XNYS", now: utcAt(2023, 11, 25, 15), status: .closed, reason: "weekend",
            next: MarketEvent(.opens, at: utcAt(2023, 11, 27, 14, 30))),
        Case(
            id: "XNYS", now: utcAt(2023, 11, 27, 2), status: .closed, reason: "weekend",
            next: MarketEvent(.opens, at: utcAt(2023, 11, 27, 14, 30))),
        // Monday 07:00 EST: pre-market. Tuesday 01:00 EST: overnight.
        Case(
            id: "XNYS", now: utcAt(2023, 11, 27, 12), status: .pre, reason: "pre-market",
            next: MarketEvent(.opens, at: utcAt(2023, 11, 27, 14, 30))),
        Case(
            id: "XNYS", now: utcAt(2023, 11, 28, 6), status: .closed, reason: "overnight",
            next: MarketEvent(.opens, at: utcAt(2023, 11, 28, 14, 30))),
        // Regular session, fresh and stale last trade.
        Case(
            id: "XNYS", now: utcAt(2023, 11, 28, 15), lastTrade: utcAt(2023, 11, 28, 14, 59), status: .open,
            reason: nil,
            next: MarketEvent(.closes, at: utcAt(2023, 11, 28, 21))),
        Case(
            id: "XNYS", now: utcAt(2023, 11, 28, 17), lastTrade: utcAt(2023, 11, 28, 15), status: .delayed,
            reason: "no trade for 2h", next: MarketEvent(.closes, at: utcAt(2023, 11, 28, 21))),
        // 16:30 EST: after hours until 20:00.
        Case(
            id: "XNYS", now: utcAt(2023, 11, 28, 21, 30), status: .post, reason: "after hours",
            next: MarketEvent(.opens, at: utcAt(2023, 11, 29, 14, 30))),
        // Tokyo lunch (12:00 JST), morning (10:00 JST: next close is the lunch break).
        Case(
            id: "XTKS", now: utcAt(2024, 3, 4, 3), status: .closed, reason: "lunch break",
            next: MarketEvent(.opens, at: utcAt(2024, 3, 4, 3, 30))),
        Case(
            id: "XTKS", now: utcAt(2024, 3, 4, 1), status: .open, reason: nil,
            next: MarketEvent(.closes, at: utcAt(2024, 3, 4, 2, 30))),
        // Hong Kong half day: Christmas Eve 13:00 HKT, closed at noon, next open after Christmas.
        Case(
            id: "XHKG", now: utcAt(2024, 12, 24, 5), status: .closed, reason: "early close: Christmas Eve",
            next: MarketEvent(.opens, at: utcAt(2024, 12, 27, 1, 30))),
        // Hong Kong Lunar New Year: Monday Feb 12 closed, reopens Wednesday Feb 14.
        Case(
            id: "XHKG", now: utcAt(2024, 2, 12, 2), status: .closed, reason: "holiday: The third day of Lunar New Year",
            next: MarketEvent(.opens, at: utcAt(2024, 2, 14, 1, 30))),
        // London bank holiday, Frankfurt's year-end.
        Case(
            id: "XLON", now: utcAt(2024, 5, 6, 10), status: .closed, reason: "holiday: Early May bank holiday",
            next: MarketEvent(.opens, at: utcAt(2024, 5, 7, 7))),
        Case(
            id: "XETR", now: utcAt(2024, 12, 30, 14), status: .closed,
            reason: "early close: Last trading day of the year",
            next: MarketEvent(.opens, at: utcAt(2025, 1, 2, 8))),
        // Crypto trades always; FX around the clock from Sunday 17:00 to Friday 17:00 in New York.
        Case(id: "CRYPTO", now: utcAt(2024, 12, 25, 12), status: .open, reason: nil, next: nil),
        Case(id: "CRYPTO", now: utcAt(2024, 12, 28, 12), status: .open, reason: nil, next: nil),
        Case(
            id: "FX", now: utcAt(2024, 12, 4, 12), status: .open, reason: nil,
            next: MarketEvent(.closes, at: utcAt(2024, 12, 6, 22))),
        Case(
            id: "FX", now: utcAt(2024, 12, 6, 22, 30), status: .closed, reason: "weekend",
            next: MarketEvent(.opens, at: utcAt(2024, 12, 8, 22))),
        Case(
            id: "FX", now: utcAt(2024, 12, 7, 12), status: .closed, reason: "weekend",
            next: MarketEvent(.opens, at: utcAt(2024, 12, 8, 22))),
        Case(
            id: "FX", now: utcAt(2024, 12, 8, 21), status: .closed, reason: "weekend",
            next: MarketEvent(.opens, at: utcAt(2024, 12, 8, 22))),
        Case(
            id: "FX", now: utcAt(2024, 12, 8, 22, 30), status: .open, reason: nil,
            next: MarketEvent(.closes, at: utcAt(2024, 12, 13, 22))),
        // New York already on summer time, London not yet: the week still turns at 17:00 EDT.
        Case(
            id: "FX", now: utcAt(2025, 3, 14, 21, 30), status: .closed, reason: "weekend",
            next: MarketEvent(.opens, at: utcAt(2025, 3, 16, 21))),
        // US indices follow the NYSE calendar.
        Case(
            id: "US-INDEX", now: utcAt(2023, 11, 23, 15), status: .closed, reason: "holiday: Thanksgiving Day",
            next: MarketEvent(.opens, at: utcAt(2023, 11, 24, 14, 30))),
    ]

    @Test(arguments: cases)
    func status(c: Case) {
        let calendar = CalendarRegistry.standard.calendar(id: c.id)!
        let s = MarketStatusRules.evaluate(calendar: calendar, now: c.now, lastTrade: c.lastTrade)
        #expect(s.report == MarketStatusReport(c.status, c.reason))
        #expect(s.next == c.next)
        #expect(MarketStatusRules.status(calendar: calendar, now: c.now, lastTrade: c.lastTrade) == s.report)
    }

    @Test func noCalendarIsUnknown() {
        #expect(MarketStatusRules.status(calendar: nil, now: utcAt(2024, 1, 2, 15), lastTrade: nil).status == .unknown)
    }

    /// The next open or close, in the exchange's and the user's wall clocks.
    @Test(arguments: [
        // Friday after the close, seen from Warsaw: Monday 09:30 EST is 15:30 CET.
        (
            MarketEvent(.opens, at: utcAt(2023, 11, 27, 14, 30)), utcAt(2023, 11, 24, 22), "Europe/Warsaw",
            "opens Mon 09:30 EST (15:30 your time)"
        ),
        // Same day, closing.
        (
            MarketEvent(.closes, at: utcAt(2023, 11, 28, 21)), utcAt(2023, 11, 28, 15), "Europe/Warsaw",
            "closes 16:00 EST (22:00 your time)"
        ),
        // Summer time on both sides.
        (
            MarketEvent(.opens, at: utcAt(2024, 7, 8, 13, 30)), utcAt(2024, 7, 5, 22), "Europe/Warsaw",
            "opens Mon 09:30 EDT (15:30 your time)"
        ),
        // The user's day differs: Tokyo is already Tuesday.
        (
            MarketEvent(.closes, at: utcAt(2024, 3, 11, 20)), utcAt(2024, 3, 9, 12), "Asia/Tokyo",
            "closes Mon 16:00 EDT (Tue 05:00 your time)"
        ),
        // Today in New York, tomorrow for a user still on Monday in Los Angeles: the user part
        // says which day (it read "06:30 your time", as if it were today's).
        (
            MarketEvent(.opens, at: utcAt(2024, 3, 12, 13, 30)), utcAt(2024, 3, 12, 6), "America/Los_Angeles",
            "opens 09:30 EDT (Tue 06:30 your time)"
        ),
        // A user in New York needs no second clock.
        (
            MarketEvent(.opens, at: utcAt(2023, 11, 27, 14, 30)), utcAt(2023, 11, 24, 22), "America/New_York",
            "opens Mon 09:30 EST"
        ),
        // A week or more away (NYSE after 9/11): the date is named.
        (
            MarketEvent(.opens, at: utcAt(2001, 9, 17, 13, 30)), utcAt(2001, 9, 10, 21), "Europe/London",
            "opens Mon 17 Sep 09:30 EDT (14:30 your time)"
        ),
    ])
    func nextEventText(event: MarketEvent, now: Instant, userZone: String, expected: String) throws {
        let ny = try ExchangeTimeZone(identifier: "America/New_York")
        let user = try ExchangeTimeZone(identifier: userZone)
        #expect(MarketEventFormatter.describe(event, exchangeZone: ny, userZone: user, now: now) == expected)
    }

    /// The exchange names its day (Tuesday in Tokyo) and the user's is another (still Monday in
    /// New York, the user's today): the user part names Monday, or "20:00" read as Tuesday's.
    @Test func theUsersDayIsNamedWhenTheExchangeNamesAnother() throws {
        let tokyo = try ExchangeTimeZone(identifier: "Asia/Tokyo")
        let user = try ExchangeTimeZone(identifier: "America/New_York")
        let opens = MarketEvent(.opens, at: utcAt(2026, 10, 6, 0))  // Tue 09:00 JST
        #expect(
            MarketEventFormatter.describe(opens, exchangeZone: tokyo, userZone: user, now: utcAt(2026, 10, 5, 12))
                == "opens Tue 09:00 JST (Mon 20:00 your time)")
        // Once Tuesday has begun in Tokyo the exchange names no day, and the user's today needs none.
        #expect(
            MarketEventFormatter.describe(opens, exchangeZone: tokyo, userZone: user, now: utcAt(2026, 10, 5, 16))
                == "opens 09:00 JST (20:00 your time)")
    }

    @Test func statusLine() throws {
        let ny = CalendarRegistry.standard.calendar(id: "XNYS")!
        let warsaw = try ExchangeTimeZone(identifier: "Europe/Warsaw")
        let now = utcAt(2023, 11, 23, 15)
        let s = MarketStatusRules.evaluate(calendar: ny, now: now, lastTrade: nil)
        #expect(
            MarketEventFormatter.statusLine(s, exchangeZone: ny.zone, userZone: warsaw, now: now)
                == "closed (holiday: Thanksgiving Day), opens Fri 09:30 EST (15:30 your time)")
    }

    @Test func boardCoversEveryRegistryExchange() {
        let all = MarketBoard.standard.statusOfAll(now: utcAt(2023, 11, 23, 15))
        #expect(all.map(\.exchangeID) == ExchangeRegistry.standard.exchanges.map(\.id))
        #expect(
            all.first { $0.exchangeID == "XNAS" }?.report == MarketStatusReport(.closed, "holiday: Thanksgiving Day"))
        #expect(all.first { $0.exchangeID == "XLON" }?.report.status == .open)
        let tokyoNoon = MarketBoard.standard.statusOfAll(now: utcAt(2023, 11, 23, 3))
        #expect(
            tokyoNoon.first { $0.exchangeID == "XTKS" }?.report
                == MarketStatusReport(.closed, "holiday: Labour Thanksgiving Day"))
    }
}
