import TestSupport
import Testing

@testable import SquarestockCore

/// The bulk converter must give `instant(for:)`'s answers for every wall clock, in order and out
/// of order, gaps and overlaps included, and ask ICU only at transitions.
@Suite struct WallClockConverterTests {
    static let zones = [
        "Europe/Warsaw", "America/New_York", "Australia/Sydney", "Asia/Tokyo", "Europe/London", "Pacific/Apia",
    ]

    @Test(arguments: zones)
    func everyMinuteAcrossThreeYears(_ id: String) throws {
        let zone = try ExchangeTimeZone(identifier: id)
        let start = CivilDateTime(year: 2010, month: 1, day: 1).secondsSinceEpochAsUTC
        let walls = (0..<(3 * 366 * 1440)).map { start + Int64($0) * 60 }
        let got = zone.instants(forWallSeconds: walls)
        var mismatches: [String] = []
        for (w, t) in zip(walls, got) {
            let expected = zone.instant(for: CivilDateTime(secondsSinceEpochUTC: w)).secondsSinceEpoch
            if t != expected && mismatches.count < 5 {
                mismatches.append("\(CivilDateTime(secondsSinceEpochUTC: w)): \(t) vs \(expected)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test func icuOnlyAtTransitions() throws {
        let zone = try ExchangeTimeZone(identifier: "Europe/Warsaw")
        var converter = zone.wallClockConverter()
        let start = CivilDateTime(year: 2021, month: 1, day: 1).secondsSinceEpochAsUTC
        let walls = (0..<(365 * 288)).map { start + Int64($0) * 300 }
        var out = [Int64](repeating: 0, count: walls.count)
        walls.withUnsafeBufferPointer { w in out.withUnsafeMutableBufferPointer { converter.convert(w, into: $0) } }
        // 2021 has two transitions: three intervals.
        #expect(converter.intervalLookups == 3)
        // Only the first value, the gap and the ambiguous hour after the fall-back go the slow way.
        #expect(converter.slowConversions < 40)
    }

    @Test func randomOrderAndExtremes() throws {
        let zone = try ExchangeTimeZone(identifier: "America/New_York")
        var random = SeededRandom(seed: 42)
        let base = CivilDateTime(year: 2000, month: 1, day: 1).secondsSinceEpochAsUTC
        var walls = (0..<20_000).map { _ in base + Int64(random.next() % (40 * 366 * 86_400)) }
        walls += [Int64.min, Int64.max, -WallClockConverter.wallLimit, WallClockConverter.wallLimit, 0]
        var converter = zone.wallClockConverter()
        for w in walls {
            let clamped = min(max(w, -WallClockConverter.wallLimit), WallClockConverter.wallLimit)
            let expected = zone.instant(for: CivilDateTime(secondsSinceEpochUTC: clamped)).secondsSinceEpoch
            #expect(converter.instant(forWallSeconds: w) == expected, "\(w)")
        }
        #expect(
            zone.instants(forWallSeconds: walls)
                == walls.map { w in
                    zone.instant(
                        for: CivilDateTime(
                            secondsSinceEpochUTC: min(
                                max(w, -WallClockConverter.wallLimit), WallClockConverter.wallLimit))
                    ).secondsSinceEpoch
                })
    }

    /// Spring-forward gap resolves forward, fall-back overlap to the earlier instant (Warsaw 2021).
    @Test func dstEdges() throws {
        let zone = try ExchangeTimeZone(identifier: "Europe/Warsaw")
        func wall(_ d: Int, _ m: Int, _ h: Int, _ mi: Int) -> Int64 {
            CivilDateTime(year: 2021, month: m, day: d, hour: h, minute: mi).secondsSinceEpochAsUTC
        }
        let got = zone.instants(forWallSeconds: [
            wall(28, 3, 1, 59), wall(28, 3, 2, 30), wall(28, 3, 3, 0), wall(31, 10, 2, 30), wall(31, 10, 3, 0),
        ])
        #expect(
            got.map { Instant(secondsSinceEpoch: $0).iso8601UTC } == [
                "2021-03-28T00:59:00Z", "2021-03-28T01:30:00Z", "2021-03-28T01:00:00Z",
                "2021-10-31T00:30:00Z", "2021-10-31T02:00:00Z",
            ])
    }
}
