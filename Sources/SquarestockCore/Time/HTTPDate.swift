/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the only date form Retry-After uses in practice.
package enum HTTPDate {
    package static func parse(_ s: String) -> Instant? {
        let parts = s.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT" else { return nil }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard let day = Int(parts[1]), let mi = months.firstIndex(of: String(parts[2])), let year = Int(parts[3]) else {
            return nil
        }
        let hms = parts[4].split(separator: ":")
        guard hms.count == 3, let h = Int(hms[0]), let m = Int(hms[1]), let sec = Int(hms[2]) else { return nil }
        let dt = CivilDateTime(year: year, month: mi + 1, day: day, hour: h, minute: m, second: sec)
        guard dt.isValid else { return nil }
        return Instant(secondsSinceEpoch: dt.secondsSinceEpochAsUTC)
    }
}
