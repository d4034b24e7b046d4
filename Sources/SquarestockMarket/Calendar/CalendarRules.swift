import SquarestockCore

/// A resolved non-regular day: what the rules and the one-off table say about one date.
package enum SpecialDay: Sendable, Hashable {
    case closed(name: String)
    case earlyClose(name: String, closeMinute: Int)
    /// Unusual hours from the one-off table (late open, shortened day).
    case hours(name: String, openMinute: Int, closeMinute: Int)
    /// A one-off regular session on a day a rule would have closed.
    case regular(name: String)

    package var name: String {
        switch self {
        case .closed(let n), .earlyClose(let n, _), .hours(let n, _, _), .regular(let n): return n
        }
    }
}

/// Everything that makes an exchange's days irregular: holiday and early-close rules, the
/// one-off table, the usual early-close time per era and, for Japan, the bridge-day law.
///
/// `specialDays(in:)` resolves one year into concrete dates. Resolution order:
/// 1. closures whose observance is not a substitute, at their observed dates;
/// 2. substitute-type closures that fall on an allowed day that is still free;
/// 3. the remaining substitute-type closures, in rule order, rolled forward to the next free day;
/// 4. bridge days (a non-Sunday day between two public holidays), where configured;
/// 5. exchange-only closures (never moving public holidays);
/// 6. early closes on days still open (the earliest wins);
/// 7. the one-off table, which overrides all of the above.
package struct CalendarRules: Sendable {
    package var rules: [HolidayRule]
    package var oneOffs: [OneOffDay]
    /// The usual early-close minute, by the date it applies from (NYSE: 14:00 before 1993, then 13:00).
    package var earlyCloseEras: [(from: CivilDate, minute: Int)]
    /// Years in which a day between two public holidays is itself a holiday, and its name.
    package var bridgeDays: (years: ClosedRange<Int>, name: String)?
    /// ISO weekdays without trading.
    package var weekend: Set<Int>
    /// What the rules do not model, for the documentation and `--calendar` output.
    package var notModelled: String
    /// Added to the name of a holiday rolled forward to a free day, where the country names it
    /// so: Tokyo's 2026-05-06 is a substitute holiday, not Constitution Memorial Day itself
    /// (the Sunday before); London's 2021-12-27 is "Christmas Day (substitute day)".
    package var substituteSuffix = ""
    /// Hours that narrow the regular ones on a given ISO weekday, in the calendar's clock: FX's
    /// week opens Sunday 17:00 and closes Friday 17:00 in New York.
    package var weekdayHours: [Int: (open: Int, close: Int)] = [:]
    /// The zone the sessions are kept in when it is not the exchange's own: FX quotes carry
    /// London times, but its week turns at 17:00 in New York.
    package var sessionZone: String? = nil

    /// The FX market: around the clock from Sunday 17:00 to Friday 17:00, New York time (the
    /// interbank convention), Saturday closed. Holidays are not modelled.
    package static let fx: CalendarRules = {
        var r = CalendarRules(
            rules: [], weekend: [Weekday.sat],
            notModelled: "Not modelled: the thin trading of Christmas and New Year's Day (FX never closes for them).")
        r.weekdayHours = [Weekday.sun: (17 * 60, 24 * 60), Weekday.fri: (0, 17 * 60)]
        r.sessionZone = "America/New_York"
        return r
    }()

    package init(
        rules: [HolidayRule], oneOffs: [OneOffDay] = [], earlyCloseEras: [(from: CivilDate, minute: Int)] = [],
        bridgeDays: (years: ClosedRange<Int>, name: String)? = nil, weekend: Set<Int> = [6, 7],
        substituteSuffix: String = "", notModelled: String = ""
    ) {
        self.substituteSuffix = substituteSuffix
        self.rules = rules
        self.oneOffs = oneOffs
        self.earlyCloseEras = earlyCloseEras
        self.bridgeDays = bridgeDays
        self.weekend = weekend
        self.notModelled = notModelled
    }

    /// No holidays at all (crypto, or a venue without a calendar): only the weekend rule applies.
    package static let weekendsOnly = CalendarRules(rules: [])
    package static let everyDay = CalendarRules(rules: [], weekend: [])

    /// The usual early close on a date, if the exchange has one.
    package func defaultEarlyClose(on date: CivilDate) -> Int? {
        var minute: Int? = nil
        for era in earlyCloseEras where era.from <= date { minute = era.minute }
        return minute
    }

    /// Every special day whose date lies in `year`. Rules are resolved per rule-year, and the
    /// neighbouring years are included so that observances crossing New Year land correctly.
    package func specialDays(in year: Int) -> [CivilDate: SpecialDay] {
        var result: [CivilDate: SpecialDay] = [:]
        for ruleYear in (year - 1)...(year + 1) {
            for (date, day) in resolveRules(ruleYear: ruleYear) where date.year == year {
                if let existing = result[date], existing.isClosed { continue }
                result[date] = day
            }
        }
        for o in oneOffs where o.date.year == year {
            switch o.effect {
            case .closed: result[o.date] = .closed(name: o.name)
            case .earlyClose(let m): result[o.date] = .earlyClose(name: o.name, closeMinute: m)
            case .hours(let open, let close):
                result[o.date] = .hours(name: o.name, openMinute: open, closeMinute: close)
            case .regular: result[o.date] = .regular(name: o.name)
            }
        }
        return result
    }

    func observe(_ d: CivilDate, _ observance: Observance) -> CivilDate {
        let w = d.isoWeekday
        switch observance {
        case .none, .substitute: return d
        case .sundayToMonday: return w == 7 ? d.adding(days: 1) : d
        case .nearestWeekday: return w == 6 ? d.adding(days: -1) : w == 7 ? d.adding(days: 1) : d
        case .weekendToMonday: return w == 6 ? d.adding(days: 2) : w == 7 ? d.adding(days: 1) : d
        case .previousWeekday: return w == 6 ? d.adding(days: -1) : w == 7 ? d.adding(days: -2) : d
        }
    }

    /// The days produced by rules of one rule-year (dates may spill into a neighbouring year).
    func resolveRules(ruleYear y: Int) -> [CivilDate: SpecialDay] {
        var closed: [CivilDate: String] = [:]
        var publicHolidays = Set<CivilDate>()
        var deferred: [(rule: HolidayRule, raw: CivilDate, on: Set<Int>)] = []
        let closures = rules.filter { $0.effect == .closed && $0.isPublicHoliday }

        // 1. Fixed observances.
        for rule in closures {
            if case .substitute = rule.observance { continue }
            guard let raw = rule.rawDate(in: y) else { continue }
            let d = observe(raw, rule.observance)
            if let only = rule.onlyOn, !only.contains(d.isoWeekday) { continue }
            // Moved off a weekend, it is the substitute day where the country names one so.
            if closed[d] == nil { closed[d] = d == raw ? rule.name : rule.name + substituteSuffix }
            publicHolidays.insert(d)
        }
        // 2. Substitute-type rules on a free, allowed day.
        for rule in closures {
            guard case .substitute(let on) = rule.observance, let raw = rule.rawDate(in: y) else { continue }
            if let only = rule.onlyOn, !only.contains(raw.isoWeekday) { continue }
            publicHolidays.insert(raw)
            if !on.contains(raw.isoWeekday) && closed[raw] == nil {
                closed[raw] = rule.name
            } else {
                deferred.append((rule, raw, on))
            }
        }
        // 3. Roll the rest forward, in rule order, named as the country names the substitute.
        for (rule, raw, on) in deferred {
            var d = raw.adding(days: 1)
            while on.contains(d.isoWeekday) || closed[d] != nil { d = d.adding(days: 1) }
            closed[d] = rule.name + substituteSuffix
        }
        // 4. Bridge days.
        if let bridge = bridgeDays, bridge.years.contains(y) {
            for h in publicHolidays {
                let mid = h.adding(days: 1)
                if publicHolidays.contains(mid.adding(days: 1)), !publicHolidays.contains(mid),
                    mid.isoWeekday != 7, closed[mid] == nil
                {
                    closed[mid] = bridge.name
                }
            }
        }
        // 5. Exchange-only closures.
        for rule in rules where rule.effect == .closed && !rule.isPublicHoliday {
            guard let raw = rule.rawDate(in: y) else { continue }
            let d = observe(raw, rule.observance)
            if let only = rule.onlyOn, !only.contains(d.isoWeekday) { continue }
            if closed[d] == nil { closed[d] = rule.name }
        }
        var result: [CivilDate: SpecialDay] = [:]
        for (d, name) in closed { result[d] = .closed(name: name) }
        // 6. Early closes on days still open.
        for rule in rules {
            guard case .earlyClose(let at) = rule.effect, let raw = rule.rawDate(in: y) else { continue }
            let d = observe(raw, rule.observance)
            if let only = rule.onlyOn, !only.contains(d.isoWeekday) { continue }
            guard closed[d] == nil, !weekend.contains(d.isoWeekday),
                let minute = at ?? defaultEarlyClose(on: d)
            else { continue }
            if case .earlyClose(_, let m)? = result[d], m <= minute { continue }
            result[d] = .earlyClose(name: rule.name, closeMinute: minute)
        }
        return result
    }
}

extension SpecialDay {
    var isClosed: Bool {
        if case .closed = self { return true }
        return false
    }
}
