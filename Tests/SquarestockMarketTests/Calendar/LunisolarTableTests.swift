import SquarestockCore
import Testing

@testable import SquarestockMarket

/// The shipped table of lunar years must give ICU's answers exactly: every month's first day
/// (leap months included, and the leap months a year lacks refused) and its last possible day.
@Suite struct LunisolarTableTests {
    @Test func everyMonthOf1900Through2100MatchesICU() {
        var mismatches: [String] = []
        for year in LunisolarTable.firstYear...LunisolarTable.lastYear {
            for month in 1...12 {
                for leap in [false, true] {
                    let first = LunisolarTable.date(lunarYearStartingIn: year, month: month, day: 1, leap: leap)
                    let icuFirst = LunisolarCalendar.icuDate(
                        lunarYearStartingIn: year, month: month, day: 1, leap: leap)
                    if first != .some(icuFirst) { mismatches.append("\(year)/\(month)\(leap ? "L" : "")/1") }
                    // Day 30 exists only in long months: the table's lengths decide it.
                    guard icuFirst != nil else { continue }
                    let last = LunisolarTable.date(lunarYearStartingIn: year, month: month, day: 30, leap: leap)
                    let icuLast = LunisolarCalendar.icuDate(
                        lunarYearStartingIn: year, month: month, day: 30, leap: leap)
                    if last != .some(icuLast) { mismatches.append("\(year)/\(month)\(leap ? "L" : "")/30") }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func outsideTheTableICUAnswers() {
        #expect(LunisolarTable.date(lunarYearStartingIn: 2101, month: 1, day: 1, leap: false) == .none)
        // Lunar New Year 2101 comes from ICU through the same entry point.
        let date = LunisolarCalendar.gregorianDate(lunarYearStartingIn: 2101, month: 1, day: 1)
        #expect(date == LunisolarCalendar.icuDate(lunarYearStartingIn: 2101, month: 1, day: 1, leap: false))
        #expect(date?.year == 2101)
    }

    @Test func knownNewYears() {
        // 2023-01-22 (a year with a leap second month) and 2024-02-10.
        #expect(
            LunisolarCalendar.gregorianDate(lunarYearStartingIn: 2023, month: 1, day: 1)
                == CivilDate(year: 2023, month: 1, day: 22))
        #expect(
            LunisolarCalendar.gregorianDate(lunarYearStartingIn: 2024, month: 1, day: 1)
                == CivilDate(year: 2024, month: 2, day: 10))
        #expect(LunisolarCalendar.gregorianDate(lunarYearStartingIn: 2023, month: 2, day: 1, leap: true) != nil)
        #expect(LunisolarCalendar.gregorianDate(lunarYearStartingIn: 2024, month: 2, day: 1, leap: true) == nil)
    }
}
