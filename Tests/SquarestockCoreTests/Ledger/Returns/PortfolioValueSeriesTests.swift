import Testing

@testable import SquarestockCore

/// The chart's series read from the hand-worked returns case (`ReturnsCalculatorTests`): each
/// day's value and flow, and the benchmark's units held that day at that day's close.
struct PortfolioValueSeriesTests {
    static func series() throws -> PortfolioValueSeries {
        let prices = PriceBook(
            closes: ReturnsCalculatorTests.closes,
            entries: PortfolioBook.effective(ReturnsCalculatorTests.entries), base: "USD")
        return PortfolioValueSeries.of(try ReturnsCalculatorTests.report(), prices: prices)
    }

    /// The start (01-01, nothing held) and the four valued days, as the returns computed them.
    /// IDX with the same money: 100 units on 01-02 at 100 = 10,000; 110 units on 01-03 at 110 =
    /// 12,100; 110 at 105 on 01-04 = 11,550; 101.66666667 at 120 on 01-05 = 12,200.00.
    @Test func eachDayHasItsValueFlowAndBenchmark() throws {
        let s = try Self.series()
        #expect(s.points.map(\.date.day) == [1, 2, 3, 4, 5])
        #expect(s.points.map(\.value) == [0, 1_009_000, 1_129_000, 1_143_240, 1_068_250])
        #expect(s.points.map(\.flow) == [0, 1_000_000, 110_000, 0, -100_000])
        #expect(s.points.map(\.benchmark) == [0, 1_000_000, 1_210_000, 1_155_000, 1_220_000])
        #expect(s.benchmark == "IDX" && s.base == "USD" && s.exponent == 2)
    }

    /// The last point is the returns' end value, and its benchmark the benchmark's end value:
    /// the chart and the figures come from one walk.
    @Test func theSeriesEndsWhereTheReturnsDo() throws {
        let r = try ReturnsCalculatorTests.report()
        let s = try Self.series()
        #expect(s.points.last?.value == r.total.endValue)
        #expect(s.points.last?.benchmark == r.benchmark?.endValue)
        #expect(s.points.reduce(0) { $0 + $1.flow } == r.total.netFlows)
    }

    /// Days before anything was held are dropped but for the last of them, so the line starts
    /// from nothing on the day before the first money: AAA has closes from 01-03, but is bought
    /// on 01-10 only.
    @Test func emptyDaysBeforeTheFirstMoneyAreLeftOut() throws {
        let entries = [
            JournalEntry(
                id: 1, kind: .buy, date: day(10), symbol: "AAA", quantity: ExactDecimal(1), price: ExactDecimal(10),
                currency: "USD", amount: 1_000)
        ]
        let closes = [3, 4, 5, 10, 11].map { d in
            DailyClose(
                symbol: "AAA", date: day(d), close: ExactDecimal(10 + d), currency: "USD", source: "test",
                fetched: Instant(secondsSinceEpoch: 1_706_000_000), splitAdjusted: false)
        }
        let prices = PriceBook(closes: closes, entries: entries, base: "USD")
        let report = try ReturnsCalculator.report(
            .init(
                portfolio: "p", base: "USD", from: day(2), to: day(12), benchmark: nil, byHolding: false,
                explain: false),
            entries: entries, method: .fifo, prices: prices)
        let s = PortfolioValueSeries.of(report, prices: prices)
        #expect(s.points.map(\.date.day) == [5, 10, 11, 12])
        #expect(s.points.map(\.value) == [0, 2_000, 2_100, 2_100])
        #expect(s.points.map(\.flow) == [0, 1_000, 0, 0])
        #expect(s.points.allSatisfy { $0.benchmark == nil })
    }
}

private func day(_ d: Int) -> CivilDate { CivilDate(year: 2024, month: 1, day: d) }
