import TestSupport
import Testing

@testable import SquarestockCore

/// `HistoryBars` must hand back exactly the bars it was given (times, sessions, each price with
/// its own digits, absent values absent) whatever widths its columns had to reach, and behave as
/// the array of bars it replaces under the collection operations its consumers use.
@Suite struct HistoryBarsTests {
    /// Random bars whose numbers range from a few cents to 18 digits, scales from 0 to 8, with
    /// absent values and sessions decades apart, so every column widens and splits its scales.
    static func randomBars(_ rng: inout SeededRandom, count: Int) -> [Bar] {
        func decimal(_ rng: inout SeededRandom) -> ExactDecimal? {
            switch rng.below(10) {
            case 0: return nil
            case 1: return ExactDecimal(significand: Int64(rng.step(999_999_999_999_999_999)), scale: rng.below(9))
            case 2: return ExactDecimal(significand: Int64(rng.step(2_000_000_000)), scale: rng.below(3))
            default: return ExactDecimal(significand: Int64(rng.step(30_000)), scale: 2)
            }
        }
        var day: Int64 = 14_000 + rng.step(5_000)
        return (0..<count).map { _ in
            day += rng.below(20) == 0 ? rng.step(40_000) : Int64(rng.below(2))
            let offset = rng.below(3) == 0 ? rng.step(100_000) : rng.step(30_000)
            return Bar(
                time: Instant(secondsSinceEpoch: day * 86_400 + offset), session: CivilDate(daysSinceEpoch: day),
                open: decimal(&rng), high: decimal(&rng), low: decimal(&rng), close: decimal(&rng),
                volume: decimal(&rng))
        }
    }

    /// Same bars, and the same digits (`Bar ==` compares decimals by value only).
    static func expectIdentical(_ got: HistoryBars, _ expected: [Bar], _ comment: String) {
        #expect(got.count == expected.count, "\(comment)")
        for (i, (a, b)) in zip(got, expected).enumerated() where a != b || a.digits != b.digits {
            Issue.record("\(comment): bar \(i): \(a) instead of \(b)")
            return
        }
    }

    @Test func holdsWhatItWasGiven() {
        var rng = SeededRandom(seed: 30)
        for round in 0..<60 {
            let bars = Self.randomBars(&rng, count: rng.below(round < 30 ? 12 : 300))
            var appended = HistoryBars()
            for b in bars { appended.append(b) }
            Self.expectIdentical(appended, bars, "appended, round \(round)")
            Self.expectIdentical(HistoryBars(bars), bars, "built, round \(round)")
        }
    }

    @Test func writesThroughTheSubscript() {
        var rng = SeededRandom(seed: 31)
        for round in 0..<40 {
            var expected = Self.randomBars(&rng, count: 1 + rng.below(100))
            var bars = HistoryBars(expected)
            for _ in 0..<20 {
                let i = rng.below(expected.count)
                let replacement = Self.randomBars(&rng, count: 1)[0]
                expected[i] = replacement
                bars[i] = replacement
            }
            Self.expectIdentical(bars, expected, "round \(round)")
        }
    }

    @Test func reversesDropsAndSplicesAsAnArrayWould() {
        var rng = SeededRandom(seed: 32)
        for round in 0..<40 {
            let expected = Self.randomBars(&rng, count: rng.below(150))
            var bars = HistoryBars(expected)
            bars.reverseInPlace()
            Self.expectIdentical(bars, expected.reversed(), "reversed, round \(round)")
            let k = rng.below(expected.count + 1)
            var shorter = HistoryBars(expected)
            shorter.removeLast(k)
            Self.expectIdentical(shorter, Array(expected.dropLast(k)), "dropped \(k), round \(round)")
            let cut = rng.below(expected.count + 1)
            Self.expectIdentical(
                HistoryBars(expected[cut...]) + HistoryBars(expected[..<cut]),
                Array(expected[cut...] + expected[..<cut]), "spliced at \(cut), round \(round)")
        }
    }

