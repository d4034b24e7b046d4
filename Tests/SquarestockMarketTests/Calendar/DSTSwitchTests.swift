import Testing

@testable import SquarestockCore
@testable import SquarestockMarket
@testable import SquarestockRendering

/// Sessions either side of each zone's clock changes, the weeks when US and European clocks
/// disagree, and next-open answers that span a switch.
@Suite struct DSTSwitchTests {
    /// (exchange, local date, open and close in UTC): the sessions before and after each switch.
    @Test(arguments: [
        // New York: 2024-03-10 spring forward, 2024-11-03 fall back.
        ("XNYS", civil(2024, 3, 8), utcAt(2024, 3, 8, 14, 30), utcAt(2024, 3, 8, 21)),
        ("XNYS", civil(2024, 3, 11), utcAt(2024, 3, 11, 13, 30), utcAt(2024, 3, 11, 20)),
        ("XNYS", civil(2024, 11, 1), utcAt(2024, 11, 1, 13, 30), utcAt(2024, 11, 1, 20)),
        ("XNYS", civil(2024, 11, 4), utcAt(2024, 11, 4, 14, 30), utcAt(2024, 11, 4, 21)),
        // Pre-2007 US rule: 2006-04-02 and 2006-10-29.
        ("XNYS", civil(2006, 3, 31), utcAt(2006, 3, 31, 14, 30), utcAt(2006, 3, 31, 21)),
        ("XNYS", civil(2006, 4, 3), utcAt(2006, 4, 3, 13, 30), utcAt(2006, 4, 3, 20)),
        ("XNYS", civil(2006, 10, 27), utcAt(2006, 10, 27, 13, 30), utcAt(2006, 10, 27, 20)),
        ("XNYS", civil(2006, 10, 30), utcAt(2006, 10, 30, 14, 30), utcAt(2006, 10, 30, 21)),
        // London and Frankfurt: 2024-03-31 (Easter Sunday; Monday is Easter Monday) and 2024-10-27.
        ("XLON", civil(2024, 3, 28), utcAt(2024, 3, 28, 8), utcAt(2024, 3, 28, 16, 30)),
        ("XLON", civil(2024, 4, 2), utcAt(2024, 4, 2, 7), utcAt(2024, 4, 2, 15, 30)),
        ("XLON", civil(2024, 10, 25), utcAt(2024, 10, 25, 7), utcAt(2024, 10, 25, 15, 30)),
        ("XLON", civil(2024, 10, 28), utcAt(2024, 10, 28, 8), utcAt(2024, 10, 28, 16, 30)),
        ("XETR", civil(2024, 3, 28), utcAt(2024, 3, 28, 8), utcAt(2024, 3, 28, 16, 30)),
        ("XETR", civil(2024, 4, 2), utcAt(2024, 4, 2, 7), utcAt(2024, 4, 2, 15, 30)),
        ("XETR", civil(2024, 10, 25), utcAt(2024, 10, 25, 7), utcAt(2024, 10, 25, 15, 30)),
        ("XETR", civil(2024, 10, 28), utcAt(2024, 10, 28, 8), utcAt(2024, 10, 28, 16, 30)),
        ("XPAR", civil(2023, 3, 24), utcAt(2023, 3, 24, 8), utcAt(2023, 3, 24, 16, 30)),
        ("XPAR", civil(2023, 3, 27), utcAt(2023, 3, 27, 7), utcAt(2023, 3, 27, 15, 30)),
        // Sydney (southern hemisphere): DST ends 2024-04-07, starts 2024-10-06.
        ("XASX", civil(2024, 4, 5), utcAt(2024, 4, 4, 23), utcAt(2024, 4, 5, 5)),
        ("XASX", civil(2024, 4, 8), utcAt(2024, 4, 8, 0), utcAt(2024, 4, 8, 6)),
        ("XASX", civil(2024, 10, 4), utcAt(2024, 10, 4, 0), utcAt(2024, 10, 4, 6)),
        ("XASX", civil(2024, 10, 7), utcAt(2024, 10, 6, 23), utcAt(2024, 10, 7, 5)),
        // Toronto follows the US dates.
        ("XTSE", civil(2024, 3, 8), utcAt(2024, 3, 8, 14, 30), utcAt(2024, 3, 8, 21)),
        ("XTSE", civil(2024, 3, 11), utcAt(2024, 3, 11, 13, 30), utcAt(2024, 3, 11, 20)),
        // Tokyo and Hong Kong keep their UTC times while New York and London switch.
        ("XTKS", civil(2024, 3, 8), utcAt(2024, 3, 8, 0), utcAt(2024, 3, 8, 6)),
        ("XTKS", civil(2024, 3, 11), utcAt(2024, 3, 11, 0), utcAt(2024, 3, 11, 6)),
        ("XTKS", civil(2024, 11, 1), utcAt(2024, 11, 1, 0), utcAt(2024, 11, 1, 6)),
        ("XTKS", civil(2024, 11, 5), utcAt(2024, 11, 5, 0), utcAt(2024, 11, 5, 6, 30)),
        ("XHKG", civil(2024, 3, 8), utcAt(2024, 3, 8, 1, 30), utcAt(2024, 3, 8, 8)),
        ("XHKG", civil(2024, 3, 11), utcAt(2024, 3, 11, 1, 30), utcAt(2024, 3, 11, 8)),
        ("XHKG", civil(2024, 10, 28), utcAt(2024, 10, 28, 1, 30), utcAt(2024, 10, 28, 8)),
    ])
    func sessionsAroundSwitches(id: String, date: CivilDate, open: Instant, close: Instant) {
        let session = CalendarRegistry.standard.calendar(id: id)!.session(on: date).session(on: date)
        #expect(session?.open == open)
        #expect(session?.close == close)
    }

