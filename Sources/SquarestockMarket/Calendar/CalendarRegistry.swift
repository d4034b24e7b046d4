import SquarestockCore

/// Every exchange of a registry with its calendar rules: NYSE's for the US venues, one rule set
/// per other exchange, and weekend-only rules for venues without a rule set.
///
/// A calendar is made when first asked for, not all of them up front: a one-shot quote needs the
/// calendar of its symbols' exchanges only, and making all forty cost it about 0.4 ms (issue 30).
package final class CalendarRegistry: @unchecked Sendable {
    private let registry: ExchangeRegistry
    /// The registry's index of each upper-cased exchange id (the last exchange of an id wins).
    private let indexByID: [String: Int]
    private let lock = Lock()
    /// Calendars made so far by registry index; nil inside when the rules could not make one.
    private var made: [Int: ExchangeCalendar?] = [:]

    package init(registry: ExchangeRegistry) {
        self.registry = registry
        var ids: [String: Int] = [:]
        for (i, e) in registry.exchanges.enumerated() { ids[e.id.uppercased()] = i }
        indexByID = ids
    }

    /// Every exchange's calendar, in the registry's order (those not made yet are made now).
    package var calendars: [ExchangeCalendar] { registry.exchanges.indices.compactMap(calendar(at:)) }

    /// How many calendars have been made (or found impossible) so far: for the tests.
    package var madeCount: Int { lock.withLock { made.count } }

    private func calendar(at index: Int) -> ExchangeCalendar? {
        lock.withLock {
            if let known = made[index] { return known }
            let e = registry.exchanges[index]
            let calendar = try? ExchangeCalendar(exchange: e, rules: CalendarRegistry.rules(forExchangeID: e.id))
            made[index] = .some(calendar)
            return calendar
        }
    }

    package static let standard = CalendarRegistry(registry: .standard)

    package func calendar(id: String) -> ExchangeCalendar? { indexByID[id.uppercased()].flatMap(calendar(at:)) }

    package func calendar(for exchange: Exchange) -> ExchangeCalendar? { calendar(id: exchange.id) }

    /// A calendar by id (`XNYS`) or by any code the registry knows for the venue (`NYSE`, `LSE`,
    /// `HKEX`): what `market --calendar NAME` accepts.
    package func calendar(named name: String, registry: ExchangeRegistry = .standard) -> ExchangeCalendar? {
        calendar(id: name) ?? registry.exchange(sourceCode: name).flatMap { calendar(id: $0.id) }
    }

    /// The rule set for an exchange id of the registry.
    package static func rules(forExchangeID id: String) -> CalendarRules {
        switch id.uppercased() {
        case "US", "XNYS", "XNAS", "XASE", "ARCX", "BATS", "US-INDEX": return NYSECalendar.rules
        case "XLON": return LondonCalendar.rules
        case "XETR": return EuropeanCalendars.xetra
        case "XPAR", "XAMS": return EuropeanCalendars.euronext
        case "XSWX": return EuropeanCalendars.six
        case "XTKS": return TokyoCalendar.rules
        case "XHKG": return HongKongCalendar.rules
        case "XSES": return OtherCalendars.singapore
        case "XASX": return OtherCalendars.asx
        case "XTSE": return OtherCalendars.tsx
        case "CRYPTO": return .everyDay
        case "FX": return .fx
        // Any other venue without a rule set gets weekends.
        default: return .weekendsOnly
        }
    }
}
