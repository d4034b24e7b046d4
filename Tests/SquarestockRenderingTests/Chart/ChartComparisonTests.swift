import Testing

@testable import SquarestockCore
@testable import SquarestockRendering

/// A portfolio's value drawn with a benchmark dotted behind it and the days of money in and out
/// marked on the time axis (`portfolio chart`).
struct ChartComparisonTests {
    /// Ten daily values rising from 1,000 to 1,900, money in on the first day and out on the
    /// seventh, and a benchmark at 3,000 throughout: above every value, so the scale must reach it.
    static func series(benchmark: Bool = true) -> PortfolioValueSeries {
        let first = CivilDate(year: 2026, month: 3, day: 2)
        var points: [PortfolioValueSeries.Point] = []
        for i in 0..<10 {
            let flow: Int64 = i == 0 ? 100_000 : (i == 6 ? -5_000 : 0)
            let value = Int64(100_000 + i * 10_000)
            let date = first.adding(days: i)
            points.append(.init(date: date, value: value, flow: flow, benchmark: benchmark ? 300_000 : nil))
        }
        return PortfolioValueSeries(
            portfolio: "main", base: "USD", exponent: 2, benchmark: benchmark ? "SPY" : nil, points: points,
            notes: [])
    }

    static func lines(_ s: PortfolioValueSeries, style: ChartStyle = .ascii) -> [[Character]] {
        PortfolioChartWriter.chart(
            s, range: .month1, size: ChartSize(width: 100, height: 14), style: style, palette: .plain
        ).split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    }

    @Test func theBenchmarkIsDottedOnTheSameScale() throws {
        let lines = Self.lines(Self.series())
        // The benchmark's 3,000 is the scale's top: its dots sit on the highest plot row they use,
        // above the line's highest point.
        let dotRows = lines.indices.filter { r in r > 0 && lines[r].contains("*") }
        #expect(dotRows.count == 1, "\(lines.map { String($0) }.joined(separator: "\n"))")
        // The line's glyphs right of the y axis, on the plot rows (not the axis row).
        let axisColumn = try #require(lines[1].firstIndex(of: "|"))
        let lineRows = lines.indices.filter { r in
            r > 0 && r < lines.count - 2 && lines[r].dropFirst(axisColumn + 1).contains { "-.'|".contains($0) }
        }
        let dotRow = try #require(dotRows.first)
        #expect(!lineRows.isEmpty && lineRows.allSatisfy { $0 > dotRow })
        #expect(lines[dotRow].filter { $0 == "*" }.count >= 8)
        #expect(String(lines[0]).contains("* SPY, same money $3,000.00"), "\(String(lines[0]))")
        // No change against the first value in the legend (it would count the deposit as a gain),
        // but the gain net of money in and out: 1,900 - 1,000 - (-50) is +950.00 (the first day's 1,000 is in its own value).
        #expect(String(lines[0]).contains("gain +950.00"), "\(String(lines[0]))")
        #expect(!String(lines[0]).contains("+900"))
    }

    @Test func moneyInAndOutAreMarkedOnTheTimeAxis() throws {
        let lines = Self.lines(Self.series(benchmark: false))
        let axis = try #require(lines.firstIndex { $0.contains("+") && $0.filter { $0 == "-" }.count > 30 })
        #expect(lines[axis].filter { $0 == "^" }.count == 1, "\(String(lines[axis]))")
        #expect(lines[axis].filter { $0 == "v" }.count == 1, "\(String(lines[axis]))")
        let up = try #require(lines[axis].firstIndex(of: "^"))
        let down = try #require(lines[axis].firstIndex(of: "v"))
        #expect(up < down)
        #expect(String(lines[0]).contains("^ in v out"))
        #expect(!lines.contains { $0.contains("*") })
        let unicode = Self.lines(Self.series(benchmark: false), style: .line)
        #expect(unicode.contains { $0.contains("↑") } && unicode.contains { $0.contains("↓") })
    }

    /// A comparison of another length than the bars cannot be placed, so it is not drawn.
    @Test func aComparisonThatDoesNotFitIsLeftOut() {
        let bars = (0..<5).map { i in
            Bar(
                time: Instant(secondsSinceEpoch: Int64(20_000 + i) * 86_400),
                session: CivilDate(daysSinceEpoch: Int64(20_000 + i)), close: ExactDecimal(100 + i))
        }
        let series = HistorySeries(
            symbol: "X", zone: try! ExchangeTimeZone(identifier: "UTC"), interval: .daily, bars: bars)
        let text = ChartRenderer.render(
            series: series, size: ChartSize(width: 50, height: 10), style: .ascii, palette: .plain,
            options: ChartOptions(comparison: ChartComparison(label: "B", values: [ExactDecimal(1)])))
        #expect(!text.contains("*"))
    }
}
