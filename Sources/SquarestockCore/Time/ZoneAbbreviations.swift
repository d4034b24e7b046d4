/// The abbreviations traders use for the exchange zones where ICU's English names fall back to
/// `GMT+9`: Tokyo is `JST`, Frankfurt `CET`/`CEST`. Keyed by IANA zone: the standard-time
/// offset decides which of the two names applies at an instant.
enum ZoneAbbreviations {
    struct Names {
        var standardOffset: Int
        var standard: String
        var daylight: String
    }

    static let table: [String: Names] = {
        let cet = Names(standardOffset: 3600, standard: "CET", daylight: "CEST")
        return [
            "Asia/Tokyo": Names(standardOffset: 9 * 3600, standard: "JST", daylight: "JDT"),
            "Asia/Hong_Kong": Names(standardOffset: 8 * 3600, standard: "HKT", daylight: "HKST"),
            "Asia/Singapore": Names(standardOffset: 8 * 3600, standard: "SGT", daylight: "SGT"),
            "Asia/Shanghai": Names(standardOffset: 8 * 3600, standard: "CST", daylight: "CDT"),
            "Asia/Kolkata": Names(standardOffset: 19800, standard: "IST", daylight: "IST"),
            "Australia/Sydney": Names(standardOffset: 10 * 3600, standard: "AEST", daylight: "AEDT"),
            "Europe/Berlin": cet, "Europe/Paris": cet, "Europe/Amsterdam": cet, "Europe/Zurich": cet,
            "Europe/Warsaw": cet, "Europe/Madrid": cet, "Europe/Rome": cet, "Europe/Brussels": cet,
            "Europe/Stockholm": cet, "Europe/Oslo": cet, "Europe/Copenhagen": cet, "Europe/Vienna": cet,
            "Europe/London": Names(standardOffset: 0, standard: "GMT", daylight: "BST"),
        ]
    }()

    static func name(zone: String, offsetSeconds: Int) -> String? {
        guard let n = table[zone] else { return nil }
        return offsetSeconds == n.standardOffset ? n.standard : n.daylight
    }
}
