import Testing

@testable import SquarestockCore
@testable import SquarestockMarket
@testable import SquarestockServices

/// One year (2024) of LSE, Xetra, Tokyo and Hong Kong against independent lists: every weekday
/// not listed is a full session at the published hours, every holiday is closed, every half day
/// ends at the listed time (and, in Hong Kong, has no lunch break).
@Suite struct ExchangeYearFixtureTests {
    struct Market: Sendable, CustomStringConvertible {
        var id: String
        var file: String
        /// The expected full session for a weekday: open, close, break (local minutes).
        var hours: @Sendable (CivilDate) -> (open: Int, close: Int, breakStart: Int?, breakEnd: Int?)
        /// UTC offset at trading hours, from the zone's law.
        var offset: @Sendable (CivilDate) -> Int
        var description: String { id }
    }

    static let markets: [Market] = [
        Market(
            id: "XLON", file: "XLON_2024_holidays.csv", hours: { _ in (hm(8), hm(16, 30), nil, nil) },
            offset: { IndependentOffsets.europe($0, standard: 0) }),
        Market(
            id: "XETR", file: "XETR_2024_holidays.csv", hours: { _ in (hm(9), hm(17, 30), nil, nil) },
            offset: { IndependentOffsets.europe($0, standard: 3600) }),
        Market(
            id: "XTKS", file: "XTKS_2024_holidays.csv",
            hours: { d in (hm(9), d < civil(2024, 11, 5) ? hm(15) : hm(15, 30), hm(11, 30), hm(12, 30)) },
            offset: { _ in 9 * 3600 }),
        Market(
            id: "XHKG", file: "XHKG_2024_holidays.csv", hours: { _ in (hm(9, 30), hm(16), hm(12), hm(13)) },
            offset: { _ in 8 * 3600 }),
    ]

    @Test(arguments: markets)
    func everyWeekdayOf2024(market: Market) {
        let calendar = CalendarRegistry.standard.calendar(id: market.id)!
        let fixture = CalendarFixture.byDate(market.file)
        #expect(!fixture.isEmpty)
        var date = civil(2024, 1, 1)
        var mismatches: [String] = []
        while date.year == 2024 {
            let got = calendar.session(on: date)
            let offset = market.offset(date)
            let h = market.hours(date)
            func at(_ minute: Int?) -> Instant? {
                minute.map { IndependentOffsets.instant(date, minute: $0, offset: offset) }
            }
            let expected: TradingDay
            if date.isWeekend {
                expected = .closed(reason: .weekend)
            } else if let row = fixture[date] {
                switch row.kind {
                case .holiday:
                    expected = got.isOpen ? .closed(reason: .holiday(row.name)) : got
                case .earlyClose:
                    let close = row.closeMinute!
                    let keepsBreak = h.breakStart.map { close > $0 } ?? false
                    expected = .open(
                        open: at(h.open)!, close: at(close)!, breakStart: keepsBreak ? at(h.breakStart) : nil,
                        breakEnd: keepsBreak ? at(h.breakEnd) : nil, earlyClose: true)
                }
            } else {
                expected = .open(
                    open: at(h.open)!, close: at(h.close)!, breakStart: at(h.breakStart),
                    breakEnd: at(h.breakEnd), earlyClose: false)
            }
            if got != expected { mismatches.append("\(date): got \(got), expected \(expected)") }
            date = date.adding(days: 1)
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    /// Session counts the exchanges published for 2024.
    @Test(arguments: [("XLON", 254), ("XETR", 254), ("XTKS", 245), ("XHKG", 246)])
    func sessionCount2024(id: String, count: Int) {
        let calendar = CalendarRegistry.standard.calendar(id: id)!
        #expect(calendar.sessions(from: civil(2024, 1, 1), to: civil(2024, 12, 31)).count == count)
    }
}
