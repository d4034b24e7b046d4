/// A time of day with no date or zone, as quote feeds print it in a column of its own.
///
/// Feeds split date and time into separate fields in several formats; parsing each into a small
/// value and combining them afterwards keeps the parsers independent of one another.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int
    public var second: Int

    @inlinable public init(hour: Int, minute: Int, second: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Whether the fields name a real time on a 24-hour clock (no leap second, no 24:00).
    public var isValid: Bool {
        (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second)
    }

    public var secondsSinceMidnight: Int { hour * 3600 + minute * 60 + second }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.secondsSinceMidnight < b.secondsSinceMidnight }

    /// `HH:mm:ss`.
    public var description: String { pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2) }
}

extension CivilDateTime {
    /// A wall clock from a date and a time parsed from separate fields.
    public init(date: CivilDate, time: TimeOfDay) {
        self.init(date: date, hour: time.hour, minute: time.minute, second: time.second)
    }

    public var timeOfDay: TimeOfDay { TimeOfDay(hour: hour, minute: minute, second: second) }
}
