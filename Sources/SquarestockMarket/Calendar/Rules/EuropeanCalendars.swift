/// Continental European exchanges: Xetra (Frankfurt), Euronext (Paris, Amsterdam), SIX Swiss.
///
/// Sources: Deutsche Börse "Trading calendar" notices (Xetra), Euronext "Trading calendar and
/// hours" notices, SIX Swiss Exchange "Trading and settlement calendar". Exact from 2000 for
/// Euronext and SIX and from 2010 for Xetra's year-end early close.
package enum EuropeanCalendars {
    package static let xetra = CalendarRules(
        rules: [
            .holiday("New Year's Day", .fixed(month: 1, day: 1)),
            .holiday("Good Friday", .easter(offset: -2)),
            .holiday("Easter Monday", .easter(offset: 1)),
            .holiday("Labour Day", .fixed(month: 5, day: 1)),
            // Whit Monday and German Unity Day were non-trading days only in these years; trading
            // resumed on both from 2022.
            .holiday("Whit Monday", .easter(offset: 50), years: 2015...2021),
            .holiday("Day of German Unity", .fixed(month: 10, day: 3), years: 2014...2021),
            .holiday("Christmas Eve", .fixed(month: 12, day: 24)),
            .holiday("Christmas Day", .fixed(month: 12, day: 25)),
            .holiday("Boxing Day", .fixed(month: 12, day: 26)),
            .holiday("New Year's Eve", .fixed(month: 12, day: 31)),
            // The last trading day before New Year's Eve closes at 14:00.
            .earlyClose(
                "Last trading day of the year", .fixed(month: 12, day: 30), observance: .previousWeekday,
                years: 2010...9999, atMinute: 14 * 60),
        ],
        oneOffs: [
            OneOffDay("2007-05-28", "Whit Monday", source: "Deutsche Börse trading calendar 2007"),
            OneOffDay(
                "2017-10-31", "Reformation Day (500th anniversary)", source: "Deutsche Börse trading calendar 2017"),
        ],
        notModelled: """
            Before 2010 no year-end early close is modelled; the close of the last trading day is \
            decided each December and the 14:00 rule is assumed thereafter.
            """)

    /// Euronext Paris and Amsterdam (Brussels and Lisbon share the calendar).
    package static let euronext = CalendarRules(
        rules: [
            .holiday("New Year's Day", .fixed(month: 1, day: 1)),
            .holiday("Good Friday", .easter(offset: -2)),
            .holiday("Easter Monday", .easter(offset: 1)),
            .holiday("Labour Day", .fixed(month: 5, day: 1)),
            .holiday("Christmas Day", .fixed(month: 12, day: 25)),
            .holiday("Boxing Day", .fixed(month: 12, day: 26)),
            .earlyClose("Christmas Eve", .fixed(month: 12, day: 24), onlyOn: Weekday.workdays),
            .earlyClose("New Year's Eve", .fixed(month: 12, day: 31), onlyOn: Weekday.workdays),
        ],
        earlyCloseEras: [(from: .ymd(1900, 1, 1), minute: 14 * 60 + 5)],
        notModelled: """
            Pre-2000 national holidays of the merged exchanges (Ascension, Whit Monday, Bastille \
            Day, Queen's Day) are not modelled; the 14:05 half days are assumed for every year.
            """)

    package static let six = CalendarRules(
        rules: [
            .holiday("New Year's Day", .fixed(month: 1, day: 1)),
            .holiday("Berchtold's Day", .fixed(month: 1, day: 2)),
            .holiday("Good Friday", .easter(offset: -2)),
            .holiday("Easter Monday", .easter(offset: 1)),
            .holiday("Labour Day", .fixed(month: 5, day: 1)),
            .holiday("Ascension Day", .easter(offset: 39)),
            .holiday("Whit Monday", .easter(offset: 50)),
            .holiday("Swiss National Day", .fixed(month: 8, day: 1)),
            .holiday("Christmas Eve", .fixed(month: 12, day: 24)),
            .holiday("Christmas Day", .fixed(month: 12, day: 25)),
            .holiday("St. Stephen's Day", .fixed(month: 12, day: 26)),
            .holiday("New Year's Eve", .fixed(month: 12, day: 31)),
        ],
        notModelled: "SIX has no regular half days; one-off closures are not listed.")
}
