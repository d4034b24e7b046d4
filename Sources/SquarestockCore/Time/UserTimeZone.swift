import Foundation

/// The user's own zone, for "15:30 your time": `TZ` when set to a zone name, otherwise the
/// system zone. Nil when neither names a zone ICU knows.
public enum UserTimeZone {
    public static func current(environment: [String: String]) -> ExchangeTimeZone? {
        if let tz = environment["TZ"], !tz.isEmpty {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if let zone = try? ExchangeTimeZone(identifier: name) { return zone }
        }
        return try? ExchangeTimeZone(identifier: TimeZone.current.identifier)
    }
}
