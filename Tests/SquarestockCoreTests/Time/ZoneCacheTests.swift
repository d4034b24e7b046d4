import TestSupport
import Testing

@testable import SquarestockCore

/// The cache must give exactly ICU's answers: every 5 minutes across whole years, both
/// directions, compared with an uncached ICU call for the same input.
@Suite struct ZoneCacheTests {
    static let sweeps: [(String, Int)] = [
        ("America/New_York", 2021), ("Europe/Warsaw", 2021),
        ("Europe/Warsaw", 1996), ("Australia/Sydney", 2008),
    ]

    @Test(arguments: sweeps)
    func everyFiveMinutesOfAYear(_ id: String, _ year: Int) throws {
        let zone = try ExchangeTimeZone(identifier: id)
        let start = CivilDateTime(year: year, month: 1, day: 1).secondsSinceEpochAsUTC
        let end = CivilDateTime(year: year + 1, month: 1, day: 1).secondsSinceEpochAsUTC
        var wallMismatches: [String] = []
        var utcMismatches: [String] = []
        var s = start
        while s < end {
            // Wall clock -> UTC, sequential as bars arrive.
            let wall = CivilDateTime(secondsSinceEpochUTC: s)
            let cached = zone.instant(for: wall).secondsSinceEpoch
            let reference = ICUZone.instant(id, wall: wall)
            if cached != reference { wallMismatches.append("\(wall): \(cached) vs \(String(describing: reference))") }
            // UTC -> wall clock.
            let t = Instant(secondsSinceEpoch: s)
            let offset = zone.offsetSeconds(at: t)
            let referenceOffset = ICUZone.offsetSeconds(id, at: s)
            if Int64(offset) != referenceOffset {
                utcMismatches.append("\(t): \(offset) vs \(String(describing: referenceOffset))")
            }
            s += 300
        }
        #expect(wallMismatches.isEmpty, "\(wallMismatches.prefix(5))")
        #expect(utcMismatches.isEmpty, "\(utcMismatches.prefix(5))")
    }

    /// Jumping around (backwards across transitions, then forwards) must also stay exact.
    @Test func randomOrderAgreesWithICU() throws {
        let id = "America/New_York"
        let zone = try ExchangeTimeZone(identifier: id)
        var rng = SeededRandom(seed: 42)
        let base = CivilDateTime(year: 2015, month: 1, day: 1).secondsSinceEpochAsUTC
        var bad = 0
        for _ in 0..<3_000 {
            // Any minute in ten years, in random order.
            let s = base + Int64(rng.next() % (10 * 366 * 86_400 / 60)) * 60
            let wall = CivilDateTime(secondsSinceEpochUTC: s)
            if zone.instant(for: wall).secondsSinceEpoch != ICUZone.instant(id, wall: wall) { bad += 1 }
            if Int64(zone.offsetSeconds(at: Instant(secondsSinceEpoch: s))) != ICUZone.offsetSeconds(id, at: s) {
                bad += 1
            }
        }
        #expect(bad == 0)
    }

    /// Every minute of each transition night, in both directions of travel.
    @Test(arguments: ["America/New_York", "Europe/Warsaw", "Australia/Sydney", "Australia/Lord_Howe"])
    func transitionNightsMinuteByMinute(_ id: String) throws {
        let zone = try ExchangeTimeZone(identifier: id)
        var bad: [String] = []
        for (month, day) in [(3, 14), (3, 28), (4, 4), (10, 3), (10, 31), (11, 7)] {
            let night = CivilDateTime(year: 2021, month: month, day: day).secondsSinceEpochAsUTC
            let minutes = Array(stride(from: night - 3_600, to: night + 5 * 3_600, by: 60))
            for s in minutes + minutes.reversed() {
                let wall = CivilDateTime(secondsSinceEpochUTC: s)
                let got = zone.instant(for: wall).secondsSinceEpoch
                let want = ICUZone.instant(id, wall: wall)
                if got != want { bad.append("\(wall): \(got) vs \(String(describing: want))") }
            }
        }
        #expect(bad.isEmpty, "\(bad.prefix(5))")
    }
}
