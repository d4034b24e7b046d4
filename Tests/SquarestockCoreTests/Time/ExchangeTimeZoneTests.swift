import Testing

@testable import SquarestockCore

/// Known conversions, each checked in both directions.
struct ZoneCase: Sendable, CustomTestStringConvertible {
    let zone: String
    let wall: CivilDateTime
    let utc: CivilDateTime
    let note: String
    var testDescription: String { "\(zone) \(wall) (\(note))" }

    init(_ zone: String, _ wall: String, _ utc: String, _ note: String) {
        self.zone = zone
        self.wall = DateTimeParsing.isoDateTime(wall)!
        self.utc = DateTimeParsing.isoDateTime(utc)!
        self.note = note
    }
}

@Suite struct ExchangeTimeZoneTests {
    static let unambiguous: [ZoneCase] = [
        // Stooq prints Europe/Warsaw wall clock; the week of 2020-03-23 has US DST but not EU DST.
        .init("Europe/Warsaw", "2020-03-23 17:49:23", "2020-03-23 16:49:23", "Stooq, US/EU mismatch week"),
        .init("America/New_York", "2020-03-23 12:49:23", "2020-03-23 16:49:23", "same instant in New York"),
        .init("Europe/Warsaw", "2022-11-11 22:00:08", "2022-11-11 21:00:08", "Stooq close, CET"),
        .init("America/New_York", "2022-11-11 16:00:08", "2022-11-11 21:00:08", "NY close, EST"),
        .init("Europe/Warsaw", "2020-08-27 22:00:02", "2020-08-27 20:00:02", "Stooq close, CEST"),
        .init("America/New_York", "2020-08-27 16:00:02", "2020-08-27 20:00:02", "NY close, EDT"),
        .init("America/New_York", "2025-10-29 12:36:59", "2025-10-29 16:36:59", "EDT"),
        .init("Europe/London", "2021-01-15 08:00:00", "2021-01-15 08:00:00", "GMT"),
        .init("Europe/London", "2021-07-01 08:00:00", "2021-07-01 07:00:00", "BST"),
        .init("Australia/Sydney", "2021-01-15 10:00:00", "2021-01-14 23:00:00", "AEDT, southern summer"),
        .init("Australia/Sydney", "2021-07-15 10:00:00", "2021-07-15 00:00:00", "AEST, southern winter"),
        .init("Asia/Tokyo", "2021-01-15 09:00:00", "2021-01-15 00:00:00", "JST, no DST"),
        .init("Asia/Tokyo", "2021-07-15 09:00:00", "2021-07-15 00:00:00", "JST, no DST"),
        .init("Asia/Kolkata", "2021-07-15 09:15:00", "2021-07-15 03:45:00", "IST, half-hour offset"),
        .init("America/New_York", "1960-06-01 12:00:00", "1960-06-01 16:00:00", "before 1970"),
        .init("Europe/Warsaw", "1600-01-01 00:00:00", "1599-12-31 22:36:00", "LMT +1:24"),
    ]

    @Test(arguments: unambiguous)
    func wallToUTCAndBack(_ c: ZoneCase) throws {
        let zone = try ExchangeTimeZone(identifier: c.zone)
        let expected = Instant(secondsSinceEpoch: c.utc.secondsSinceEpochAsUTC)
        #expect(zone.instant(for: c.wall) == expected)
        #expect(zone.localDateTime(at: expected) == c.wall)
        #expect(zone.offsetSeconds(at: expected) == Int(c.wall.secondsSinceEpochAsUTC - c.utc.secondsSinceEpochAsUTC))
    }

    /// Skipped wall times resolve forward; repeated ones to the earlier instant.
    static let transitions: [ZoneCase] = [
        .init("America/New_York", "2021-03-14 02:30:00", "2021-03-14 07:30:00", "gap -> 03:30 EDT"),
        .init("America/New_York", "2021-03-14 02:00:00", "2021-03-14 07:00:00", "gap start -> 03:00 EDT"),
        .init("America/New_York", "2021-03-14 01:59:59", "2021-03-14 06:59:59", "last EST second"),
        .init("America/New_York", "2021-03-14 03:00:00", "2021-03-14 07:00:00", "first EDT second"),
        .init("America/New_York", "2021-11-07 01:30:00", "2021-11-07 05:30:00", "overlap -> earlier (EDT)"),
        .init("America/New_York", "2021-11-07 01:00:00", "2021-11-07 05:00:00", "overlap start -> EDT"),
        .init("America/New_York", "2021-11-07 00:59:59", "2021-11-07 04:59:59", "before overlap"),
        .init("America/New_York", "2021-11-07 02:00:00", "2021-11-07 07:00:00", "after overlap, EST"),
        .init("Europe/Warsaw", "2021-03-28 02:30:00", "2021-03-28 01:30:00", "gap -> 03:30 CEST"),
        .init("Europe/Warsaw", "2021-10-31 02:30:00", "2021-10-31 00:30:00", "overlap -> CEST"),
        .init("Europe/London", "2021-03-28 01:30:00", "2021-03-28 01:30:00", "gap -> 02:30 BST"),
        .init("Europe/London", "2021-10-31 01:30:00", "2021-10-31 00:30:00", "overlap -> BST"),
        .init("Australia/Sydney", "2021-10-03 02:30:00", "2021-10-02 16:30:00", "gap -> 03:30 AEDT"),
        .init("Australia/Sydney", "2021-04-04 02:30:00", "2021-04-03 15:30:00", "overlap -> AEDT"),
    ]

