import SquarestockCore

/// Hong Kong Exchanges (securities market): Hong Kong general holidays, lunar dates from ICU's
/// Chinese calendar, Ching Ming from the Qingming solar term, half days, and one-off closures.
///
/// Substitutes: a general holiday on a Sunday moves to the next day that is not a holiday
/// (General Holidays Ordinance, Cap. 149); Lunar New Year has its own rule (the fourth day when
/// one of the first three is a Sunday; before 2013, the eve when New Year's Day was a Saturday).
/// Half days (morning session only): Lunar New Year's Eve, Christmas Eve and New Year's Eve on
/// weekdays. Sources: HKSAR Government general-holiday gazettes (gov.hk/en/about/abouthk/
/// holiday), HKEX "Trading Calendar and Holiday Schedule" circulars and severe-weather notices.
/// Modelled from 1998 (after the 1997 handover holidays).
package enum HongKongCalendar {
    static let sunday: Set<Int> = [Weekday.sun]

    static func general(
        _ name: String, _ rule: DateRule, offsetDays: Int = 0,
        years: ClosedRange<Int> = 1900...9999
    ) -> HolidayRule {
        .holiday(name, rule, offsetDays: offsetDays, observance: .substitute(on: sunday), years: years)
    }

    static func lunarNewYear(_ year: Int) -> CivilDate? {
        LunisolarCalendar.gregorianDate(lunarYearStartingIn: year, month: 1, day: 1)
    }

    /// The fourth day of Lunar New Year when it substitutes for a Sunday among the first three.
    static func lunarNewYearFourthDay(_ year: Int) -> CivilDate? {
        guard let first = lunarNewYear(year) else { return nil }
        let sundayAmongFirstThree = (0..<3).contains { first.adding(days: $0).isoWeekday == Weekday.sun }
        if year >= 2013 { return sundayAmongFirstThree ? first.adding(days: 3) : nil }
        return first.isoWeekday == Weekday.sun ? first.adding(days: 3) : nil
    }

    static let weather = "HKEX severe weather notice: trading cancelled for the whole day"

    package static let rules = CalendarRules(
        rules: [
            general("The first day of January", .fixed(month: 1, day: 1)),
            .holiday("Lunar New Year's Day", .chineseLunar(month: 1, day: 1)),
            .holiday("The second day of Lunar New Year", .chineseLunar(month: 1, day: 1), offsetDays: 1),
            .holiday("The third day of Lunar New Year", .chineseLunar(month: 1, day: 1), offsetDays: 2),
            .holiday("The fourth day of Lunar New Year", .computed(lunarNewYearFourthDay)),
            .holiday(
                "Lunar New Year's Eve", .chineseLunar(month: 1, day: 1), offsetDays: -1, years: 1900...2012,
                onlyOn: [Weekday.fri]),
            .holiday("Good Friday", .easter(offset: -2)),
            .holiday("Easter Monday", .easter(offset: 1)),
            general("Ching Ming Festival", .solarLongitude(degrees: 15, utcOffsetHours: 8)),
            general("Labour Day", .fixed(month: 5, day: 1), years: 1999...9999),
            general("The Birthday of the Buddha", .chineseLunar(month: 4, day: 8), years: 1999...9999),
            general("Tuen Ng Festival", .chineseLunar(month: 5, day: 5)),
            general(
                "Hong Kong Special Administrative Region Establishment Day", .fixed(month: 7, day: 1),
                years: 1997...9999),
            general("National Day", .fixed(month: 10, day: 1), years: 1997...9999),
            general(
                "The day following the Chinese Mid-Autumn Festival", .chineseLunar(month: 8, day: 15), offsetDays: 1),
            general("Chung Yeung Festival", .chineseLunar(month: 9, day: 9)),
            general("Christmas Day", .fixed(month: 12, day: 25)),
            general("The first weekday after Christmas Day", .fixed(month: 12, day: 26)),
            // Half days: 12:00 (12:30 before the 2011-03-07 hours change), see earlyCloseEras.
            .earlyClose(
                "Lunar New Year's Eve", .chineseLunar(month: 1, day: 1), offsetDays: -1, onlyOn: Weekday.workdays),
            .earlyClose("Christmas Eve", .fixed(month: 12, day: 24), onlyOn: Weekday.workdays),
            .earlyClose("New Year's Eve", .fixed(month: 12, day: 31), onlyOn: Weekday.workdays),
        ],
        oneOffs: [
            OneOffDay("1999-12-31", "Millennium (Y2K) closure", source: "HKEx notice, December 1999"),
            OneOffDay("1999-09-16", "Typhoon York", source: weather),
            OneOffDay("2001-07-06", "Typhoon Utor", source: weather),
            OneOffDay("2001-07-25", "Typhoon Yutu", source: weather),
            OneOffDay("2008-08-06", "Typhoon Kammuri", source: weather),
            OneOffDay("2008-08-22", "Typhoon Nuri", source: weather),
            OneOffDay("2011-09-29", "Typhoon Nesat", source: weather),
            OneOffDay("2013-08-14", "Typhoon Utor", source: weather),
            OneOffDay(
                "2015-09-03", "70th anniversary of the victory of the Chinese people's war of resistance",
                source: "HKSAR Government gazette: additional general holiday 3 September 2015"),
            OneOffDay("2016-08-02", "Typhoon Nida", source: weather),
            OneOffDay("2016-10-21", "Typhoon Haima", source: weather),
            OneOffDay("2017-08-23", "Typhoon Hato", source: weather),
            OneOffDay("2020-10-13", "Tropical storm Nangka", source: weather),
            OneOffDay("2021-10-13", "Typhoon Kompasu", source: weather),
            OneOffDay("2023-07-17", "Typhoon Talim", source: weather),
            OneOffDay("2023-09-01", "Typhoon Saola", source: weather),
            OneOffDay("2023-09-08", "Black rainstorm", source: weather),
            OneOffDay("2024-09-06", "Typhoon Yagi", source: weather),
        ],
        earlyCloseEras: [(from: .ymd(1900, 1, 1), minute: 12 * 60 + 30), (from: .ymd(2011, 3, 7), minute: 12 * 60)],
        notModelled: """
            Morning-only or afternoon-only weather cancellations are not modelled, and the list of \
            whole-day weather closures may be incomplete before 2016; since 2024-09-23 HKEX trades \
            through typhoons and black rainstorms. Pre-1998 colonial holidays are not modelled.
            """)
}
