/// The user's own time zone: "15:30 your time" in quotes and market status, the watch header's
/// "updated 12:34:56 CET", `chart --tz local`. Exchange times are shown in the exchange's zone;
/// these are questions about the user's clock. One set of rules, without Foundation: the
/// caller reads the `/etc/localtime` link once and passes its target.
package enum UserTimeZone {
    /// `TZ` (an IANA name, with or without a leading `:` or a zoneinfo path, or a POSIX rule
    /// `posixZone` can name), else the target of the `/etc/localtime` link, else `UTC`.
    package static func identifier(environment: [String: String], localtimeTarget: String?) -> String {
        if var tz = environment["TZ"], !tz.isEmpty {
            if tz.hasPrefix(":") { tz.removeFirst() }
            if let r = tz.range(of: "zoneinfo/") { tz = String(tz[r.upperBound...]) }
            if !tz.isEmpty && !tz.hasPrefix("/") { return posixZone(tz) ?? tz }
        }
        if let target = localtimeTarget, let r = target.range(of: "zoneinfo/") {
            let id = String(target[r.upperBound...])
            if !id.isEmpty { return id }
        }
        return "UTC"
    }

    /// The zone a POSIX `TZ` rule stands for, when a zone file has exactly its clock: a fixed
    /// whole-hour offset (`UTC-3`, `<+07>-7`: `Etc/GMT-3`, whose sign is POSIX's too), or the
    /// four US rules tzdata keeps by name (`EST5EDT,M3.2.0,M11.1.0`: `EST5EDT`). nil for an IANA
    /// name and for a rule no zone file has (`<+0530>-5:30`, `CET-1CEST,M3.5.0,M10.5.0/3`), which
    /// `current` then reads as the rule itself (`ExchangeTimeZone(posixRule:)`).
    static func posixZone(_ tz: String) -> String? {
        let bytes = Array(tz.utf8)
        var i = 0
        // The standard name: three or more letters, or anything in angle brackets.
        if bytes.first == UInt8(ascii: "<") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: ">")) else { return nil }
            i = close + 1
        } else {
            while i < bytes.count, (bytes[i] | 0x20) >= UInt8(ascii: "a"), (bytes[i] | 0x20) <= UInt8(ascii: "z") {
                i += 1
            }
            guard i >= 3 else { return nil }
        }
        var sign = UInt8(ascii: "+")
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            sign = bytes[i]
            i += 1
        }
        var hours = 0
        var digits = 0
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9"), digits < 2 {
            hours = hours * 10 + Int(bytes[i] - UInt8(ascii: "0"))
            digits += 1
            i += 1
        }
        guard digits > 0 else { return nil }
        let rest = String(decoding: bytes[i...], as: UTF8.self)
        if !rest.isEmpty {
            // The named US zone only with its own rules (none given, or the current ones): other
            // rules (`EST5EDT,M4.1.0,M10.5.0`) are read as written (`current`).
            let named = String(tz.prefix { $0 != "," })
            let rules = String(tz.dropFirst(named.count))
            let usRules = ["", ",M3.2.0,M11.1.0", ",M3.2.0/2,M11.1.0/2", ",M3.2.0/2:00:00,M11.1.0/2:00:00"]
            guard ["EST5EDT", "CST6CDT", "MST7MDT", "PST8PDT"].contains(named.uppercased()), usRules.contains(rules)
            else { return nil }
            return named.uppercased()
        }
        guard hours <= 14 else { return nil }
        return hours == 0 ? "UTC" : "Etc/GMT" + String(UnicodeScalar(sign)) + String(hours)
    }

    /// The warning for a `TZ` that names no zone squarestock can follow (then "your time" is
    /// UTC, which it said nothing of), or nil.
    package static func unknownWarning(environment: [String: String], localtimeTarget: String?) -> String? {
        guard let tz = environment["TZ"], !tz.isEmpty else { return nil }
        let id = identifier(environment: environment, localtimeTarget: localtimeTarget)
        guard (try? ExchangeTimeZone(identifier: id)) == nil, ExchangeTimeZone(posixRule: id) == nil else { return nil }
        return "warning: TZ=\(TerminalText.visible(tz)) is no time zone squarestock knows; \"your time\" is shown "
            + "in UTC (set TZ to a zone name such as Europe/Paris, or a POSIX rule such as CET-1CEST,M3.5.0,M10.5.0/3)"
    }

    /// The zone for `identifier(...)`, else the POSIX rule it is, else UTC (`unknownWarning` says so).
    package static func current(environment: [String: String], localtimeTarget: String?) -> ExchangeTimeZone? {
        let id = identifier(environment: environment, localtimeTarget: localtimeTarget)
        return (try? ExchangeTimeZone(identifier: id)) ?? ExchangeTimeZone(posixRule: id)
            ?? (try? ExchangeTimeZone(identifier: "UTC"))
    }
}
