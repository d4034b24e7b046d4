/// NYSE holidays and early closes, shared by every US equity venue in the registry (NYSE,
/// Nasdaq, NYSE American, NYSE Arca, Cboe BZX and the `US` group).
///
/// Sources: NYSE Rule 7.2 holiday notices and the NYSE "Holidays and Trading Hours" pages
/// (current rules); the NYSE historical closings list (closings.pdf) for pre-2000 early closes
/// and one-off closures; SEC/NYSE press releases for the days of mourning and storms. Exact from
/// 1990; earlier years follow the same rules (MLK Day from 1998, Juneteenth from 2022; Washington's
/// Birthday and Memorial Day on their fixed dates before 1971) and the one-off table does not reach
/// before 1990.
package enum NYSECalendar {
    static let mon = Weekday.mon, tue = Weekday.tue, wed = Weekday.wed, thu = Weekday.thu, fri = Weekday.fri

    package static let rules = CalendarRules(
        rules: [
            // New Year's Day: Sunday -> Monday; Saturday is not observed on Friday Dec 31
            // (NYSE Rule 7.2: the year-end trading day is kept).
            .holiday("New Year's Day", .fixed(month: 1, day: 1), observance: .sundayToMonday),
            .holiday("Martin Luther King Jr. Day", .nthWeekday(month: 1, weekday: mon, n: 3), years: 1998...9999),
            // Until the Uniform Monday Holiday Act (1971), Washington's Birthday was 22 February
            // and Memorial Day 30 May, a Sunday one kept on the Monday.
            .holiday(
                "Washington's Birthday", .fixed(month: 2, day: 22), observance: .sundayToMonday, years: 1900...1970),
            .holiday("Washington's Birthday", .nthWeekday(month: 2, weekday: mon, n: 3), years: 1971...9999),
            .holiday("Good Friday", .easter(offset: -2)),
            .holiday("Memorial Day", .fixed(month: 5, day: 30), observance: .sundayToMonday, years: 1900...1970),
            .holiday("Memorial Day", .lastWeekday(month: 5, weekday: mon), years: 1971...9999),
            .holiday(
                "Juneteenth National Independence Day", .fixed(month: 6, day: 19), observance: .nearestWeekday,
                years: 2022...9999),
            .holiday("Independence Day", .fixed(month: 7, day: 4), observance: .nearestWeekday),
            .holiday("Labor Day", .nthWeekday(month: 9, weekday: mon, n: 1)),
            .holiday("Thanksgiving Day", .nthWeekday(month: 11, weekday: thu, n: 4), years: 1942...9999),
            .holiday("Christmas Day", .fixed(month: 12, day: 25), observance: .nearestWeekday),

            // Early closes (13:00 from 1993, 14:00 before; see earlyCloseEras).
            .earlyClose("Independence Day eve", .fixed(month: 7, day: 3), years: 1995...9999, onlyOn: [mon, tue, thu]),
            .earlyClose("Independence Day eve", .fixed(month: 7, day: 3), years: 2013...9999, onlyOn: [wed]),
            .earlyClose("Day after Independence Day", .fixed(month: 7, day: 5), years: 1995...2012, onlyOn: [fri]),
            .earlyClose(
                "Day after Thanksgiving", .nthWeekday(month: 11, weekday: thu, n: 4), offsetDays: 1,
                years: 1992...9999),
            .earlyClose("Christmas Eve", .fixed(month: 12, day: 24), onlyOn: [mon, tue, wed, thu]),
        ],
        oneOffs: [
            OneOffDay(
                "1994-04-27", "National Day of Mourning for President Nixon",
                source: "NYSE closure notice, April 1994 (Presidential proclamation)"),
            OneOffDay(
                "1997-12-26", "Day after Christmas", .earlyClose(atMinute: 13 * 60),
                source: "NYSE notice: 1:00 p.m. close on Friday, December 26, 1997"),
            OneOffDay(
                "1999-12-31", "New Year's Eve 1999", .earlyClose(atMinute: 13 * 60),
                source: "NYSE notice: 1:00 p.m. close on Friday, December 31, 1999 (Y2K)"),
            OneOffDay("2001-09-11", "September 11 attacks", source: "NYSE closure, Sep 11-14, 2001; reopened Sep 17"),
            OneOffDay("2001-09-12", "September 11 attacks", source: "NYSE closure, Sep 11-14, 2001; reopened Sep 17"),
            OneOffDay("2001-09-13", "September 11 attacks", source: "NYSE closure, Sep 11-14, 2001; reopened Sep 17"),
            OneOffDay("2001-09-14", "September 11 attacks", source: "NYSE closure, Sep 11-14, 2001; reopened Sep 17"),
            OneOffDay(
                "2003-12-26", "Day after Christmas", .earlyClose(atMinute: 13 * 60),
                source: "NYSE notice: 1:00 p.m. close on Friday, December 26, 2003"),
            OneOffDay(
                "2004-06-11", "National Day of Mourning for President Reagan",
                source: "NYSE closure notice, June 2004"),
            OneOffDay(
                "2007-01-02", "National Day of Mourning for President Ford",
                source: "NYSE closure notice, December 2006"),
            OneOffDay("2012-10-29", "Hurricane Sandy", source: "NYSE closure notice, October 28, 2012"),
            OneOffDay("2012-10-30", "Hurricane Sandy", source: "NYSE closure notice, October 29, 2012"),
            OneOffDay(
                "2018-12-05", "National Day of Mourning for President George H. W. Bush",
                source: "NYSE closure notice, December 2018"),
            OneOffDay(
                "2025-01-09", "National Day of Mourning for President Carter",
                source: "NYSE closure notice, December 2024"),
        ],
        earlyCloseEras: [(from: .ymd(1900, 1, 1), minute: 14 * 60), (from: .ymd(1993, 1, 1), minute: 13 * 60)],
        // A holiday moved off a weekend: Friday 2026-07-03 is Independence Day (observed).
        substituteSuffix: " (observed)",
        notModelled: """
            Unscheduled intraday events: circuit-breaker halts (e.g. 1997-10-27, trading halted at \
            15:30), weather late opens, and exchange outages (NYSE 2015-07-08) are not sessions in \
            the notices and are not modelled. Before 1990 only the current rules apply, with \
            Washington's Birthday and Memorial Day on their fixed dates before 1971 (no Election \
            Day closures, no historical one-offs). Nasdaq shares NYSE's calendar.
            """)
}
