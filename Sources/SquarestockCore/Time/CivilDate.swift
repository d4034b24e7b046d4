/// A calendar date with no time zone: a trading day as an exchange names it.
///
/// Day arithmetic uses the proleptic Gregorian "days from civil" algorithm, so no calendar object
/// or locale is involved and the result cannot depend on the process environment.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    @inlinable public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Whether the fields name a real day of the Gregorian calendar in years 1-9999, the range
    /// every date format we read can write. Parsed years outside it are refused here, because day
    /// arithmetic on a year like 9223372036854775807 (sent in a `Retry-After`) would overflow.
    public var isValid: Bool {
        year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1
            && day <= CivilDate.daysInMonth(year: year, month: month)
    }

    public static func isLeapYear(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    public init(daysSinceEpoch z0: Int64) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: Int(yoe + era * 400 + (m <= 2 ? 1 : 0)), month: Int(m), day: Int(d))
    }

    /// ISO weekday: 1 = Monday ... 7 = Sunday.
    public var isoWeekday: Int {
        let d = daysSinceEpoch  // 1970-01-01 was a Thursday (4)
        let w = ((d % 7) + 7 + 3) % 7  // 0 = Monday
        return Int(w) + 1
    }

    public var isWeekend: Bool { isoWeekday >= 6 }

    public func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + Int64(days)) }

    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// `yyyy-MM-dd`.
    public var description: String {
        pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }
}

/// A wall-clock reading (date and time of day) with no zone attached.
public struct CivilDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: CivilDate
    public var hour: Int
    public var minute: Int
    public var second: Int

    @inlinable public init(date: CivilDate, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.init(date: CivilDate(year: year, month: month, day: day), hour: hour, minute: minute, second: second)
    }

    /// The wall clock of UTC (or of any zone, given seconds already shifted by its offset).
    public init(secondsSinceEpochUTC s: Int64) {
        let days = s >= 0 ? s / 86400 : (s - 86399) / 86400
        let rem = Int(s - days * 86400)
        self.init(date: CivilDate(daysSinceEpoch: days), hour: rem / 3600, minute: rem / 60 % 60, second: rem % 60)
    }

    public var isValid: Bool {
        date.isValid && (0...23).contains(hour) && (0...59).contains(minute) && (0...60).contains(second)
    }

    /// Seconds since the epoch if this wall clock were UTC.
    public var secondsSinceEpochAsUTC: Int64 {
        date.daysSinceEpoch * 86400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// Minutes since local midnight.
    public var minuteOfDay: Int { hour * 60 + minute }

    public static func < (a: CivilDateTime, b: CivilDateTime) -> Bool {
        a.secondsSinceEpochAsUTC < b.secondsSinceEpochAsUTC
    }

    /// ISO 8601; with an offset (seconds east of UTC) appends `+hh:mm`, without one appends `Z`.
    public func iso8601(offsetSeconds: Int?) -> String {
        var s = date.description + "T" + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2)
        guard let off = offsetSeconds else { return s + "Z" }
        let a = abs(off)
        s += off < 0 ? "-" : "+"
        s += pad(a / 3600, 2) + ":" + pad(a / 60 % 60, 2)
        return s
    }

    /// `HH:mm`, how a time of day is shown beside a zone abbreviation.
    public var hourMinute: String { pad(hour, 2) + ":" + pad(minute, 2) }

    /// `yyyy-MM-dd HH:mm:ss`.
    public var description: String {
        date.description + " " + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2)
    }
}

/// Zero-padded decimal without Foundation's locale-aware formatting.
@usableFromInline func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(abs(value))
    let body = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    return value < 0 ? "-" + body : body
}
