import Testing

@testable import SquarestockCore
@testable import SquarestockMarket

/// Properties every calendar must keep over a wide range of years.
@Suite struct CalendarInvariantTests {
    @Test(arguments: CalendarRegistry.standard.calendars.map(\.id))
    func sessionsAreOrderedAndWellFormed(id: String) {
        let calendar = CalendarRegistry.standard.calendar(id: id)!
        let sessions = calendar.sessions(from: civil(1980, 1, 1), to: civil(2040, 12, 31))
        #expect(!sessions.isEmpty)
        var previousClose = Instant(secondsSinceEpoch: .min)
        for s in sessions {
            #expect(s.open < s.close, "\(s)")
            #expect(s.open >= previousClose, "\(s)")
            if let bs = s.breakStart, let be = s.breakEnd {
                #expect(s.open < bs && bs < be && be < s.close, "\(s)")
            } else {
                #expect(s.breakStart == nil && s.breakEnd == nil, "\(s)")
            }
            #expect(calendar.zone.localDateTime(at: s.open).date == s.date, "\(s)")
            previousClose = s.close
        }
    }

    /// nextOpen/nextClose agree with the session list.
    @Test(arguments: ["XNYS", "XTKS", "XHKG", "XLON"])
    func nextOpenAndCloseFollowSessions(id: String) {
        let calendar = CalendarRegistry.standard.calendar(id: id)!
        let sessions = calendar.sessions(from: civil(2023, 12, 1), to: civil(2024, 2, 29))
        for (a, b) in zip(sessions, sessions.dropFirst()) {
            #expect(calendar.nextOpen(after: a.close) == b.open)
            #expect(calendar.nextOpen(after: a.close, includingBreaks: false) == b.open)
            #expect(calendar.nextClose(after: a.open, includingBreaks: false) == a.close)
            #expect(calendar.nextClose(after: a.open) == (a.breakStart ?? a.close))
            if let bs = a.breakStart { #expect(calendar.nextOpen(after: bs) == a.breakEnd) }
        }
    }

    @Test(arguments: [
        ("NYSE", "XNYS"), ("xnys", "XNYS"), ("LSE", "XLON"), ("HKEX", "XHKG"), ("TSE", "XTKS"), ("NASDAQ", "XNAS"),
    ])
    func calendarByName(name: String, id: String) {
        #expect(CalendarRegistry.standard.calendar(named: name)?.id == id)
    }

    @Test func unknownNameHasNoCalendar() {
        #expect(CalendarRegistry.standard.calendar(named: "NOPE") == nil)
    }
}
