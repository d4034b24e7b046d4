/// Byte-level parsers for the date and time formats quote feeds print.
///
/// Feeds deliver millions of timestamps; Foundation's `DateFormatter` is slow, and it consults
/// the process locale and zone, so `LC_ALL=de_DE.UTF-8` could change what a CSV means. These
/// parsers read fixed formats straight from the bytes, depend on no locale (month names come from
/// an explicit `MonthNames`), and return nil for anything malformed or impossible (2023-02-30,
/// month 13, hour 24). Inputs are matched whole: callers trim fields first.
///
/// Two-digit years use a pivot: `yy < pivot` is 20yy, otherwise 19yy. The default pivot 70 reads
/// `16` as 2016 and `85` as 1985 (the window 1970...2069).
package enum DateTimeParsing {
    package static let defaultTwoDigitYearPivot = 70

    // MARK: Dates

    /// `yyyy-MM-dd`, e.g. `2016-11-04`.
    package static func isoDate(_ b: UnsafeRawBufferPointer) -> CivilDate? {
        guard b.count == 10, b[4] == dash, b[7] == dash,
            let y = number(b, 0, 4), let m = number(b, 5, 2), let d = number(b, 8, 2)
        else { return nil }
        return valid(y, m, d)
    }

    /// `yyyyMMdd`, e.g. `20161104`.
    package static func compactDate(_ b: UnsafeRawBufferPointer) -> CivilDate? {
        guard b.count == 8, let y = number(b, 0, 4), let m = number(b, 4, 2), let d = number(b, 6, 2) else {
            return nil
        }
        return valid(y, m, d)
    }

    /// US order `M/d/yyyy` or `M/d/yy`, padded or not: `11/4/2016`, `01/04/2016`, `11/4/16`.
    package static func usDate(_ b: UnsafeRawBufferPointer, twoDigitYearPivot pivot: Int = defaultTwoDigitYearPivot)
        -> CivilDate?
    {
        var i = 0
        guard let m = variableNumber(b, &i, maxDigits: 2), i < b.count, b[i] == slash else { return nil }
        i += 1
        guard let d = variableNumber(b, &i, maxDigits: 2), i < b.count, b[i] == slash else { return nil }
        i += 1
        guard let y = year(b, from: i, pivot: pivot) else { return nil }
        return valid(y, m, d)
    }

    /// `d-MMM-yy`, `dd-MMM-yy`, `d MMMM yyyy` and mixes of them: a 1-2 digit day (optionally
    /// followed by `.`, as in German `4. November 2016`), `-` or a space, a month name of any kind,
    /// `-` or a space, and a 2- or 4-digit year. E.g. `4-Nov-16`, `04-Nov-2016`, `11 listopada 2016`.
    package static func dayMonthNameYear(
        _ b: UnsafeRawBufferPointer, months: MonthNames, twoDigitYearPivot pivot: Int = defaultTwoDigitYearPivot
    ) -> CivilDate? {
        var i = 0
        guard let d = variableNumber(b, &i, maxDigits: 2) else { return nil }
        if i < b.count, b[i] == dot { i += 1 }
        guard i < b.count, b[i] == dash || b[i] == space else { return nil }
        i += 1
        guard let m = monthName(b, &i, months: months), i < b.count, b[i] == dash || b[i] == space else { return nil }
        i += 1
        guard let y = year(b, from: i, pivot: pivot) else { return nil }
        return valid(y, m, d)
    }

    /// `MMM d, yyyy` (the comma optional, the name of any kind): `Nov 4, 2016`, `November 14 2016`.
    package static func monthNameDayYear(
        _ b: UnsafeRawBufferPointer, months: MonthNames, twoDigitYearPivot pivot: Int = defaultTwoDigitYearPivot
    ) -> CivilDate? {
        var i = 0
        guard let m = monthName(b, &i, months: months), i < b.count, b[i] == space else { return nil }
        i += 1
        guard let d = variableNumber(b, &i, maxDigits: 2) else { return nil }
        if i < b.count, b[i] == comma { i += 1 }
        guard i < b.count, b[i] == space else { return nil }
        i += 1
        guard let y = year(b, from: i, pivot: pivot) else { return nil }
        return valid(y, m, d)
    }

    // MARK: Times

    /// `HH:mm:ss` or `HH:mm` (two digits each, 24-hour clock).
    package static func time(_ b: UnsafeRawBufferPointer) -> TimeOfDay? {
        guard b.count == 5 || b.count == 8, b[2] == colon, let h = number(b, 0, 2), let mi = number(b, 3, 2) else {
            return nil
        }
        var s = 0
        if b.count == 8 {
            guard b[5] == colon, let sec = number(b, 6, 2) else { return nil }
            s = sec
        }
        return valid(h, mi, s)
    }

    /// `HHmmss`, e.g. `163000`.
    package static func compactTime(_ b: UnsafeRawBufferPointer) -> TimeOfDay? {
        guard b.count == 6, let h = number(b, 0, 2), let mi = number(b, 2, 2), let s = number(b, 4, 2) else {
            return nil
        }
        return valid(h, mi, s)
    }

    /// 12-hour `h:mma` with optional seconds and an optional single space before `am`/`pm` in any
    /// case: `4:00pm`, `11:35am`, `12:05 AM` (00:05), `12:30pm` (12:30), `09:30:15 PM`.
    package static func twelveHourTime(_ b: UnsafeRawBufferPointer) -> TimeOfDay? {
        var i = 0
        guard let h = variableNumber(b, &i, maxDigits: 2), (1...12).contains(h),
            i < b.count, b[i] == colon, let mi = number(b, i + 1, 2)
        else { return nil }
        i += 3
        var s = 0
        if i < b.count, b[i] == colon {
            guard let sec = number(b, i + 1, 2) else { return nil }
            s = sec
            i += 3
        }
        if i < b.count, b[i] == space { i += 1 }
        guard b.count == i + 2, b[i + 1] | 0x20 == UInt8(ascii: "m") else { return nil }
        let marker = b[i] | 0x20
        guard marker == UInt8(ascii: "a") || marker == UInt8(ascii: "p") else { return nil }
        let hour = (h % 12) + (marker == UInt8(ascii: "p") ? 12 : 0)
        return valid(hour, mi, s)
    }

    // MARK: Date and time

    /// `yyyy-MM-dd HH:mm:ss` or `yyyy-MM-ddTHH:mm:ss`.
    package static func isoDateTime(_ b: UnsafeRawBufferPointer) -> CivilDateTime? {
        guard b.count == 19, b[10] == space || b[10] == UInt8(ascii: "T"),
            let date = isoDate(UnsafeRawBufferPointer(rebasing: b[0..<10])),
            let clock = time(UnsafeRawBufferPointer(rebasing: b[11..<19]))
        else { return nil }
        return CivilDateTime(date: date, time: clock)
    }

    // MARK: String conveniences

    package static func isoDate(_ s: String) -> CivilDate? { withBytes(s) { isoDate($0) } }
    package static func compactDate(_ s: String) -> CivilDate? { withBytes(s) { compactDate($0) } }
    package static func usDate(_ s: String, twoDigitYearPivot pivot: Int = defaultTwoDigitYearPivot) -> CivilDate? {
        withBytes(s) { usDate($0, twoDigitYearPivot: pivot) }
    }
    package static func dayMonthNameYear(
        _ s: String, months: MonthNames, twoDigitYearPivot pivot: Int = defaultTwoDigitYearPivot
    ) -> CivilDate? {
        withBytes(s) { dayMonthNameYear($0, months: months, twoDigitYearPivot: pivot) }
    }
    package static func monthNameDayYear(
        _ s: String, months: MonthNames, twoDigitYearPivot pivot: Int = defaultTwoDigitYearPivot
    ) -> CivilDate? {
        withBytes(s) { monthNameDayYear($0, months: months, twoDigitYearPivot: pivot) }
    }
    package static func time(_ s: String) -> TimeOfDay? { withBytes(s) { time($0) } }
    package static func compactTime(_ s: String) -> TimeOfDay? { withBytes(s) { compactTime($0) } }
    package static func twelveHourTime(_ s: String) -> TimeOfDay? { withBytes(s) { twelveHourTime($0) } }
    package static func isoDateTime(_ s: String) -> CivilDateTime? { withBytes(s) { isoDateTime($0) } }

    // MARK: Helpers

    private static let dash = UInt8(ascii: "-"), slash = UInt8(ascii: "/"), colon = UInt8(ascii: ":")
    private static let space = UInt8(ascii: " "), comma = UInt8(ascii: ","), dot = UInt8(ascii: ".")

    @inline(__always)
    private static func withBytes<R>(_ s: String, _ body: (UnsafeRawBufferPointer) -> R?) -> R? {
        var s = s
        return s.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    /// Exactly `count` ASCII digits at `start`.
    @inline(__always)
    private static func number(_ b: UnsafeRawBufferPointer, _ start: Int, _ count: Int) -> Int? {
        guard start >= 0, start + count <= b.count else { return nil }
        var value = 0
        for i in start..<(start + count) {
            let digit = Int(b[i]) &- 48
            guard digit >= 0 && digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// 1...maxDigits ASCII digits from `i`, advancing it.
    @inline(__always)
    private static func variableNumber(_ b: UnsafeRawBufferPointer, _ i: inout Int, maxDigits: Int) -> Int? {
        var value = 0
        var n = 0
        while i < b.count, n < maxDigits {
            let digit = Int(b[i]) &- 48
            guard digit >= 0 && digit <= 9 else { break }
            value = value * 10 + digit
            i += 1
            n += 1
        }
        return n > 0 ? value : nil
    }

    /// The rest of the buffer as a 4-digit year, or a 2-digit year through the pivot.
    @inline(__always)
    private static func year(_ b: UnsafeRawBufferPointer, from i: Int, pivot: Int) -> Int? {
        switch b.count - i {
        case 4: return number(b, i, 4)
        case 2:
            guard let yy = number(b, i, 2) else { return nil }
            return yy < pivot ? 2000 + yy : 1900 + yy
        default: return nil
        }
    }

    /// A run of letters (ASCII or any UTF-8 multi-byte sequence) from `i` with an optional
    /// trailing `.`, looked up as a month name; advances `i` past it.
    private static func monthName(_ b: UnsafeRawBufferPointer, _ i: inout Int, months: MonthNames) -> Int? {
        let start = i
        while i < b.count {
            let c = b[i]
            guard c >= 0x80 || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")) else { break }
            i += 1
        }
        guard i > start else { return nil }
        let month = months.month(UnsafeRawBufferPointer(rebasing: b[start..<i]))
        if i < b.count, b[i] == dot { i += 1 }
        return month
    }

    @inline(__always)
    private static func valid(_ y: Int, _ m: Int, _ d: Int) -> CivilDate? {
        let date = CivilDate(year: y, month: m, day: d)
        return date.isValid ? date : nil
    }

    @inline(__always)
    private static func valid(_ h: Int, _ mi: Int, _ s: Int) -> TimeOfDay? {
        let time = TimeOfDay(hour: h, minute: mi, second: s)
        return time.isValid ? time : nil
    }
}
