import Testing

@testable import SquarestockCore

/// The system tz database reader: its footer rules, its table, and agreement with ICU where both
/// hold the same data (ICU's copy is older, so only rules unchanged since then are compared).
@Suite struct ZoneRulesTests {
    static func rules(_ zone: String) throws -> ZoneRules {
        try #require(SystemZoneDatabase.rules(for: zone), "no TZif file for \(zone) in \(SystemZoneDatabase.folder)")
    }

    static func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0) -> Int64 {
        CivilDateTime(year: y, month: m, day: d, hour: h, minute: min).secondsSinceEpochAsUTC
    }

    @Test func footerWithMonthWeekDayRules() throws {
        let rule = try #require(PosixZoneRule("EST5EDT,M3.2.0,M11.1.0"))
        #expect(rule.standardOffset == -18_000 && rule.daylightOffset == -14_400)
        #expect(rule.standardName == "EST" && rule.daylightName == "EDT")
        // 2030: second Sunday of March is the 10th, first Sunday of November the 3rd, at 02:00 local.
        #expect(rule.nextTransition(after: Self.utc(2030, 1, 1)) == Self.utc(2030, 3, 10, 7))
        #expect(rule.nextTransition(after: Self.utc(2030, 3, 10, 7)) == Self.utc(2030, 11, 3, 6))
        #expect(rule.state(at: Self.utc(2030, 7, 1)).offset == -14_400)
        #expect(rule.state(at: Self.utc(2030, 12, 1)).offset == -18_000)
    }

    @Test func footerWithQuotedNamesHalfHoursAndSouthernSummer() throws {
        // Lord Howe Island: +10:30 in winter, +11 in summer (a 30-minute change), across New Year.
        let rule = try #require(PosixZoneRule("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"))
        #expect(rule.standardName == "+1030" && rule.standardOffset == 37_800 && rule.daylightOffset == 39_600)
        #expect(rule.state(at: Self.utc(2031, 1, 15)).isDaylight)
        #expect(!rule.state(at: Self.utc(2031, 6, 15)).isDaylight)
    }

    @Test func footerWithoutDaylightTimeNeverChanges() throws {
        let rule = try #require(PosixZoneRule("<+0545>-5:45"))
        #expect(rule.standardOffset == 20_700)
        #expect(rule.nextTransition(after: 0) == nil)
        #expect(rule.state(at: Self.utc(2200, 1, 1)).offset == 20_700)
    }

    @Test func daylightTimeAllYearHasNoTransition() throws {
        // RFC 8536's example: DST all year, written as a start and an end that meet.
        let rule = try #require(PosixZoneRule("EST5EDT,0/0,J365/25"))
        #expect(rule.state(at: Self.utc(2030, 6, 1)).offset == -14_400)
        #expect(rule.state(at: Self.utc(2030, 1, 1, 12)).offset == -14_400)
    }

    @Test(arguments: ["", "E5", "EST", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.2.0", "<+05>-5<", "EST5EDT,J0,J365"])
    func malformedFootersAreRefused(_ text: String) {
        #expect(PosixZoneRule(text) == nil)
    }

    @Test func idsThatCouldLeaveTheFolderAreRefused() {
        for id in ["../etc/passwd", "/etc/passwd", "America//New_York", "America/.hidden", "Europe/Berlin\u{0}", ""] {
            #expect(!SystemZoneDatabase.isPlausibleID(id), "\(id)")
            #expect(SystemZoneDatabase.rules(for: id) == nil)
        }
        #expect(SystemZoneDatabase.isPlausibleID("America/Argentina/Buenos_Aires"))
        #expect(SystemZoneDatabase.isPlausibleID("Etc/GMT+5"))
    }

    @Test func notATZifFileIsRefused() {
        #expect(ZoneRules(tzif: Array("TZif2 but nothing else".utf8)) == nil)
        #expect(ZoneRules(tzif: []) == nil)
    }

    /// The same instants through the table and then the footer (far past the last listed
    /// transition), against ICU's answers for zones whose rules have not changed since ICU's data.
    @Test(arguments: ["America/New_York", "Europe/Warsaw", "Australia/Sydney", "Australia/Lord_Howe", "Asia/Tokyo"])
    func agreesWithICUEveryFewHoursFrom1990To2100(_ zone: String) throws {
        let rules = try Self.rules(zone)
        var mismatches: [String] = []
        var t = Self.utc(1990, 1, 1)
        let end = Self.utc(2100, 1, 1)
        while t < end {
            if rules.offset(at: t) != ICUZone.offsetSeconds(zone, at: t) { mismatches.append("offset at \(t)") }
            t += 5 * 3600 + 7
        }
        for year in [1995, 2021, 2037, 2038, 2060, 2099] {
            let from = Self.utc(year, 1, 1)
            #expect(rules.nextTransition(after: from) == ICUZone.nextTransition(zone, after: from), "\(zone) \(year)")
            #expect(
                rules.previousTransition(atOrBefore: from) == ICUZone.previousTransition(zone, atOrBefore: from),
                "\(zone) \(year)")
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// Wall clocks through every transition night of 2060 (footer only) match ICU's choices:
    /// a gap resolves forward, an overlap to the earlier instant.
    @Test(arguments: ["America/New_York", "Australia/Lord_Howe", "Europe/London"])
    func wallClocksAcrossFooterTransitionsMatchICU(_ zone: String) throws {
        let rules = try Self.rules(zone)
        var bad: [String] = []
        var cursor = Self.utc(2060, 1, 1)
        while let next = rules.nextTransition(after: cursor), next < Self.utc(2061, 1, 1) {
            for minute in stride(from: next - 4 * 3600, to: next + 4 * 3600, by: 60) {
                let wall = CivilDateTime(secondsSinceEpochUTC: minute)
                let got = rules.instant(forWall: minute)
                if got != ICUZone.instant(zone, wall: wall) { bad.append("\(wall)") }
            }
            cursor = next
        }
        #expect(bad.isEmpty, "\(bad.prefix(5))")
    }

    /// The tz database is what the OS updates: Egypt went back to summer time in 2023, after
    /// the ICU copy this machine links was made, and the answers follow the system.
    @Test func zonesAreAnsweredFromTheSystemDatabase() throws {
        let cairo = try ExchangeTimeZone(identifier: "Africa/Cairo")
        guard case .system = cairo.cache.source else {
            Issue.record("Africa/Cairo did not come from \(SystemZoneDatabase.folder)")
            return
        }
        // EEST (UTC+3) in July 2025 by tzdata 2023c and later; ICU 72's data says EET (UTC+2).
        #expect(cairo.offsetSeconds(at: Instant(secondsSinceEpoch: Self.utc(2025, 7, 1))) == 10_800)
    }

    @Test func aZoneOnlyICUKnowsStillWorks() throws {
        // Not a file in the tz folder, but an ID ICU accepts as an alias.
        guard SystemZoneDatabase.rules(for: "SystemV/EST5") == nil, ICUZone.isKnown("SystemV/EST5") else { return }
        let zone = try ExchangeTimeZone(identifier: "SystemV/EST5")
        #expect(zone.offsetSeconds(at: Instant(secondsSinceEpoch: Self.utc(2025, 7, 1))) == -18_000)
    }
}
