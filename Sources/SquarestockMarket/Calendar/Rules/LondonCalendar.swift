/// London Stock Exchange: the England and Wales bank holidays (Banking and Financial Dealings
/// Act 1971 and the yearly proclamations), with the royal and anniversary moves, and the 12:30
/// half days on Christmas Eve and New Year's Eve.
///
/// Sources: UK government bank-holiday proclamations (gov.uk/bank-holidays and the London
/// Gazette), LSE "Business days" notices. Exact from 1990.
package enum LondonCalendar {
    static let weekend: Set<Int> = [Weekday.sat, Weekday.sun]

    package static let rules = CalendarRules(
        rules: [
            .holiday("New Year's Day", .fixed(month: 1, day: 1), observance: .weekendToMonday, years: 1974...9999),
            .holiday("Good Friday", .easter(offset: -2)),
            .holiday("Easter Monday", .easter(offset: 1)),
            // Early May: first Monday of May from 1978; moved to VE Day in 1995 and 2020 (one-offs).
            .holiday("Early May bank holiday", .nthWeekday(month: 5, weekday: Weekday.mon, n: 1), years: 1978...1994),
            .holiday("Early May bank holiday", .nthWeekday(month: 5, weekday: Weekday.mon, n: 1), years: 1996...2019),
            .holiday("Early May bank holiday", .nthWeekday(month: 5, weekday: Weekday.mon, n: 1), years: 2021...9999),
            // Spring: last Monday of May; moved for the Golden (2002), Diamond (2012) and Platinum
            // (2022) Jubilees (one-offs).
            .holiday("Spring bank holiday", .lastWeekday(month: 5, weekday: Weekday.mon), years: 1971...2001),
            .holiday("Spring bank holiday", .lastWeekday(month: 5, weekday: Weekday.mon), years: 2003...2011),
            .holiday("Spring bank holiday", .lastWeekday(month: 5, weekday: Weekday.mon), years: 2013...2021),
            .holiday("Spring bank holiday", .lastWeekday(month: 5, weekday: Weekday.mon), years: 2023...9999),
            .holiday("Summer bank holiday", .lastWeekday(month: 8, weekday: Weekday.mon), years: 1971...9999),
            // Christmas and Boxing Day on a weekend: substitute days on the next free weekdays.
            .holiday("Christmas Day", .fixed(month: 12, day: 25), observance: .substitute(on: weekend)),
            .holiday("Boxing Day", .fixed(month: 12, day: 26), observance: .substitute(on: weekend)),
            // Half days: the last business day before Christmas and before New Year.
            .earlyClose("Christmas Eve", .fixed(month: 12, day: 24), observance: .previousWeekday),
            .earlyClose("New Year's Eve", .fixed(month: 12, day: 31), observance: .previousWeekday),
        ],
        oneOffs: [
            OneOffDay(
                "1995-05-08", "VE Day 50th anniversary (Early May bank holiday moved)",
                source: "Royal proclamation 1994: Early May bank holiday moved from 1 May to 8 May 1995"),
            OneOffDay(
                "1999-12-31", "Millennium bank holiday",
                source: "Royal proclamation 1998: additional bank holiday 31 December 1999"),
            OneOffDay(
                "2002-06-03", "Spring bank holiday (Golden Jubilee)",
                source: "Royal proclamation 2001: Spring bank holiday moved to 4 June, Jubilee holiday 3 June 2002"),
            OneOffDay(
                "2002-06-04", "Golden Jubilee bank holiday",
                source: "Royal proclamation 2001: Spring bank holiday moved to 4 June, Jubilee holiday 3 June 2002"),
            OneOffDay(
                "2011-04-29", "Royal wedding (Prince William and Catherine Middleton)",
                source: "Royal proclamation 2010: additional bank holiday 29 April 2011"),
            OneOffDay(
                "2012-06-04", "Spring bank holiday (Diamond Jubilee)",
                source: "Royal proclamation 2011: Spring bank holiday moved to 4 June, Jubilee holiday 5 June 2012"),
            OneOffDay(
                "2012-06-05", "Diamond Jubilee bank holiday",
                source: "Royal proclamation 2011: Spring bank holiday moved to 4 June, Jubilee holiday 5 June 2012"),
            OneOffDay(
                "2020-05-08", "Early May bank holiday (VE Day 75th anniversary)",
                source: "Royal proclamation 2019: Early May bank holiday moved from 4 May to 8 May 2020"),
            OneOffDay(
                "2022-06-02", "Spring bank holiday (Platinum Jubilee)",
                source: "Royal proclamation 2021: Spring bank holiday moved to 2 June, Jubilee holiday 3 June 2022"),
            OneOffDay(
                "2022-06-03", "Platinum Jubilee bank holiday",
                source: "Royal proclamation 2021: Spring bank holiday moved to 2 June, Jubilee holiday 3 June 2022"),
            OneOffDay(
                "2022-09-19", "State Funeral of Queen Elizabeth II",
                source: "Royal proclamation and LSE notice, 12 September 2022"),
            OneOffDay(
                "2023-05-08", "Coronation of King Charles III",
                source: "Royal proclamation 2022: additional bank holiday 8 May 2023"),
        ],
        earlyCloseEras: [(from: .ymd(1900, 1, 1), minute: 12 * 60 + 30)],
        substituteSuffix: " (substitute day)",
        notModelled: """
            Unscheduled market halts (e.g. LSE technical outages of 2000-04-05 and 2008-09-08) \
            are not modelled; the 12:30 half days are assumed for every year.
            """)
}
