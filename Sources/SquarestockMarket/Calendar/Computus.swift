import SquarestockCore

/// Easter Sunday of the Gregorian calendar (Western churches), from which Good Friday, Easter
/// Monday, Ascension and Whit Monday follow.
package enum Computus {
    /// The "anonymous Gregorian" algorithm (Meeus/Jones/Butcher); exact for every Gregorian year.
    package static func easterSunday(year y: Int) -> CivilDate {
        let a = y % 19
        let b = y / 100
        let c = y % 100
        let d = b / 4
        let e = b % 4
        let f = (b + 8) / 25
        let g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4
        let k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return CivilDate(year: y, month: month, day: day)
    }
}
