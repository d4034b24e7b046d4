import SquarestockCore

/// Every exchange of a registry with its calendar rules: NYSE's for the US venues, one rule set
/// per other exchange, and weekend-only rules for venues without a rule set.
package final class CalendarRegistry: Sendable {
    package let calendars: [ExchangeCalendar]
    private let byID: [String: Int]

    package init(registry: ExchangeRegistry) {
        var list: [ExchangeCalendar] = []
        var ids: [String: Int] = [:]
        for e in registry.exchanges {
            guard let cal = try? ExchangeCalendar(exchange: e, rules: CalendarRegistry.rules(forExchangeID: e.id))
            else {
                continue
            }
            ids[e.id.uppercased()] = list.count
            list.append(cal)
        }
        calendars = list
        byID = ids
    }

    package static let standard = CalendarRegistry(registry: .standard)

    package func calendar(id: String) -> ExchangeCalendar? { byID[id.uppercased()].map { calendars[$0] } }

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
        // FX trades around the clock on weekdays; any other venue without a rule set gets weekends.
        default: return .weekendsOnly
        }
    }
}
