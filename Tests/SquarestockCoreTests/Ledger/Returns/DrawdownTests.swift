import Testing

@testable import SquarestockCore

/// The drawdown reads the time-weighted chain, so money in or out is neither a fall nor a
/// recovery: only the days' growths count.
struct DrawdownTests {
    static func step(_ day: Int, _ growth: Double?, flow: Int64 = 0) -> TimeWeightedReturn.Step {
        TimeWeightedReturn.Step(
            date: CivilDate(year: 2026, month: 1, day: day), startValue: 100, flow: flow, endValue: 100,
            growth: growth)
    }

    /// Index 1.1 (the peak, on the 2nd), 0.99, 1.0395: the deepest 1 - 0.99 / 1.1 = 10 %, now
    /// 1 - 1.0395 / 1.1 = 5.5 %. An unmeasured day and a withdrawal's day change nothing.
    @Test func belowTheRunningPeak() {
        let d = Drawdown.of([
            Self.step(2, 1.1), Self.step(3, nil), Self.step(4, 0.9, flow: -50_000), Self.step(5, 1.05),
        ])
        #expect(abs(d.deepest - 0.1) < 1e-12)
        #expect(abs(d.current - 0.055) < 1e-12)
        #expect(d.peakDate == CivilDate(year: 2026, month: 1, day: 2))
    }

    @Test func aNewHighIsNoDrawdown() {
        let d = Drawdown.of([Self.step(2, 0.8), Self.step(3, 1.5)])
        #expect(d.current == 0)
        #expect(abs(d.deepest - 0.2) < 1e-12)
        #expect(Drawdown.of([]).current == 0 && Drawdown.of([]).peakDate == nil)
    }
}
