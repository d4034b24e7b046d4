import TestSupport

@testable import SquarestockCore
@testable import SquarestockMarket

/// One row of a `Tests/Fixtures/calendars/*_holidays.csv` list: a weekday without a full session.
struct CalendarFixtureRow: Sendable, Hashable {
    enum Kind: String, Sendable {
        case holiday
        case earlyClose = "early_close"
    }
    var date: CivilDate
    var kind: Kind
    var name: String
    /// Local close minute for early closes.
    var closeMinute: Int?
}

/// The independent holiday lists the calendars are checked against. They are written out from
/// exchange notices, never generated from the rule engine.
enum CalendarFixture {
    static func rows(_ file: String) -> [CalendarFixtureRow] {
        Fixture.text("calendars/" + file).split(separator: "\n").compactMap { line in
            guard let first = line.first, first.isNumber else { return nil }
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let ymd = f[0].split(separator: "-").compactMap { Int($0) }
            guard f.count >= 4, ymd.count == 3, let kind = CalendarFixtureRow.Kind(rawValue: f[1]) else { return nil }
            var close: Int? = nil
            if !f[3].isEmpty {
                let hm = f[3].split(separator: ":").compactMap { Int($0) }
                close = hm[0] * 60 + hm[1]
            }
            return CalendarFixtureRow(
                date: CivilDate(year: ymd[0], month: ymd[1], day: ymd[2]), kind: kind,
                name: f[2], closeMinute: close)
        }
    }

    static func byDate(_ file: String) -> [CivilDate: CalendarFixtureRow] {
        Dictionary(rows(file).map { ($0.date, $0) }, uniquingKeysWith: { a, _ in a })
    }
}

/// UTC offsets computed from the published DST laws, independently of ICU, for the expected
/// instants: local wall clock minus offset.
enum IndependentOffsets {
    /// The n-th (1-based) or, with n = 0, the last given ISO weekday of a month.
    static func weekday(_ year: Int, _ month: Int, _ weekday: Int, _ n: Int) -> CivilDate {
        if n == 0 {
            let last = CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))
            return last.adding(days: -((last.isoWeekday - weekday + 7) % 7))
        }
        let first = CivilDate(year: year, month: month, day: 1)
        return first.adding(days: (weekday - first.isoWeekday + 7) % 7 + 7 * (n - 1))
    }

    /// New York during trading hours (the 02:00 switch never touches a session): Energy Policy
    /// Act 2005 from 2007 (2nd Sunday March - 1st Sunday November), 1987-2006 1st Sunday April -
    /// last Sunday October.
    static func newYork(_ d: CivilDate) -> Int {
        let start = d.year >= 2007 ? weekday(d.year, 3, 7, 2) : weekday(d.year, 4, 7, 1)
        let end = d.year >= 2007 ? weekday(d.year, 11, 7, 1) : weekday(d.year, 10, 7, 0)
        return (d >= start && d < end) ? -4 * 3600 : -5 * 3600
    }

    /// EU summer time (since 1996): last Sunday of March to last Sunday of October.
    static func europe(_ d: CivilDate, standard: Int) -> Int {
        let start = weekday(d.year, 3, 7, 0)
        let end = weekday(d.year, 10, 7, 0)
        return (d >= start && d < end) ? standard + 3600 : standard
    }

    static func instant(_ d: CivilDate, minute: Int, offset: Int) -> Instant {
        Instant(secondsSinceEpoch: d.daysSinceEpoch * 86400 + Int64(minute * 60 - offset))
    }
}

func hm(_ h: Int, _ m: Int = 0) -> Int { h * 60 + m }
func civil(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { CivilDate(year: y, month: m, day: d) }
/// A UTC instant from its ISO fields.
func utcAt(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int = 0) -> Instant {
    Instant(secondsSinceEpoch: CivilDateTime(year: y, month: mo, day: d, hour: h, minute: mi).secondsSinceEpochAsUTC)
}
