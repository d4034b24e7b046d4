/// The user's own time zone: "15:30 your time" in quotes and market status, the watch header's
/// "updated 12:34:56 CET", `chart --tz local`. Exchange times are shown in the exchange's zone;
/// these are questions about the user's clock. One set of rules, without Foundation: the
/// caller reads the `/etc/localtime` link once and passes its target.
package enum UserTimeZone {
    /// `TZ` (an IANA name, with or without a leading `:` or a zoneinfo path), else the target
    /// of the `/etc/localtime` link, else `UTC`.
    package static func identifier(environment: [String: String], localtimeTarget: String?) -> String {
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
    package static func current(environment: [String: String], localtimeTarget: String?) -> ExchangeTimeZone? {
        let id = identifier(environment: environment, localtimeTarget: localtimeTarget)
        return (try? ExchangeTimeZone(identifier: id)) ?? (try? ExchangeTimeZone(identifier: "UTC"))
    }
}
