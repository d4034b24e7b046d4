import Testing

@testable import SquarestockCore
@testable import SquarestockMarket

/// Every NYSE session 1990-2023 against the independent list of holidays and early closes.
@Suite struct NYSECalendarTests {
    let calendar = CalendarRegistry.standard.calendar(id: "XNYS")!
    let fixture = CalendarFixture.byDate("XNYS_1990_2023_holidays.csv")

    @Test func fixtureIsLoaded() {
        #expect(fixture.count == 376)
        #expect(fixture.values.filter { $0.kind == .earlyClose }.count == 71)
    }

    /// Open 09:30, close 16:00 or the listed early close, New York time with offsets from the
    /// DST law; closed on every listed holiday and every weekend.
    @Test(arguments: 1990...2023)
    func everyDayOfTheYear(year: Int) {
        var date = civil(year, 1, 1)
        var mismatches: [String] = []
        while date.year == year {
            let got = calendar.session(on: date)
            let expected: TradingDay
            let offset = IndependentOffsets.newYork(date)
            if date.isWeekend {
                expected = .closed(reason: .weekend)
            } else if let row = fixture[date] {
                switch row.kind {
                case .holiday:
                    expected = got.isOpen ? .closed(reason: .holiday(row.name)) : got
                case .earlyClose:
                    expected = .open(
                        open: IndependentOffsets.instant(date, minute: hm(9, 30), offset: offset),
                        close: IndependentOffsets.instant(date, minute: row.closeMinute!, offset: offset),
                        breakStart: nil, breakEnd: nil, earlyClose: true)
                }
            } else {
                expected = .open(
                    open: IndependentOffsets.instant(date, minute: hm(9, 30), offset: offset),
                    close: IndependentOffsets.instant(date, minute: hm(16), offset: offset),
                    breakStart: nil, breakEnd: nil, earlyClose: false)
            }
            if got != expected { mismatches.append("\(date): got \(got), expected \(expected)") }
            date = date.adding(days: 1)
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    @Test func sessionsListMatchesTheFixtureCount() {
        let sessions = calendar.sessions(from: civil(1990, 1, 1), to: civil(2023, 12, 31))
        var weekdays = 0
        var d = civil(1990, 1, 1)
        while d <= civil(2023, 12, 31) {
            if !d.isWeekend { weekdays += 1 }
            d = d.adding(days: 1)
        }
        let holidays = fixture.values.filter { $0.kind == .holiday }.count
        #expect(sessions.count == weekdays - holidays)
        #expect(sessions.filter(\.earlyClose).count == 71)
        #expect(sessions.first?.date == civil(1990, 1, 2))
        #expect(sessions.last?.date == civil(2023, 12, 29))
    }

    /// Trading-day counts NYSE published for some years.
    @Test(arguments: [(2001, 248), (2012, 250), (2018, 251), (2020, 253), (2022, 251), (2023, 250)])
    func tradingDaysPerYear(year: Int, count: Int) {
        #expect(calendar.sessions(from: civil(year, 1, 1), to: civil(year, 12, 31)).count == count)
    }

    @Test(arguments: [
        (civil(2023, 11, 23), "Thanksgiving Day"),
        // Moved off a weekend: observed on the nearest weekday, and named so.
        (civil(2022, 6, 20), "Juneteenth National Independence Day (observed)"),
        (civil(2021, 12, 24), "Christmas Day (observed)"),
        (civil(2026, 7, 3), "Independence Day (observed)"),
        (civil(2026, 12, 25), "Christmas Day"),
        (civil(2018, 12, 5), "National Day of Mourning for President George H. W. Bush"),
        (civil(2025, 1, 9), "National Day of Mourning for President Carter"),
        (civil(2001, 9, 13), "September 11 attacks"),
    ])
    func holidayNames(date: CivilDate, name: String) {
        #expect(calendar.session(on: date) == .closed(reason: .holiday(name)))
    }

    /// New Year's Day on a Saturday is not observed on the Friday before.
    @Test(arguments: [
        civil(1993, 12, 31), civil(1999, 12, 31), civil(2004, 12, 31), civil(2010, 12, 31), civil(2021, 12, 31),
    ])
    func saturdayNewYearKeepsFriday(date: CivilDate) {
        #expect(calendar.session(on: date).isOpen)
    }

    /// Every US venue of the registry follows the same calendar.
    @Test(arguments: ["US", "XNAS", "XASE", "ARCX", "BATS", "US-INDEX"])
    func usVenuesShareNYSE(id: String) {
        let other = CalendarRegistry.standard.calendar(id: id)!
        for d in [civil(2023, 11, 23), civil(2023, 11, 24), civil(2023, 7, 3), civil(2023, 7, 5)] {
            #expect(other.session(on: d) == calendar.session(on: d))
        }
    }
}
