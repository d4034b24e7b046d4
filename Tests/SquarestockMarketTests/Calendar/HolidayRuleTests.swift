import Testing

@testable import SquarestockCore
@testable import SquarestockMarket

/// The rule engine's building blocks, each against published dates.
@Suite struct HolidayRuleTests {
    /// Easter Sundays from the published tables, including the earliest (Mar 22) and latest (Apr 25).
    @Test(arguments: [
        (1818, 3, 22), (1943, 4, 25), (1990, 4, 15), (2000, 4, 23), (2008, 3, 23), (2011, 4, 24),
        (2019, 4, 21), (2024, 3, 31), (2025, 4, 20), (2038, 4, 25), (2285, 3, 22),
    ])
    func easter(year: Int, month: Int, dayOfMonth: Int) {
        #expect(Computus.easterSunday(year: year) == civil(year, month, dayOfMonth))
    }

    @Test(arguments: [
        (DateRule.nthWeekday(month: 11, weekday: 4, n: 4), 2023, civil(2023, 11, 23)),
        (.lastWeekday(month: 5, weekday: 1), 2024, civil(2024, 5, 27)),
        (.lastWeekday(month: 5, weekday: 1), 2021, civil(2021, 5, 31)),
        (.nthWeekday(month: 9, weekday: 1, n: 1), 2024, civil(2024, 9, 2)),
        (.weekdayOnOrBefore(month: 5, day: 24, weekday: 1), 2023, civil(2023, 5, 22)),
        (.weekdayOnOrBefore(month: 5, day: 24, weekday: 1), 2021, civil(2021, 5, 24)),
        (.easter(offset: 50), 2024, civil(2024, 5, 20)),
        (.japaneseVernalEquinox, 2023, civil(2023, 3, 21)),
        (.japaneseAutumnalEquinox, 2012, civil(2012, 9, 22)),
        (.japaneseAutumnalEquinox, 2016, civil(2016, 9, 22)),
        (.japaneseAutumnalEquinox, 2020, civil(2020, 9, 22)),
        (.japaneseAutumnalEquinox, 2001, civil(2001, 9, 23)),
        (.japaneseVernalEquinox, 2010, civil(2010, 3, 21)),
        (.japaneseVernalEquinox, 1999, civil(1999, 3, 21)),
    ])
    func dateRules(rule: DateRule, year: Int, expected: CivilDate) {
        #expect(rule.date(in: year) == expected)
    }

    /// Lunar dates through ICU's Chinese calendar, against the Hong Kong Observatory almanac.
    @Test(arguments: [
        (1990, 1, 1, civil(1990, 1, 27)), (2000, 1, 1, civil(2000, 2, 5)), (2010, 1, 1, civil(2010, 2, 14)),
        (2020, 1, 1, civil(2020, 1, 25)), (2023, 1, 1, civil(2023, 1, 22)), (2024, 1, 1, civil(2024, 2, 10)),
        (2025, 1, 1, civil(2025, 1, 29)), (2033, 1, 1, civil(2033, 1, 31)),
        (2023, 4, 8, civil(2023, 5, 26)), (2023, 5, 5, civil(2023, 6, 22)), (2023, 8, 15, civil(2023, 9, 29)),
        (2023, 9, 9, civil(2023, 10, 23)), (2024, 8, 15, civil(2024, 9, 17)),
    ])
    func lunar(year: Int, month: Int, lunarDay: Int, expected: CivilDate) {
        #expect(LunisolarCalendar.gregorianDate(lunarYearStartingIn: year, month: month, day: lunarDay) == expected)
    }

