/// Where one zone's offsets and transitions come from.
///
/// The system's tz database first: it is current with the OS (ICU's copy is as old as the ICU
/// release) and reading it needs no library. ICU answers a zone the system does not hold, such
/// as an alias only ICU knows.
enum ZoneSource: Sendable {
    case system(ZoneRules)
    case icu(String)

    /// Nil when neither knows the zone.
    init?(_ zone: String) {
        if let rules = SystemZoneDatabase.rules(for: zone) {
            self = .system(rules)
        } else if ICUZone.isKnown(zone) {
            self = .icu(zone)
        } else {
            return nil
        }
    }

    func offsetSeconds(at t: Int64) -> Int64? {
        switch self {
        case .system(let rules): return rules.offset(at: t)
        case .icu(let zone): return ICUZone.offsetSeconds(zone, at: t)
        }
    }

    func previousTransition(atOrBefore t: Int64) -> Int64? {
        switch self {
        case .system(let rules): return rules.previousTransition(atOrBefore: t)
        case .icu(let zone): return ICUZone.previousTransition(zone, atOrBefore: t)
        }
    }

    func nextTransition(after t: Int64) -> Int64? {
        switch self {
        case .system(let rules): return rules.nextTransition(after: t)
        case .icu(let zone): return ICUZone.nextTransition(zone, after: t)
        }
    }

    /// `w` is the wall clock as seconds-as-if-UTC; `normalized` the same fields, for ICU.
    func instant(forWall w: Int64, normalized: CivilDateTime) -> Int64? {
        switch self {
        case .system(let rules): return rules.instant(forWall: w)
        case .icu(let zone): return ICUZone.instant(zone, wall: normalized)
        }
    }

    /// The file's abbreviation at `t` (`EDT`, `CET`, `+03`); nil for a zone ICU answers.
    func systemAbbreviation(at t: Int64) -> String? {
        guard case .system(let rules) = self else { return nil }
        return rules.type(at: t).abbreviation
    }
}
