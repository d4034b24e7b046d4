import TestSupport
import Testing

@testable import SquarestockCore

private func date(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { CivilDate(year: y, month: m, day: d) }
private func time(_ h: Int, _ m: Int, _ s: Int = 0) -> TimeOfDay { TimeOfDay(hour: h, minute: m, second: s) }

/// Runs a parser over the bytes of a string (exercising the raw-buffer entry point directly).
private func bytes<R>(_ s: String, _ parse: (UnsafeRawBufferPointer) -> R?) -> R? {
    Array(s.utf8).withUnsafeBytes { parse($0) }
}

@Suite struct DateTimeParsingTests {
    static let isoDates: [(String, CivilDate?)] = [
        ("2016-11-04", date(2016, 11, 4)), ("2024-02-29", date(2024, 2, 29)), ("0001-01-01", date(1, 1, 1)),
        ("2023-02-29", nil), ("2023-02-30", nil), ("2023-13-01", nil), ("2023-00-10", nil), ("2023-04-31", nil),
        ("2023-04-00", nil), ("2016-1-04", nil), ("2016/11/04", nil), ("2016-11-04 ", nil), (" 2016-11-04", nil),
        ("20161104", nil), ("", nil), ("2016-11-0a", nil), ("2016-11-+4", nil),
    ]

    @Test(arguments: isoDates)
    func isoDate(_ input: String, _ expected: CivilDate?) {
        #expect(DateTimeParsing.isoDate(input) == expected)
        #expect(bytes(input, DateTimeParsing.isoDate) == expected)
    }

    static let compactDates: [(String, CivilDate?)] = [
        ("20161104", date(2016, 11, 4)), ("20000229", date(2000, 2, 29)),
        ("19000229", nil), ("20231301", nil), ("20230230", nil), ("2016110", nil), ("201611040", nil),
        ("2016-11-04", nil), ("2016110a", nil),
    ]

    @Test(arguments: compactDates)
    func compactDate(_ input: String, _ expected: CivilDate?) {
        #expect(DateTimeParsing.compactDate(input) == expected)
        #expect(bytes(input, DateTimeParsing.compactDate) == expected)
    }

    static let usDates: [(String, CivilDate?)] = [
        ("11/4/2016", date(2016, 11, 4)), ("1/2/2020", date(2020, 1, 2)), ("01/02/2020", date(2020, 1, 2)),
        ("12/31/1999", date(1999, 12, 31)), ("11/4/16", date(2016, 11, 4)), ("3/15/69", date(2069, 3, 15)),
        ("3/15/70", date(1970, 3, 15)), ("3/15/99", date(1999, 3, 15)),
        ("13/1/2016", nil), ("2/30/2016", nil), ("0/1/2016", nil), ("1/0/2016", nil), ("11/4/016", nil),
        ("11/4/20166", nil), ("111/4/2016", nil), ("11-4-2016", nil), ("11/4/", nil), ("/4/2016", nil),
        ("11//2016", nil), ("11/4/2016 ", nil),
    ]

    @Test(arguments: usDates)
    func usDate(_ input: String, _ expected: CivilDate?) {
        #expect(DateTimeParsing.usDate(input) == expected)
        #expect(bytes(input) { DateTimeParsing.usDate($0) } == expected)
    }

    @Test func usDatePivotIsConfigurable() {
        #expect(DateTimeParsing.usDate("3/15/69", twoDigitYearPivot: 50) == date(1969, 3, 15))
        #expect(DateTimeParsing.usDate("3/15/49", twoDigitYearPivot: 50) == date(2049, 3, 15))
        #expect(DateTimeParsing.usDate("3/15/2049", twoDigitYearPivot: 0) == date(2049, 3, 15))
    }

    static let times: [(String, TimeOfDay?)] = [
        ("16:30:00", time(16, 30)), ("00:00:00", time(0, 0)), ("23:59:59", time(23, 59, 59)), ("09:05", time(9, 5)),
        ("24:00:00", nil), ("24:00", nil), ("12:60:00", nil), ("12:00:60", nil), ("9:30:00", nil), ("09:30:0", nil),
        ("09-30-00", nil), ("0930", nil), ("09:30:00Z", nil), ("ab:cd:ef", nil), ("", nil),
    ]

    @Test(arguments: times)
    func time24(_ input: String, _ expected: TimeOfDay?) {
        #expect(DateTimeParsing.time(input) == expected)
        #expect(bytes(input, DateTimeParsing.time) == expected)
    }

    static let compactTimes: [(String, TimeOfDay?)] = [
        ("163000", time(16, 30)), ("000000", time(0, 0)), ("235959", time(23, 59, 59)),
        ("240000", nil), ("126000", nil), ("120060", nil), ("16300", nil), ("1630000", nil), ("16:300", nil),
    ]

    @Test(arguments: compactTimes)
    func compactTime(_ input: String, _ expected: TimeOfDay?) {
        #expect(DateTimeParsing.compactTime(input) == expected)
        #expect(bytes(input, DateTimeParsing.compactTime) == expected)
    }

    static let twelveHour: [(String, TimeOfDay?)] = [
        ("4:00pm", time(16, 0)), ("11:35am", time(11, 35)), ("12:05 AM", time(0, 5)), ("12:30pm", time(12, 30)),
        ("12:00am", time(0, 0)), ("12:00PM", time(12, 0)), ("4:00 PM", time(16, 0)), ("04:00pm", time(16, 0)),
        ("11:59:59 PM", time(23, 59, 59)), ("1:00Am", time(1, 0)), ("9:30aM", time(9, 30)),
        ("13:00pm", nil), ("0:30am", nil), ("4:60pm", nil), ("4:00", nil), ("4:00 ", nil), ("4:00  pm", nil),
        ("4:0pm", nil), ("4pm", nil), ("4:00xm", nil), ("4:00p", nil), ("4:00pmx", nil), (" 4:00pm", nil),
        ("4:00:60pm", nil), ("", nil),
    ]

    @Test(arguments: twelveHour)
    func twelveHourTime(_ input: String, _ expected: TimeOfDay?) {
        #expect(DateTimeParsing.twelveHourTime(input) == expected)
        #expect(bytes(input, DateTimeParsing.twelveHourTime) == expected)
    }

    static let dateTimes: [(String, CivilDateTime?)] = [
        ("2020-03-23 17:49:23", CivilDateTime(year: 2020, month: 3, day: 23, hour: 17, minute: 49, second: 23)),
        ("2020-03-23T17:49:23", CivilDateTime(year: 2020, month: 3, day: 23, hour: 17, minute: 49, second: 23)),
        ("2020-03-23t17:49:23", nil), ("2020-03-23_17:49:23", nil), ("2020-03-23 24:00:00", nil),
        ("2023-02-30 10:00:00", nil), ("2020-03-23 17:49", nil), ("2020-03-23T17:49:23Z", nil),
        ("2020-03-23  17:49:23", nil),
    ]

    @Test(arguments: dateTimes)
    func isoDateTime(_ input: String, _ expected: CivilDateTime?) {
        #expect(DateTimeParsing.isoDateTime(input) == expected)
        #expect(bytes(input, DateTimeParsing.isoDateTime) == expected)
    }

    static let dayFirst: [(String, String, CivilDate?)] = [
        ("en", "4-Nov-16", date(2016, 11, 4)), ("en", "04-Nov-16", date(2016, 11, 4)),
        ("en", "14-nov-16", date(2016, 11, 14)), ("en", "4-NOV-2016", date(2016, 11, 4)),
        ("en", "4 November 2016", date(2016, 11, 4)), ("en", "29 February 2024", date(2024, 2, 29)),
        ("en", "1 Sep 1999", date(1999, 9, 1)), ("en", "1 September 1999", date(1999, 9, 1)),
        ("en", "29-Feb-23", nil), ("en", "31 April 2016", nil), ("en", "4-Nvember-16", nil), ("en", "4--16", nil),
        ("en", "4-Nov-016", nil), ("en", "4-Nov16", nil), ("en", "104-Nov-16", nil), ("en", "Nov-4-16", nil),
        ("en", "4-Novem-16", nil), ("en", "4-Nov-16 ", nil),
        ("de", "3. März 2024", date(2024, 3, 3)), ("de", "3 märz 2024", date(2024, 3, 3)),
        ("de", "3-Mär-24", date(2024, 3, 3)), ("de", "4-Nov.-16", date(2016, 11, 4)),
        ("de", "4 Okt 2016", date(2016, 10, 4)),
        ("de", "4 MÄRZ 2016", date(2016, 3, 4)), ("de", "4 Dezember 2016", date(2016, 12, 4)),
        ("de", "4 Oct 2016", nil),
        ("pl", "11 listopada 2016", date(2016, 11, 11)), ("pl", "11 listopad 2016", date(2016, 11, 11)),
        ("pl", "1 października 2020", date(2020, 10, 1)), ("pl", "1 PAŹDZIERNIKA 2020", date(2020, 10, 1)),
        ("pl", "5-lis-16", date(2016, 11, 5)), ("pl", "11 November 2016", nil),
    ]

    @Test(arguments: dayFirst)
    func dayMonthNameYear(_ locale: String, _ input: String, _ expected: CivilDate?) {
        let months = MonthNames(locale: locale)
        #expect(DateTimeParsing.dayMonthNameYear(input, months: months) == expected)
        #expect(bytes(input) { DateTimeParsing.dayMonthNameYear($0, months: months) } == expected)
    }

    static let monthFirst: [(String, String, CivilDate?)] = [
        ("en", "Nov 4, 2016", date(2016, 11, 4)), ("en", "November 14, 2016", date(2016, 11, 14)),
        ("en", "nov 4 2016", date(2016, 11, 4)), ("en", "Sep 30, 1999", date(1999, 9, 30)),
        ("en", "Feb 29, 2023", nil), ("en", "Nov 4,2016", nil), ("en", "Nov 4, 16", date(2016, 11, 4)),
        ("en", "Nov  4, 2016", nil), ("en", "Nox 4, 2016", nil), ("en", "4 Nov, 2016", nil),
        ("de", "Okt. 4, 2016", date(2016, 10, 4)), ("de", "März 3, 2024", date(2024, 3, 3)),
    ]

    @Test(arguments: monthFirst)
    func monthNameDayYear(_ locale: String, _ input: String, _ expected: CivilDate?) {
        let months = MonthNames(locale: locale)
        #expect(DateTimeParsing.monthNameDayYear(input, months: months) == expected)
        #expect(bytes(input) { DateTimeParsing.monthNameDayYear($0, months: months) } == expected)
    }

    /// Arbitrary bytes (including invalid UTF-8) must return nil, never trap.
    @Test func garbageNeverCrashes() {
        let months = MonthNames(locale: "pl")
        var rng = SeededRandom(seed: 7)
        let alphabet: [UInt8] = Array("0123456789-/: ,.TapmAPMNovlis".utf8) + [0x00, 0xC5, 0xBA, 0xFF, 0x80]
        for _ in 0..<20_000 {
            let count = Int(rng.next() % 22)
            let input = (0..<count).map { _ in alphabet[rng.below(alphabet.count)] }
            input.withUnsafeBytes { b in
                _ = DateTimeParsing.isoDate(b)
                _ = DateTimeParsing.compactDate(b)
                _ = DateTimeParsing.usDate(b)
                _ = DateTimeParsing.time(b)
                _ = DateTimeParsing.compactTime(b)
                _ = DateTimeParsing.twelveHourTime(b)
                _ = DateTimeParsing.isoDateTime(b)
                _ = DateTimeParsing.dayMonthNameYear(b, months: months)
                _ = DateTimeParsing.monthNameDayYear(b, months: months)
                _ = months.month(b)
            }
        }
    }
}