    @Test func lunarRefusesDaysThatDoNotExist() {
        // 2023 has a leap second month; 2024 has no leap month at all.
        #expect(
            LunisolarCalendar.gregorianDate(lunarYearStartingIn: 2023, month: 2, day: 1, leap: true)
                == civil(2023, 3, 22))
        #expect(LunisolarCalendar.gregorianDate(lunarYearStartingIn: 2024, month: 2, day: 1, leap: true) == nil)
        #expect(LunisolarCalendar.gregorianDate(lunarYearStartingIn: 2024, month: 13, day: 1) == nil)
    }

    /// Qingming (solar longitude 15° in UTC+8) against the Hong Kong general-holiday lists.
    @Test(arguments: [
        (2008, 4), (2010, 5), (2011, 5), (2012, 4), (2013, 4), (2014, 5), (2015, 5), (2016, 4), (2017, 4),
        (2018, 5), (2019, 5), (2020, 4), (2021, 4), (2022, 5), (2023, 5), (2024, 4), (2025, 4),
    ])
    func qingming(year: Int, april: Int) {
        #expect(SolarTerms.date(longitude: 15, year: year, utcOffsetHours: 8) == civil(year, 4, april))
    }

    /// The astronomical solution agrees with the classic 20th/21st-century Qingming formula
    /// ⌊Y·0.2422 + C⌋ - ⌊Y/4⌋ for every year 1950-2099, and with Japan's equinox formula.
    @Test func astronomyAgreesWithTheCalendarFormulas() {
        for year in 1950...2099 {
            let y = year % 100
            let c = year < 2000 ? 5.59 : 4.81
            let formula = Int((Double(y) * 0.2422 + c).rounded(.down)) - y / 4
            #expect(SolarTerms.date(longitude: 15, year: year, utcOffsetHours: 8) == civil(year, 4, formula), "\(year)")
        }
        for year in 1980...2099 {
            #expect(
                SolarTerms.date(longitude: 0, year: year, utcOffsetHours: 9)
                    == SolarTerms.japaneseEquinox(year: year, autumnal: false), "vernal \(year)")
            #expect(
                SolarTerms.date(longitude: 180, year: year, utcOffsetHours: 9)
                    == SolarTerms.japaneseEquinox(year: year, autumnal: true), "autumnal \(year)")
        }
    }

    /// Observances and substitutes resolve like the published holidays.
    @Test(arguments: [
        // UK: Christmas and Boxing Day on a weekend move to the next free weekdays.
        ("XLON", civil(2021, 12, 27), "Christmas Day (substitute day)"),
        ("XLON", civil(2021, 12, 28), "Boxing Day (substitute day)"),
        ("XLON", civil(2022, 12, 27), "Christmas Day (substitute day)"), ("XLON", civil(2022, 12, 26), "Boxing Day"),
        ("XLON", civil(2022, 1, 3), "New Year's Day (substitute day)"),
        ("XLON", civil(2023, 1, 2), "New Year's Day (substitute day)"),
        ("XLON", civil(2020, 5, 8), "Early May bank holiday (VE Day 75th anniversary)"),
        ("XLON", civil(2022, 6, 2), "Spring bank holiday (Platinum Jubilee)"),
        ("XLON", civil(2022, 9, 19), "State Funeral of Queen Elizabeth II"),
        ("XLON", civil(2011, 4, 29), "Royal wedding (Prince William and Catherine Middleton)"),
        ("XLON", civil(1999, 12, 31), "Millennium bank holiday"),
        ("XLON", civil(2023, 5, 8), "Coronation of King Charles III"),
        // Japan: substitutes, citizen's holidays (Silver Week, 2019 Golden Week), Olympics moves.
        ("XTKS", civil(2009, 9, 22), "Citizen's Holiday"), ("XTKS", civil(2015, 9, 22), "Citizen's Holiday"),
        ("XTKS", civil(2019, 4, 30), "Citizen's Holiday"), ("XTKS", civil(2019, 5, 2), "Citizen's Holiday"),
        ("XTKS", civil(2019, 5, 1), "Accession of Emperor Naruhito"),
        ("XTKS", civil(2019, 5, 6), "Children's Day (substitute holiday)"),
        ("XTKS", civil(2019, 10, 22), "Enthronement Ceremony of Emperor Naruhito"),
        ("XTKS", civil(2001, 9, 24), "Autumnal Equinox Day (substitute holiday)"),
        ("XTKS", civil(2015, 5, 6), "Constitution Memorial Day (substitute holiday)"),
        ("XTKS", civil(2020, 7, 23), "Marine Day"), ("XTKS", civil(2020, 7, 24), "Sports Day"),
        ("XTKS", civil(2020, 8, 10), "Mountain Day"), ("XTKS", civil(2021, 7, 22), "Marine Day"),
        ("XTKS", civil(2021, 7, 23), "Sports Day"), ("XTKS", civil(2021, 8, 9), "Mountain Day (substitute holiday)"),
        ("XTKS", civil(1990, 11, 12), "Enthronement Ceremony of Emperor Akihito"),
        ("XTKS", civil(1993, 6, 9), "Wedding of Crown Prince Naruhito"),
        ("XTKS", civil(2002, 5, 6), "Children's Day (substitute holiday)"),
        ("XTKS", civil(2026, 5, 6), "Constitution Memorial Day (substitute holiday)"),
        ("XTKS", civil(2006, 5, 4), "Citizen's Holiday"),
        ("XTKS", civil(2020, 10, 1), "Trading suspended (arrowhead system failure)"),
        // Hong Kong: Sunday and clash substitutes, Lunar New Year's fourth day, one-offs.
        ("XHKG", civil(2010, 4, 6), "Ching Ming Festival"), ("XHKG", civil(2015, 4, 7), "Ching Ming Festival"),
        ("XHKG", civil(2021, 4, 6), "Ching Ming Festival"),
        ("XHKG", civil(2012, 10, 2), "The day following the Chinese Mid-Autumn Festival"),
        ("XHKG", civil(2022, 9, 12), "The day following the Chinese Mid-Autumn Festival"),
        ("XHKG", civil(2023, 1, 25), "The fourth day of Lunar New Year"),
        ("XHKG", civil(2022, 12, 27), "Christmas Day"),
        ("XHKG", civil(2021, 12, 27), "The first weekday after Christmas Day"),
        ("XHKG", civil(2015, 9, 3), "70th anniversary of the victory of the Chinese people's war of resistance"),
        ("XHKG", civil(2023, 9, 8), "Black rainstorm"),
        // Xetra, SIX, Euronext, TSX, ASX, SGX.
        ("XETR", civil(2019, 6, 10), "Whit Monday"),
        ("XETR", civil(2017, 10, 31), "Reformation Day (500th anniversary)"),
        ("XSWX", civil(2024, 5, 9), "Ascension Day"), ("XSWX", civil(2024, 1, 2), "Berchtold's Day"),
        ("XPAR", civil(2024, 5, 1), "Labour Day"), ("XAMS", civil(2024, 12, 26), "Boxing Day"),
        ("XTSE", civil(2024, 5, 20), "Victoria Day"), ("XTSE", civil(2023, 7, 3), "Canada Day"),
        ("XASX", civil(2024, 1, 26), "Australia Day"), ("XASX", civil(2024, 6, 10), "King's Birthday"),
        ("XSES", civil(2024, 2, 12), "Chinese New Year (second day)"), ("XSES", civil(2024, 8, 9), "National Day"),
        // SGX's gazetted holidays of the Islamic, Buddhist and Hindu calendars; a Sunday's moves to the Monday.
        ("XSES", civil(2025, 3, 31), "Hari Raya Puasa"), ("XSES", civil(2026, 5, 27), "Hari Raya Haji"),
        ("XSES", civil(2026, 6, 1), "Vesak Day (observed)"), ("XSES", civil(2026, 11, 9), "Deepavali (observed)"),
        // NYSE before the Uniform Monday Holiday Act: fixed dates, a Sunday's kept on the Monday.
        ("XNYS", civil(1965, 2, 22), "Washington's Birthday"),
        ("XNYS", civil(1970, 2, 23), "Washington's Birthday (observed)"),
        ("XNYS", civil(1968, 5, 30), "Memorial Day"),
    ])
    func closures(id: String, date: CivilDate, name: String) {
        let calendar = CalendarRegistry.standard.calendar(id: id)!
        #expect(calendar.session(on: date) == .closed(reason: .holiday(name)))
    }

    /// Days that look like holidays but trade.
    @Test(arguments: [
        ("XLON", civil(2020, 5, 4)), ("XLON", civil(2022, 5, 30)), ("XLON", civil(2002, 5, 27)),
        ("XETR", civil(2022, 6, 6)), ("XETR", civil(2023, 10, 3)), ("XETR", civil(2013, 10, 3)),
        ("XHKG", civil(2020, 12, 28)), ("XHKG", civil(2024, 11, 25)),
        ("XTKS", civil(2024, 11, 25)), ("XTKS", civil(2019, 12, 23)), ("XTKS", civil(2020, 10, 12)),
        ("XNYS", civil(1970, 2, 16)), ("XNYS", civil(1968, 5, 27)),
    ])
    func tradingDays(id: String, date: CivilDate) {
        #expect(CalendarRegistry.standard.calendar(id: id)!.session(on: date).isOpen)
    }

    /// Half days: local close, whether the lunch break remains.
    @Test(arguments: [
        ("XLON", civil(2023, 12, 22), hm(12, 30)), ("XLON", civil(2023, 12, 29), hm(12, 30)),
        ("XETR", civil(2023, 12, 29), hm(14)), ("XPAR", civil(2024, 12, 24), hm(14, 5)),
        ("XHKG", civil(2022, 1, 31), hm(12)), ("XHKG", civil(2021, 12, 24), hm(12)),
        ("XHKG", civil(2010, 12, 24), hm(12, 30)),
        ("XTSE", civil(2024, 12, 24), hm(13)), ("XASX", civil(2024, 12, 24), hm(14, 10)),
        ("XNYS", civil(1992, 11, 27), hm(14)), ("XNYS", civil(2013, 7, 3), hm(13)),
    ])
    func halfDays(id: String, date: CivilDate, closeMinute: Int) {
        let calendar = CalendarRegistry.standard.calendar(id: id)!
        guard case .open(_, let close, let breakStart, _, let early) = calendar.session(on: date) else {
            Issue.record("\(id) \(date) is closed")
            return
        }
        #expect(early)
        #expect(breakStart == nil)
        #expect(calendar.zone.localDateTime(at: close).minuteOfDay == closeMinute)
    }

    /// Hours eras: Hong Kong before the 2011-2012 extension, Tokyo's pre-2011-11-21 lunch.
    @Test(arguments: [
        ("XHKG", civil(2010, 6, 1), hm(10), hm(12, 30), hm(14, 30), hm(16)),
        ("XHKG", civil(2011, 6, 1), hm(9, 30), hm(12), hm(13, 30), hm(16)),
        ("XHKG", civil(2012, 6, 1), hm(9, 30), hm(12), hm(13), hm(16)),
        ("XTKS", civil(2011, 11, 18), hm(9), hm(11), hm(12, 30), hm(15)),
        ("XTKS", civil(2011, 11, 21), hm(9), hm(11, 30), hm(12, 30), hm(15)),
        ("XTKS", civil(2024, 11, 5), hm(9), hm(11, 30), hm(12, 30), hm(15, 30)),
    ])
    func hoursEras(id: String, date: CivilDate, open: Int, breakStart: Int, breakEnd: Int, close: Int) {
        let calendar = CalendarRegistry.standard.calendar(id: id)!
        let session = calendar.session(on: date).session(on: date)!
        let local = { (t: Instant?) in t.map { calendar.zone.localDateTime(at: $0).minuteOfDay } }
        #expect(local(session.open) == open)
        #expect(local(session.breakStart) == breakStart)
        #expect(local(session.breakEnd) == breakEnd)
        #expect(local(session.close) == close)
    }

    /// A hand-made rule set: substitutes roll past days other holidays hold, in rule order.
    @Test func substitutesRollPastTakenDays() {
        let rules = CalendarRules(rules: [
            .holiday("A", .fixed(month: 12, day: 25), observance: .substitute(on: [6, 7])),
            .holiday("B", .fixed(month: 12, day: 26), observance: .substitute(on: [6, 7])),
            .holiday("C", .fixed(month: 12, day: 27)),
        ])
        // 2021: Sat 25, Sun 26, Mon 27 (C): A -> Tue 28, B -> Wed 29.
        let days = rules.specialDays(in: 2021)
        #expect(days[civil(2021, 12, 27)] == .closed(name: "C"))
        #expect(days[civil(2021, 12, 28)] == .closed(name: "A"))
        #expect(days[civil(2021, 12, 29)] == .closed(name: "B"))
    }
}
