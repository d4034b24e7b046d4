import SquarestockCore

/// The dates exports write that `DateTimeParsing` has no reader of its own for: day first with
/// numbers (DEGIRO's `31-01-2024`, eToro's `31/01/2024 10:15:00`), and an English month name
/// followed by a time (Revolut's `May 5, 2020, 10:10:57 PM`, Bitstamp's `Jan. 28, 2022, 12:31 AM`).
enum ExportDates {
    /// `DD<separator>MM<separator>YYYY` at the start of `text`; nil for an impossible date.
    static func dayFirst(_ text: String, separator: Character) -> CivilDate? {
        let p = text.prefix(10).split(separator: separator)
        guard p.count == 3, let d = Int(p[0]), let m = Int(p[1]), let y = Int(p[2]), p[2].count == 4,
            (1...12).contains(m), (1...31).contains(d)
        else { return nil }
        let date = CivilDate(year: y, month: m, day: d)
        return date.day == d && date.month == m ? date : nil
    }

    /// `May 5, 2020` of `May 5, 2020[, 10:10:57 PM]`.
    static func monthNameFirst(_ text: String) -> CivilDate? {
        let parts = text.split(separator: ",", maxSplits: 2)
        guard parts.count >= 2 else { return nil }
        let year = parts[1].trimmingCharacters(in: .whitespaces).prefix(4)
        return DateTimeParsing.monthNameDayYear(parts[0] + ", " + year, months: .english)
    }

    /// `monthNameFirst` as `YYYY-MM-DD HH:MM:SS` (24 hours; seconds may be left out), for
    /// ordering rows; `~` (after every time) when it is not one.
    static func monthNameFirstOrder(_ text: String) -> String {
        guard let d = monthNameFirst(text) else { return "~" }
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count >= 3 else { return "\(d)" }
        let clock = parts[2].split(separator: " ")
        var hms = clock.first?.split(separator: ":").compactMap { Int($0) } ?? []
        if hms.count == 2 { hms.append(0) }
        guard hms.count == 3 else { return "\(d)" }
        var h = hms[0] % 12
        if clock.count > 1, clock[1].uppercased() == "PM" { h += 12 }
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return "\(d) \(two(h)):\(two(hms[1])):\(two(hms[2]))"
    }
}
