/// Tokyo Stock Exchange: Japan's national holidays (Act on National Holidays, with its 1985,
/// 1989, 1998, 2001, 2005 and 2014 amendments and the 2018/2020 Olympic special measures), the
/// exchange's own year-end closures (Dec 31 - Jan 3), and one-offs.
///
/// Substitute holiday: a national holiday on a Sunday moves to the next day that is not a
/// national holiday. Citizen's holiday: a day between two national holidays is a holiday
/// (from 1986). Equinox days by the standard approximation (`SolarTerms.japaneseEquinox`).
/// Sources: Cabinet Office national-holiday tables (www8.cao.go.jp/chosei/shukujitsu), JPX
/// "Market holidays" notices. Exact from 1990.
package enum TokyoCalendar {
    static let sunday: Set<Int> = [Weekday.sun]
    static let mon = Weekday.mon

    static func national(_ name: String, _ rule: DateRule, years: ClosedRange<Int> = 1949...9999) -> HolidayRule {
        .holiday(name, rule, observance: .substitute(on: sunday), years: years)
    }

    package static let rules = CalendarRules(
        rules: [
            national("New Year's Day", .fixed(month: 1, day: 1)),
            national("Coming of Age Day", .fixed(month: 1, day: 15), years: 1949...1999),
            national("Coming of Age Day", .nthWeekday(month: 1, weekday: mon, n: 2), years: 2000...9999),
            national("National Foundation Day", .fixed(month: 2, day: 11), years: 1967...9999),
            national("Emperor's Birthday", .fixed(month: 2, day: 23), years: 2020...9999),
            national("Vernal Equinox Day", .japaneseVernalEquinox),
            national("Emperor's Birthday", .fixed(month: 4, day: 29), years: 1949...1988),
            national("Greenery Day", .fixed(month: 4, day: 29), years: 1989...2006),
            national("Showa Day", .fixed(month: 4, day: 29), years: 2007...9999),
            national("Constitution Memorial Day", .fixed(month: 5, day: 3)),
            national("Greenery Day", .fixed(month: 5, day: 4), years: 2007...9999),
            national("Children's Day", .fixed(month: 5, day: 5)),
            national("Marine Day", .fixed(month: 7, day: 20), years: 1996...2002),
            national("Marine Day", .nthWeekday(month: 7, weekday: mon, n: 3), years: 2003...2019),
            national("Marine Day", .fixed(month: 7, day: 23), years: 2020...2020),
            national("Marine Day", .fixed(month: 7, day: 22), years: 2021...2021),
            national("Marine Day", .nthWeekday(month: 7, weekday: mon, n: 3), years: 2022...9999),
            national("Mountain Day", .fixed(month: 8, day: 11), years: 2016...2019),
            national("Mountain Day", .fixed(month: 8, day: 10), years: 2020...2020),
            national("Mountain Day", .fixed(month: 8, day: 8), years: 2021...2021),
            national("Mountain Day", .fixed(month: 8, day: 11), years: 2022...9999),
            national("Respect for the Aged Day", .fixed(month: 9, day: 15), years: 1966...2002),
            national("Respect for the Aged Day", .nthWeekday(month: 9, weekday: mon, n: 3), years: 2003...9999),
            national("Autumnal Equinox Day", .japaneseAutumnalEquinox),
            national("Health and Sports Day", .fixed(month: 10, day: 10), years: 1966...1999),
            national("Health and Sports Day", .nthWeekday(month: 10, weekday: mon, n: 2), years: 2000...2019),
            national("Sports Day", .fixed(month: 7, day: 24), years: 2020...2020),
            national("Sports Day", .fixed(month: 7, day: 23), years: 2021...2021),
            national("Sports Day", .nthWeekday(month: 10, weekday: mon, n: 2), years: 2022...9999),
            national("Culture Day", .fixed(month: 11, day: 3)),
            national("Labour Thanksgiving Day", .fixed(month: 11, day: 23)),
            national("Emperor's Birthday", .fixed(month: 12, day: 23), years: 1989...2018),
            // Holidays by special acts: they count as national holidays for the bridge rule.
            national("Enthronement Ceremony of Emperor Akihito", .fixed(month: 11, day: 12), years: 1990...1990),
            national("Wedding of Crown Prince Naruhito", .fixed(month: 6, day: 9), years: 1993...1993),
            national("Accession of Emperor Naruhito", .fixed(month: 5, day: 1), years: 2019...2019),
            national("Enthronement Ceremony of Emperor Naruhito", .fixed(month: 10, day: 22), years: 2019...2019),
            // The exchange's own year-end holidays.
            .exchangeClosure("Year-end holiday", .fixed(month: 12, day: 31)),
            .exchangeClosure("New Year holiday", .fixed(month: 1, day: 2)),
            .exchangeClosure("New Year holiday", .fixed(month: 1, day: 3)),
        ],
        oneOffs: [
            OneOffDay(
                "2020-10-01", "Trading suspended (arrowhead system failure)",
                source: "JPX news release 2020-10-01 / investigation report 2020-10-19: all-day halt")
        ],
        bridgeDays: (years: 1986...9999, name: "Citizen's Holiday"),
        substituteSuffix: " (substitute holiday)",
        notModelled: """
            Partial-day halts are not modelled. Equinox days follow the standard approximation, \
            which matches every day the Cabinet Office has announced so far.
            """)
}
