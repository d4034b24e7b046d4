/// Singapore, ASX and Toronto: weekends plus the main rule-based holidays only. What each one
/// leaves out is stated in its `notModelled`; on those days the status can read `delayed`
/// rather than `closed (holiday)`.
package enum OtherCalendars {
    static let sunday: Set<Int> = [Weekday.sun]
    static let weekend: Set<Int> = [Weekday.sat, Weekday.sun]
    static let mom = "Ministry of Manpower, public holidays gazetted for the year"

    /// Singapore Exchange (securities). Sources: Ministry of Manpower public-holiday gazettes,
    /// SGX "Trading calendar" notices.
    package static let singapore = CalendarRules(
        rules: [
            .holiday("New Year's Day", .fixed(month: 1, day: 1), observance: .substitute(on: sunday)),
            .holiday("Chinese New Year", .chineseLunar(month: 1, day: 1), observance: .substitute(on: sunday)),
            .holiday(
                "Chinese New Year (second day)", .chineseLunar(month: 1, day: 1), offsetDays: 1,
                observance: .substitute(on: sunday)),
            .holiday("Good Friday", .easter(offset: -2)),
            .holiday("Labour Day", .fixed(month: 5, day: 1), observance: .substitute(on: sunday)),
            .holiday("National Day", .fixed(month: 8, day: 9), observance: .substitute(on: sunday)),
            .holiday("Christmas Day", .fixed(month: 12, day: 25), observance: .substitute(on: sunday)),
            .earlyClose(
                "Chinese New Year's Eve", .chineseLunar(month: 1, day: 1), offsetDays: -1,
                onlyOn: Weekday.workdays),
            .earlyClose("Christmas Eve", .fixed(month: 12, day: 24), onlyOn: Weekday.workdays),
            .earlyClose("New Year's Eve", .fixed(month: 12, day: 31), onlyOn: Weekday.workdays),
        ],
        // The holidays set each year by the Ministry of Manpower, as gazetted (a Sunday holiday
        // moves to the Monday; a Saturday one has no weekday to close).
        oneOffs: [
            OneOffDay("2025-03-31", "Hari Raya Puasa", source: mom),
            OneOffDay("2025-05-12", "Vesak Day", source: mom),
            OneOffDay("2025-10-20", "Deepavali", source: mom),
            OneOffDay("2026-05-27", "Hari Raya Haji", source: mom),
            OneOffDay("2026-06-01", "Vesak Day (observed)", source: mom),
            OneOffDay("2026-11-09", "Deepavali (observed)", source: mom),
        ],
        earlyCloseEras: [(from: .ymd(1900, 1, 1), minute: 12 * 60)],
        notModelled: """
            Not modelled: Hari Raya Puasa, Hari Raya Haji, Vesak Day and Deepavali outside the \
            years gazetted here (2025 and 2026; their dates are set yearly), polling days and other \
            one-offs, and the pre-2016 midday break.
            """)

    /// ASX (equities). Sources: ASX "Trading calendar" notices, NSW public-holiday gazettes.
    package static let asx = CalendarRules(
        rules: [
            .holiday("New Year's Day", .fixed(month: 1, day: 1), observance: .weekendToMonday),
            .holiday("Australia Day", .fixed(month: 1, day: 26), observance: .weekendToMonday),
            .holiday("Good Friday", .easter(offset: -2)),
            .holiday("Easter Monday", .easter(offset: 1)),
            .holiday("Anzac Day", .fixed(month: 4, day: 25)),
            .holiday("King's Birthday", .nthWeekday(month: 6, weekday: Weekday.mon, n: 2)),
            .holiday("Christmas Day", .fixed(month: 12, day: 25), observance: .substitute(on: weekend)),
            .holiday("Boxing Day", .fixed(month: 12, day: 26), observance: .substitute(on: weekend)),
            .earlyClose("Last trading day before Christmas", .fixed(month: 12, day: 24), observance: .previousWeekday),
            .earlyClose("Last trading day of the year", .fixed(month: 12, day: 31), observance: .previousWeekday),
        ],
        earlyCloseEras: [(from: .ymd(1900, 1, 1), minute: 14 * 60 + 10)],
        notModelled: """
            Not modelled: one-off closures, Anzac Day substitutes in years the exchange announced \
            them, and the staggered open (10:00-10:09:45) and closing single-price auction (to 16:12).
            """)

    /// Toronto Stock Exchange. Sources: TMX "Market hours and holidays" notices, Ontario
    /// Employment Standards Act holiday list.
    package static let tsx = CalendarRules(
        rules: [
            .holiday("New Year's Day", .fixed(month: 1, day: 1), observance: .weekendToMonday),
            .holiday("Family Day", .nthWeekday(month: 2, weekday: Weekday.mon, n: 3), years: 2008...9999),
            .holiday("Good Friday", .easter(offset: -2)),
            .holiday("Victoria Day", .weekdayOnOrBefore(month: 5, day: 24, weekday: Weekday.mon)),
            .holiday("Canada Day", .fixed(month: 7, day: 1), observance: .weekendToMonday),
            .holiday("Civic Holiday", .nthWeekday(month: 8, weekday: Weekday.mon, n: 1)),
            .holiday("Labour Day", .nthWeekday(month: 9, weekday: Weekday.mon, n: 1)),
            .holiday("Thanksgiving Day", .nthWeekday(month: 10, weekday: Weekday.mon, n: 2)),
            .holiday("Christmas Day", .fixed(month: 12, day: 25), observance: .substitute(on: weekend)),
            .holiday("Boxing Day", .fixed(month: 12, day: 26), observance: .substitute(on: weekend)),
            .earlyClose("Christmas Eve", .fixed(month: 12, day: 24), years: 2010...9999, onlyOn: Weekday.workdays),
        ],
        earlyCloseEras: [(from: .ymd(1900, 1, 1), minute: 13 * 60)],
        notModelled: """
            Not modelled: one-off closures (e.g. national days of mourning) and New Year's Eve \
            half days in the years TMX announced them.
            """)
}
