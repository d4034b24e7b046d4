/// The user's own time zone, for the watch header ("updated 12:34:56 CET"): exchange times are
/// shown in the exchange's zone, but "when did this screen last refresh" is a question about
/// the user's clock.
public enum LocalZone {
    /// `TZ` (an IANA name, with or without a leading `:` or a zoneinfo path), else the target
    /// of the `/etc/localtime` link, else `UTC`.
    public static func identifier(environment: [String: String], localtimeTarget: String?) -> String {
        if var tz = environment["TZ"], !tz.isEmpty {
            if tz.hasPrefix(":") { tz.removeFirst() }
            if let r = tz.range(of: "zoneinfo/") { tz = String(tz[r.upperBound...]) }
            if !tz.isEmpty && !tz.hasPrefix("/") { return tz }
        }
        if let target = localtimeTarget, let r = target.range(of: "zoneinfo/") {
            let id = String(target[r.upperBound...])
            if !id.isEmpty { return id }
        }
        return "UTC"
    }

    /// The zone for `identifier(...)`, falling back to UTC when ICU does not know the name.
    public static func current(environment: [String: String], localtimeTarget: String?) -> ExchangeTimeZone? {
        let id = identifier(environment: environment, localtimeTarget: localtimeTarget)
        return (try? ExchangeTimeZone(identifier: id)) ?? (try? ExchangeTimeZone(identifier: "UTC"))
    }
}