    /// Between the US and EU switches New York opens four, not five, hours after London's 08:00
    /// wall clock... and in UTC the gap between London's and New York's opens shrinks by an hour.
    @Test func usEuropeMismatchWeeks() {
        let ny = CalendarRegistry.standard.calendar(id: "XNYS")!
        let lon = CalendarRegistry.standard.calendar(id: "XLON")!
        func gap(_ d: CivilDate) -> Int64 {
            ny.session(on: d).session(on: d)!.open.seconds(since: lon.session(on: d).session(on: d)!.open) / 60
        }
        #expect(gap(civil(2024, 3, 8)) == 390)  // both standard time
        #expect(gap(civil(2024, 3, 11)) == 330)  // New York on EDT, London still on GMT
        #expect(gap(civil(2024, 3, 28)) == 330)
        #expect(gap(civil(2024, 4, 2)) == 390)  // both summer time
        #expect(gap(civil(2024, 10, 28)) == 330)  // London back on GMT, New York still on EDT
        #expect(gap(civil(2024, 11, 4)) == 390)
    }

    /// Next open and close computed across a switch weekend.
    @Test(arguments: [
        ("XNYS", utcAt(2024, 3, 8, 21, 30), utcAt(2024, 3, 11, 13, 30)),
        ("XNYS", utcAt(2024, 11, 1, 20, 30), utcAt(2024, 11, 4, 14, 30)),
        ("XLON", utcAt(2024, 3, 28, 17), utcAt(2024, 4, 2, 7)),
        ("XLON", utcAt(2024, 10, 25, 16), utcAt(2024, 10, 28, 8)),
        ("XETR", utcAt(2024, 10, 25, 16), utcAt(2024, 10, 28, 8)),
        ("XASX", utcAt(2024, 4, 5, 6), utcAt(2024, 4, 8, 0)),
    ])
    func nextOpenAcrossSwitch(id: String, after: Instant, expected: Instant) {
        #expect(CalendarRegistry.standard.calendar(id: id)!.nextOpen(after: after) == expected)
    }

    @Test func switchSundayIsAWeekend() {
        let ny = CalendarRegistry.standard.calendar(id: "XNYS")!
        // 2024-03-10 03:30 EDT, just after the gap.
        let s = MarketStatusRules.evaluate(calendar: ny, now: utcAt(2024, 3, 10, 7, 30), lastTrade: nil)
        #expect(s.report == MarketStatusReport(.closed, "weekend"))
        #expect(s.next == MarketEvent(.opens, at: utcAt(2024, 3, 11, 13, 30)))
    }

    /// The user's wall clock moves across their own switch while Tokyo's does not.
    @Test func userZoneSwitchSeenFromTokyo() throws {
        let tokyo = CalendarRegistry.standard.calendar(id: "XTKS")!
        let london = try ExchangeTimeZone(identifier: "Europe/London")
        let before = MarketEvent(.opens, at: utcAt(2024, 3, 29, 0))
        let after = MarketEvent(.opens, at: utcAt(2024, 4, 1, 0))
        let abbreviation = tokyo.zone.abbreviation(at: before.at)
        #expect(
            MarketEventFormatter.describe(
                before, exchangeZone: tokyo.zone, userZone: london, now: utcAt(2024, 3, 28, 12))
                == "opens Fri 09:00 \(abbreviation) (00:00 your time)")
        #expect(
            MarketEventFormatter.describe(
                after, exchangeZone: tokyo.zone, userZone: london, now: utcAt(2024, 3, 29, 12))
                == "opens Mon 09:00 \(abbreviation) (01:00 your time)")
    }
}
