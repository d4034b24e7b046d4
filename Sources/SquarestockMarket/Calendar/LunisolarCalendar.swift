import CICUShim
import SquarestockCore
import Synchronization

/// Dates of the Chinese lunisolar calendar (Lunar New Year, Buddha's Birthday, Tuen Ng,
/// Mid-Autumn, Chung Yeung), converted by ICU's astronomical Chinese calendar (from a table of its
/// answers for 1900 through 2100, `LunisolarTable`, so the usual years never open ICU).
///
/// ICU computes new moons and solar terms for the meridian of UTC+8, which is the calendar
/// Hong Kong and Singapore publish their holidays from. Answers are memoised: a calendar asks
/// for a handful of dates per year, and ICU's Chinese calendar is slow to open.
package enum LunisolarCalendar {
    private struct Key: Hashable { var year: Int, month: Int, day: Int, leap: Bool }
    private static let memo = Mutex<[Key: CivilDate?]>([:])

    /// The Gregorian date of lunar `month`/`day` in the lunar year that begins in Gregorian `year`
    /// (month 1 day 1 is Lunar New Year). `leap` selects the intercalary month of that number.
    /// Nil if that day does not exist that year.
    package static func gregorianDate(lunarYearStartingIn year: Int, month: Int, day: Int, leap: Bool = false)
        -> CivilDate?
    {
        if let known = LunisolarTable.date(lunarYearStartingIn: year, month: month, day: day, leap: leap) {
            return known
        }
        return icuDate(lunarYearStartingIn: year, month: month, day: day, leap: leap)
    }

    /// ICU's answer, memoised; the table's source and its check.
    static func icuDate(lunarYearStartingIn year: Int, month: Int, day: Int, leap: Bool) -> CivilDate? {
        let key = Key(year: year, month: month, day: day, leap: leap)
        if let hit = memo.withLock({ $0[key] }) { return hit }
        var days: Int64 = 0
        let ok = ss_chinese_to_gregorian_days(
            Int32(clamping: year), Int32(clamping: month), leap ? 1 : 0,
            Int32(clamping: day), &days)
        let answer: CivilDate? = ok != 0 ? CivilDate(daysSinceEpoch: days) : nil
        memo.withLock { $0[key] = answer }
        return answer
    }
}

/// Solar terms and equinoxes from the Sun's apparent ecliptic longitude.
///
/// Uses the low-precision solar theory of Meeus, *Astronomical Algorithms* ch. 25 (about 0.01°,
/// i.e. some 15 minutes in time), which is enough to name the civil date except when a term falls
/// within minutes of local midnight; the tests pin the years squarestock depends on.
package enum SolarTerms {
    /// Apparent geocentric longitude of the Sun in degrees [0, 360) at a Julian Ephemeris Day.
    static func apparentLongitude(jde: Double) -> Double {
        let t = (jde - 2451545.0) / 36525.0
        let l0 = 280.46646 + 36000.76983 * t + 0.0003032 * t * t
        let m = (357.52911 + 35999.05029 * t - 0.0001537 * t * t) * .pi / 180
        let c =
            (1.914602 - 0.004817 * t - 0.000014 * t * t) * sin(m)
            + (0.019993 - 0.000101 * t) * sin(2 * m) + 0.000289 * sin(3 * m)
        let omega = (125.04 - 1934.136 * t) * .pi / 180
        let lambda = l0 + c - 0.00569 - 0.00478 * sin(omega)
        let r = lambda.truncatingRemainder(dividingBy: 360)
        return r < 0 ? r + 360 : r
    }

    /// The instant (Julian Day, UT) in `year` when the Sun reaches `degrees`.
    static func julianDay(longitude degrees: Double, year: Int) -> Double {
        // Start from the mean date: the March equinox (0°) is near day 80 of the year.
        let jan1 = Double(CivilDate(year: year, month: 1, day: 1).daysSinceEpoch) + 2440587.5
        let dayOfYear = (79.5 + degrees * 365.2422 / 360).truncatingRemainder(dividingBy: 365.2422)
        var jde = jan1 + dayOfYear
        for _ in 0..<50 {
            var delta = degrees - apparentLongitude(jde: jde)
            delta -= 360 * (delta / 360).rounded()
            let step = delta * 365.2422 / 360
            jde += step
            if abs(step) < 1e-7 { break }
        }
        // ΔT (TT - UT) is about a minute around 2000; it moves the answer by seconds only.
        return jde - 65.0 / 86400
    }

    /// The civil date at a fixed UTC offset on which the Sun reaches `degrees` in `year`.
    package static func date(longitude degrees: Double, year: Int, utcOffsetHours: Int) -> CivilDate {
        let local = julianDay(longitude: degrees, year: year) + Double(utcOffsetHours) / 24
        return CivilDate(daysSinceEpoch: Int64((local - 2440587.5).rounded(.down)))
    }

    /// Japan's equinox days by the standard approximation (the one the National Astronomical
    /// Observatory's figures follow): day = ⌊base + 0.242194 (Y - 1980) - ⌊(Y - offsetYear) / 4⌋⌋,
    /// with constants per era; outside 1900-2150 the astronomical answer in JST.
    package static func japaneseEquinox(year: Int, autumnal: Bool) -> CivilDate {
        let base: Double
        let leapAnchor: Int
        switch year {
        case 1900...1979:
            base = autumnal ? 23.2588 : 20.8357
            leapAnchor = 1983
        case 1980...2099:
            base = autumnal ? 23.2488 : 20.8431
            leapAnchor = 1980
        case 2100...2150:
            base = autumnal ? 24.2488 : 21.8510
            leapAnchor = 1980
        default: return date(longitude: autumnal ? 180 : 0, year: year, utcOffsetHours: 9)
        }
        let day = Int((base + 0.242194 * Double(year - 1980) - Double(floorDiv(year - leapAnchor, 4))).rounded(.down))
        return CivilDate(year: year, month: autumnal ? 9 : 3, day: day)
    }

    private static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
