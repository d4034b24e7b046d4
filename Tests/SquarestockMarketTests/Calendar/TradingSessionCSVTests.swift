import Testing

@testable import SquarestockCore
@testable import SquarestockMarket
@testable import SquarestockRendering

/// `market --calendar X --format csv` lines: UTC instants with Z, empty break fields.
@Suite struct TradingSessionCSVTests {
    @Test func nyseThanksgivingWeek() {
        let ny = CalendarRegistry.standard.calendar(id: "XNYS")!
        #expect(
            TradingSessionCSV.render(ny.sessions(from: civil(2023, 11, 22), to: civil(2023, 11, 27))) == """
                date,open,close,break_start,break_end
                2023-11-22,2023-11-22T14:30:00Z,2023-11-22T21:00:00Z,,
                2023-11-24,2023-11-24T14:30:00Z,2023-11-24T18:00:00Z,,
                2023-11-27,2023-11-27T14:30:00Z,2023-11-27T21:00:00Z,,

                """)
    }

    @Test func hongKongLunchAndHalfDay() {
        let hk = CalendarRegistry.standard.calendar(id: "XHKG")!
        #expect(
            TradingSessionCSV.render(hk.sessions(from: civil(2024, 2, 8), to: civil(2024, 2, 14)), header: false) == """
                2024-02-08,2024-02-08T01:30:00Z,2024-02-08T08:00:00Z,2024-02-08T04:00:00Z,2024-02-08T05:00:00Z
                2024-02-09,2024-02-09T01:30:00Z,2024-02-09T04:00:00Z,,
                2024-02-14,2024-02-14T01:30:00Z,2024-02-14T08:00:00Z,2024-02-14T04:00:00Z,2024-02-14T05:00:00Z

                """)
    }

    @Test func emptyAndReversedRanges() {
        let ny = CalendarRegistry.standard.calendar(id: "XNYS")!
        #expect(ny.sessions(from: civil(2023, 12, 30), to: civil(2023, 12, 31)).isEmpty)
        #expect(ny.sessions(from: civil(2024, 1, 5), to: civil(2024, 1, 1)).isEmpty)
        #expect(TradingSessionCSV.render([]) == "date,open,close,break_start,break_end\n")
    }
}
