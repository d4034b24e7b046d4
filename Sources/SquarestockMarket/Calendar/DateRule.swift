import SquarestockCore

/// How a holiday finds its date in a given year, before any weekend observance is applied.
///
/// Weekdays are ISO numbers (1 = Monday ... 7 = Sunday), as `CivilDate.isoWeekday` gives them.
package enum DateRule: Sendable {
    /// The same month and day every year (Christmas).
    case fixed(month: Int, day: Int)
    /// The n-th given weekday of a month, n from 1 (US Thanksgiving: 4th Thursday of November).
    case nthWeekday(month: Int, weekday: Int, n: Int)
    /// The last given weekday of a month (US Memorial Day, UK Spring bank holiday).
    case lastWeekday(month: Int, weekday: Int)
    /// The last given weekday on or before a day (Canada's Victoria Day: the Monday on or before May 24).
    case weekdayOnOrBefore(month: Int, day: Int, weekday: Int)
    /// Days from Gregorian Easter Sunday (Good Friday is -2, Easter Monday +1).
    case easter(offset: Int)
    /// A day of the Chinese lunisolar calendar, in the lunar year that begins in this Gregorian
    /// year (Lunar New Year is month 1 day 1; Buddha's Birthday month 4 day 8). Computed by ICU.
    case chineseLunar(month: Int, day: Int)
    /// The local date (at a fixed UTC offset) on which the Sun's apparent ecliptic longitude
    /// reaches the given degrees: solar terms such as Qingming (15°).
    case solarLongitude(degrees: Double, utcOffsetHours: Int)
    /// Japan's Vernal / Autumnal Equinox Day by the standard approximation the Cabinet Office
    /// uses when it announces them.
    case japaneseVernalEquinox
    case japaneseAutumnalEquinox
    /// Anything else, computed from the year (nil when there is no such day that year).
    case computed(@Sendable (Int) -> CivilDate?)

    /// The date in `year`, or nil if the rule names no valid day that year.
    package func date(in year: Int) -> CivilDate? {
        switch self {
        case .fixed(let month, let day):
            let d = CivilDate(year: year, month: month, day: day)
            return d.isValid ? d : nil
        case .nthWeekday(let month, let weekday, let n):
            let first = CivilDate(year: year, month: month, day: 1)
            let shift = (weekday - first.isoWeekday + 7) % 7
            let d = first.adding(days: shift + 7 * (n - 1))
            return d.month == month ? d : nil
        case .lastWeekday(let month, let weekday):
            let last = CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))
            return last.adding(days: -((last.isoWeekday - weekday + 7) % 7))
        case .weekdayOnOrBefore(let month, let day, let weekday):
            let anchor = CivilDate(year: year, month: month, day: day)
            return anchor.adding(days: -((anchor.isoWeekday - weekday + 7) % 7))
        case .easter(let offset):
            return Computus.easterSunday(year: year).adding(days: offset)
        case .chineseLunar(let month, let day):
            return LunisolarCalendar.gregorianDate(lunarYearStartingIn: year, month: month, day: day)
        case .solarLongitude(let degrees, let offset):
            return SolarTerms.date(longitude: degrees, year: year, utcOffsetHours: offset)
        case .japaneseVernalEquinox:
            return SolarTerms.japaneseEquinox(year: year, autumnal: false)
        case .japaneseAutumnalEquinox:
            return SolarTerms.japaneseEquinox(year: year, autumnal: true)
        case .computed(let f):
            return f(year)
        }
    }
}

/// How a holiday that lands on a weekend (or on another holiday) is observed.
package enum Observance: Sendable, Hashable {
    /// Kept where it falls; on a weekend the exchange is closed anyway.
    case none
    /// Sunday moves to Monday; Saturday is not observed (NYSE New Year's Day).
    case sundayToMonday
    /// Saturday moves to Friday, Sunday to Monday (US federal rule).
    case nearestWeekday
    /// Saturday or Sunday move to the following Monday.
    case weekendToMonday
    /// Saturday or Sunday move to the preceding Friday (LSE's Christmas Eve half day).
    case previousWeekday
    /// A substitute day: when the date falls on one of `on` (ISO weekdays), or on a day another
    /// closure already holds, the holiday moves to the next day that is neither one of `on` nor
    /// taken (UK bank holidays: `[6, 7]`; Japan and Hong Kong: `[7]`). Resolved after all fixed
    /// holidays, in rule order.
    case substitute(on: Set<Int>)
}

/// What a rule does to the day it lands on.
package enum RuleEffect: Sendable, Hashable {
    /// No trading.
    case closed
    /// Trading ends early: at a local minute of the day, or at the calendar's usual early close
    /// for that date when nil.
    case earlyClose(atMinute: Int?)
}