    /// Appending by parts, as decoders do, then setting times once they are known.
    /// Blocks appended at once (`append(sessionDays:times:count:values:stride:columns:)`, the
    /// history reader's fast path) give the bars that appending them one by one gives: columns that
    /// widen or change how they hold scales inside a block, columns the layout lacks, and single
    /// bars with absent values between blocks.
    @Test func blocksAppendAsBarsOneByOne() {
        var rng = SeededRandom(seed: 31)
        for round in 0..<80 {
            let layout = (0..<5).map { _ in rng.below(4) == 0 ? -1 : 0 }
            var columns = (open: -1, high: -1, low: -1, close: -1, volume: -1)
            var stride = 0
            func place(_ present: Int) -> Int {
                guard present >= 0 else { return -1 }
                stride += 1
                return stride - 1
            }
            columns.open = place(layout[0])
            columns.high = place(layout[1])
            columns.low = place(layout[2])
            columns.close = place(layout[3])
            columns.volume = place(layout[4])
            stride = max(stride, 1)
            var expected: [Bar] = []
            var got = HistoryBars()
            for _ in 0..<(1 + rng.below(6)) {
                // Values of the layout's columns present (a scanned row has every one).
                let block = Self.randomBars(&rng, count: rng.below(round % 2 == 0 ? 20 : 700)).map { bar in
                    var b = bar
                    func fill(_ v: ExactDecimal?, _ c: Int) -> ExactDecimal? {
                        c < 0 ? nil : v ?? ExactDecimal(significand: Int64(rng.below(100)), scale: 2)
                    }
                    b.open = fill(b.open, columns.open)
                    b.high = fill(b.high, columns.high)
                    b.low = fill(b.low, columns.low)
                    b.close = fill(b.close, columns.close)
                    b.volume = fill(b.volume, columns.volume)
                    return b
                }
                var days = block.map(\.session.daysSinceEpoch)
                var times = block.map(\.time.secondsSinceEpoch)
                var values = [ExactDecimal](repeating: .zero, count: max(block.count, 1) * stride)
                for (k, b) in block.enumerated() {
                    for (c, v) in [
                        (columns.open, b.open), (columns.high, b.high), (columns.low, b.low),
                        (columns.close, b.close), (columns.volume, b.volume),
                    ] where c >= 0 {
                        values[k * stride + c] = v!
                    }
                }
                days.withUnsafeMutableBufferPointer { d in
                    times.withUnsafeMutableBufferPointer { t in
                        values.withUnsafeMutableBufferPointer { v in
                            got.append(
                                sessionDays: d.baseAddress!, times: t.baseAddress!, count: block.count,
                                values: v.baseAddress!, stride: stride, columns: columns)
                        }
                    }
                }
                expected += block
                if rng.below(2) == 0 {
                    let single = Self.randomBars(&rng, count: 1)
                    for b in single { got.append(b) }
                    expected += single
                }
            }
            Self.expectIdentical(got, expected, "round \(round)")
        }
    }

    @Test func decodersAppendPartsAndSetTimesLater() {
        var bars = HistoryBars()
        let day = CivilDate(year: 2024, month: 3, day: 29).daysSinceEpoch
        bars.append(
            sessionDay: day, time: day * 86_400 + 34_200, open: ExactDecimal(significand: 17_123, scale: 2),
            high: nil, low: ExactDecimal(significand: 1_712, scale: 1), close: ExactDecimal(17), volume: nil)
        bars.setTime(day * 86_400 - 3_600, sessionDay: day + 1, at: 0)
        let bar = bars[0]
        #expect(bar.time.secondsSinceEpoch == day * 86_400 - 3_600)
        #expect(bar.session == CivilDate(year: 2024, month: 3, day: 30))
        #expect(bar.open?.description == "171.23")
        #expect(bar.high == nil)
        #expect(bar.low?.description == "171.2")
        #expect(bar.close?.description == "17")
        #expect(bar.volume == nil)
    }
}

extension Bar {
    /// The prices' printed digits, which `==` does not compare (`1.50 == 1.5`).
    fileprivate var digits: [String] {
        [open, high, low, close, volume].map { $0?.description ?? "-" }
    }
}