    @Test(arguments: transitions)
    func gapsAndOverlaps(_ c: ZoneCase) throws {
        let zone = try ExchangeTimeZone(identifier: c.zone)
        #expect(zone.instant(for: c.wall) == Instant(secondsSinceEpoch: c.utc.secondsSinceEpochAsUTC))
    }

    /// The overlap answer must not depend on what the cache held before (a fresh cache after the
    /// fall-back would otherwise hand out the later instant).
    @Test func overlapAfterCacheWarmedOnTheLaterSide() throws {
        let ny = try ExchangeTimeZone(identifier: "America/New_York")
        _ = ny.instant(for: CivilDateTime(year: 2021, month: 11, day: 7, hour: 3))  // EST span cached
        #expect(
            ny.instant(for: CivilDateTime(year: 2021, month: 11, day: 7, hour: 1, minute: 30))
                == Instant(
                    secondsSinceEpoch: CivilDateTime(year: 2021, month: 11, day: 7, hour: 5, minute: 30)
                        .secondsSinceEpochAsUTC))
        _ = ny.instant(for: CivilDateTime(year: 2021, month: 3, day: 14, hour: 1))  // EST span before the gap
        #expect(
            ny.instant(for: CivilDateTime(year: 2021, month: 3, day: 14, hour: 2, minute: 30))
                == Instant(
                    secondsSinceEpoch: CivilDateTime(year: 2021, month: 3, day: 14, hour: 7, minute: 30)
                        .secondsSinceEpochAsUTC))
    }

    static let iso: [(String, String, String)] = [
        ("America/New_York", "2025-10-29T16:36:59Z", "2025-10-29T12:36:59-04:00"),
        ("America/New_York", "2025-12-01T21:00:00Z", "2025-12-01T16:00:00-05:00"),
        ("Europe/Warsaw", "2020-03-23T16:49:23Z", "2020-03-23T17:49:23+01:00"),
        ("Europe/Warsaw", "2020-08-27T20:00:02Z", "2020-08-27T22:00:02+02:00"),
        ("Asia/Kolkata", "2021-07-15T03:45:00Z", "2021-07-15T09:15:00+05:30"),
        ("Asia/Kathmandu", "2021-07-15T03:45:00Z", "2021-07-15T09:30:00+05:45"),
        ("Asia/Tokyo", "2021-07-15T00:00:00Z", "2021-07-15T09:00:00+09:00"),
        ("Australia/Sydney", "2021-01-14T23:00:00Z", "2021-01-15T10:00:00+11:00"),
        ("Europe/London", "2021-01-15T08:00:00Z", "2021-01-15T08:00:00+00:00"),
        ("America/St_Johns", "2021-01-15T12:00:00Z", "2021-01-15T08:30:00-03:30"),
    ]

    @Test(arguments: iso)
    func iso8601(_ zone: String, _ utc: String, _ expected: String) throws {
        let z = try ExchangeTimeZone(identifier: zone)
        let t = Instant(secondsSinceEpoch: DateTimeParsing.isoDateTime(String(utc.dropLast()))!.secondsSinceEpochAsUTC)
        #expect(t.iso8601UTC == utc)
        #expect(z.iso8601(at: t) == expected)
    }

    static let abbreviations: [(String, String, String, String)] = [
        ("America/New_York", "2025-10-29 16:36:59", "en_US", "EDT"),
        ("America/New_York", "2025-12-01 16:00:00", "en_US", "EST"),
        ("America/Chicago", "2025-07-01 16:00:00", "en_US", "CDT"),
        ("Europe/London", "2025-01-15 12:00:00", "en_GB", "GMT"),
        ("Europe/London", "2025-07-15 12:00:00", "en_GB", "BST"),
        ("Europe/Warsaw", "2025-01-15 12:00:00", "en_US", "CET"),
        ("Europe/Warsaw", "2025-07-15 12:00:00", "en_US", "CEST"),
        ("Europe/Warsaw", "2025-07-15 12:00:00", "pl", "CEST"),
        ("Asia/Tokyo", "2025-07-15 12:00:00", "en_US", "JST"),
        ("Asia/Kolkata", "2025-07-15 12:00:00", "en_US", "IST"),
        ("Asia/Kathmandu", "2025-07-15 12:00:00", "en_US", "UTC+5:45"),  // no table entry: the offset form
        ("America/Sao_Paulo", "2025-07-15 12:00:00", "en_US", "UTC-3"),
        ("Etc/UTC", "2025-07-15 12:00:00", "en_US", "UTC"),
        // Letters from the tz database where ICU's English names only had `GMT+9`.
        ("Asia/Seoul", "2025-07-15 12:00:00", "en_US", "KST"),
    ]

    @Test(arguments: abbreviations)
    func abbreviation(_ zone: String, _ utc: String, _ locale: String, _ expected: String) throws {
        let z = try ExchangeTimeZone(identifier: zone)
        let t = Instant(secondsSinceEpoch: DateTimeParsing.isoDateTime(utc)!.secondsSinceEpochAsUTC)
        #expect(z.abbreviation(at: t, locale: locale) == expected)
    }

    @Test func defaultAbbreviationLocaleIsEnglish() throws {
        let ny = try ExchangeTimeZone(identifier: "America/New_York")
        #expect(ny.abbreviation(at: Instant(secondsSinceEpoch: 1_761_755_819)) == "EDT")
    }

    @Test(arguments: [
        "Mars/Olympus", "", "America/New_Yrok", "Etc/Unknown", "GMT+05:00", "america/new_york ",
        String(repeating: "A/", count: 200),
    ])
    func unknownZoneThrows(_ id: String) {
        #expect(throws: TimeZoneError.unknownZone(id)) { try ExchangeTimeZone(identifier: id) }
    }

    @Test func unknownZoneMessageNamesTheZone() {
        let message = TimeZoneError.unknownZone("Mars/Olympus").description
        #expect(message.contains("Mars/Olympus"))
        #expect(message.contains("America/New_York"))
    }

    @Test(arguments: ["America/New_York", "US/Eastern", "Europe/Warsaw", "UTC", "Etc/UTC", "GMT", "Asia/Calcutta"])
    func knownZonesAndAliases(_ id: String) throws {
        #expect(try ExchangeTimeZone(identifier: id).identifier == id)
    }

    @Test func instancesShareTheirZoneCache() throws {
        let a = try ExchangeTimeZone(identifier: "Europe/Warsaw")
        let b = try ExchangeTimeZone(identifier: "Europe/Warsaw")
        #expect(a.cache === b.cache)
        #expect(a == b)
    }

    /// Extreme inputs must neither trap nor hang.
    @Test func extremeInputsDoNotCrash() throws {
        let ny = try ExchangeTimeZone(identifier: "America/New_York")
        for s: Int64 in [
            Int64.min, Int64.min + 1, -1 << 62, -8_640_000_000_000 - 1, 8_640_000_000_000 + 1, 1 << 62, Int64.max,
        ] {
            let t = Instant(secondsSinceEpoch: s)
            _ = ny.offsetSeconds(at: t)
            _ = ny.localDateTime(at: t)
            _ = ny.iso8601(at: t)
            _ = ny.abbreviation(at: t)
        }
        for wall in [
            CivilDateTime(year: Int.max, month: 1, day: 1), CivilDateTime(year: Int.min, month: 1, day: 1),
            CivilDateTime(year: 2021, month: 13, day: 40, hour: 99, minute: -5, second: Int.max),
            CivilDateTime(year: 270_000, month: 12, day: 31),
        ] {
            _ = ny.instant(for: wall)
        }
        // Lenient roll-over within bounds: hour 24 is the next midnight.
        #expect(
            ny.instant(for: CivilDateTime(year: 2021, month: 1, day: 1, hour: 24))
                == ny.instant(for: CivilDateTime(year: 2021, month: 1, day: 2)))
    }

    @Test func concurrentUseAgreesWithSequentialUse() async throws {
        let zone = try ExchangeTimeZone(identifier: "Europe/Warsaw")
        let start = CivilDateTime(year: 2019, month: 1, day: 1).secondsSinceEpochAsUTC
        let walls = (0..<20_000).map { CivilDateTime(secondsSinceEpochUTC: start + Int64($0) * 3_607) }
        let expected = walls.map { ICUZone.instant("Europe/Warsaw", wall: $0)! }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<4 {
                group.addTask {
                    var bad = 0
                    for (i, w) in walls.enumerated() where i % 4 == task || task == 0 {
                        if zone.instant(for: w).secondsSinceEpoch != expected[i] { bad += 1 }
                    }
                    return bad
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
