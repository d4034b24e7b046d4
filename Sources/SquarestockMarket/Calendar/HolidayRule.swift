import SquarestockCore

/// One line of an exchange's holiday rules: how the day is found, how a weekend moves it, in
/// which years it applies and what it does (closure or early close).
///
/// Rules are data: `CalendarRules` resolves a year's list into concrete days, so each exchange's
/// calendar reads like its published rulebook.
package struct HolidayRule: Sendable {
    package var name: String
    package var date: DateRule
    /// Days added to the rule's date before observance (the day after Thanksgiving is +1).
    package var offsetDays: Int
    package var observance: Observance
    /// Gregorian years in which the rule applies (by the year of the rule's own date).
    package var years: ClosedRange<Int>
    /// ISO weekdays the observed day must fall on for the rule to apply (NYSE closes early on
    /// Christmas Eve only Monday-Thursday); nil for any day.
    package var onlyOn: Set<Int>?
    package var effect: RuleEffect
    /// Whether the day counts as a public holiday for bridge-day rules (Japan's citizen's holiday)
    /// and blocks substitutes. Exchange-only closures (Tokyo's Jan 2-3 and Dec 31) do not.
    package var isPublicHoliday: Bool

    package init(
        _ name: String, _ date: DateRule, offsetDays: Int = 0, observance: Observance = .none,
        years: ClosedRange<Int> = 1900...9999, onlyOn: Set<Int>? = nil, effect: RuleEffect = .closed,
        isPublicHoliday: Bool = true
    ) {
        self.name = name
        self.date = date
        self.offsetDays = offsetDays
        self.observance = observance
        self.years = years
        self.onlyOn = onlyOn
        self.effect = effect
        self.isPublicHoliday = isPublicHoliday
    }

    /// A closure on the given date rule.
    package static func holiday(
        _ name: String, _ date: DateRule, offsetDays: Int = 0, observance: Observance = .none,
        years: ClosedRange<Int> = 1900...9999, onlyOn: Set<Int>? = nil
    ) -> HolidayRule {
        HolidayRule(name, date, offsetDays: offsetDays, observance: observance, years: years, onlyOn: onlyOn)
    }

    /// A day the exchange closes although it is no public holiday (Tokyo's Jan 2).
    package static func exchangeClosure(
        _ name: String, _ date: DateRule, offsetDays: Int = 0,
        years: ClosedRange<Int> = 1900...9999, onlyOn: Set<Int>? = nil
    ) -> HolidayRule {
        HolidayRule(name, date, offsetDays: offsetDays, years: years, onlyOn: onlyOn, isPublicHoliday: false)
    }

    /// An early close (half day) on the given date rule.
    package static func earlyClose(
        _ name: String, _ date: DateRule, offsetDays: Int = 0, observance: Observance = .none,
        years: ClosedRange<Int> = 1900...9999, onlyOn: Set<Int>? = nil,
        atMinute: Int? = nil
    ) -> HolidayRule {
        HolidayRule(
            name, date, offsetDays: offsetDays, observance: observance, years: years, onlyOn: onlyOn,
            effect: .earlyClose(atMinute: atMinute), isPublicHoliday: false)
    }

    /// The rule's own date in `year` (before observance), or nil outside its years.
    func rawDate(in year: Int) -> CivilDate? {
        guard years.contains(year), let d = date.date(in: year) else { return nil }
        return offsetDays == 0 ? d : d.adding(days: offsetDays)
    }
}

/// A day the exchange announced individually: a national day of mourning, a storm, a royal
/// wedding, a one-off half day. Overrides every rule on its date.
package struct OneOffDay: Sendable, Hashable {
    package enum Effect: Sendable, Hashable {
        case closed
        /// Early close at a local minute of the day.
        case earlyClose(atMinute: Int)
        /// A session with unusual hours (late open, shortened day), local minutes.
        case hours(openMinute: Int, closeMinute: Int)
        /// A regular session although a rule would close the day.
        case regular
    }

    package var date: CivilDate
    package var name: String
    package var effect: Effect
    /// Where the day comes from: the exchange notice or announcement.
    package var source: String

    package init(_ date: CivilDate, _ name: String, _ effect: Effect = .closed, source: String) {
        self.date = date
        self.name = name
        self.effect = effect
        self.source = source
    }

    /// Parses `yyyy-MM-dd`; only used on the literals of the calendar tables.
    package init(_ iso: String, _ name: String, _ effect: Effect = .closed, source: String) {
        let p = iso.split(separator: "-").map { Int($0) ?? 0 }
        self.init(CivilDate(year: p[0], month: p[1], day: p[2]), name, effect, source: source)
    }
}
