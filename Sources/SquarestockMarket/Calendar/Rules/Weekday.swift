import SquarestockCore

/// ISO weekday numbers for the rule tables (1 = Monday ... 7 = Sunday).
enum Weekday {
    static let mon = 1, tue = 2, wed = 3, thu = 4, fri = 5, sat = 6, sun = 7
    static let workdays: Set<Int> = [1, 2, 3, 4, 5]
}

extension CivilDate {
    /// `CivilDate.ymd(1993, 1, 1)`: shorthand for the rule tables.
    static func ymd(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { CivilDate(year: y, month: m, day: d) }
}
