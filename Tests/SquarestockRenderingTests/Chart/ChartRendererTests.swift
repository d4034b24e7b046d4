import Foundation
import Testing

@testable import SquarestockCore
@testable import SquarestockRendering

/// Properties every rendering keeps, whatever the series: size, purity, colour only through the
/// palette, ASCII only in the ascii style, labels that suit the range.
struct ChartRendererTests {
    typealias S = ChartTestSeries

    static let series: [(String, HistorySeries, ChartOptions)] = [
        (
            "1d", S.intraday(dates: [S.date("2024-03-15")], start: 17_250, seed: 7),
            ChartOptions(range: .day1, previousClose: ExactDecimal("172.80"), showVolume: true)
        ),
        (
            "5d", S.intraday(dates: S.weekdays(from: S.date("2024-03-11"), count: 5), start: 17_250, seed: 8),
            ChartOptions(range: .day5, previousClose: ExactDecimal("172.10"))
        ),
        ("1y", ChartRange.year1.trimmed(S.stooqAAPL), ChartOptions(range: .year1, showVolume: true)),
        ("spread", ChartTestSeries.spread(), ChartOptions()),
        (
            "eur",
            {
                var s = ChartTestSeries.quarter()
                s.currency = Currency(code: "EUR")
                return s
            }(), ChartOptions(showVolume: true)
        ),
        ("single", ChartTestSeries.single(), ChartOptions()),
    ]

    static let sizes = [
        ChartSize(width: 24, height: 6), ChartSize(width: 60, height: 12), ChartSize(width: 120, height: 30),
        ChartSize(width: 3, height: 2),
    ]

    @Test(arguments: ChartStyle.allCases)
    func fillsExactlyTheSizeAndIsPure(_ style: ChartStyle) {
        for (name, s, options) in Self.series {
            for size in Self.sizes {
                let text = ChartRenderer.render(series: s, size: size, style: style, palette: .plain, options: options)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                let want = size.clamped
                #expect(lines.count == want.height, "\(name) \(size)")
                #expect(lines.allSatisfy { $0.unicodeScalars.count <= want.width }, "\(name) \(size)")
                #expect(
                    text == ChartRenderer.render(series: s, size: size, style: style, palette: .plain, options: options)
                )
            }
        }
    }

    @Test(arguments: ChartStyle.allCases)
    func plainPaletteWritesNoEscapes(_ style: ChartStyle) {
        for (_, s, options) in Self.series {
            let text = ChartRenderer.render(series: s, size: .standard, style: style, palette: .plain, options: options)
            #expect(!text.unicodeScalars.contains("\u{1B}"))
        }
    }

    @Test func asciiStyleIsASCIIOnly() {
        for (name, s, options) in Self.series {
            let text = ChartRenderer.render(
                series: s, size: .standard, style: .ascii, palette: .plain, options: options)
            #expect(text.utf8.allSatisfy { $0 < 128 }, "\(name)")
        }
    }

    @Test func ansiPaletteColoursByDirectionAndResetsEveryLine() {
        let (_, s, options) = Self.series[0]
        let text = ChartRenderer.render(series: s, size: .standard, style: .line, palette: .ansi, options: options)
        #expect(text.contains(Palette.ansi.up))
        #expect(text.contains(Palette.ansi.down))
        // No colour leaks into the next line: the last code on every line is a reset.
        for line in text.split(separator: "\n") where line.contains("\u{1B}[") {
            let last = line.range(of: "\u{1B}[", options: .backwards)!
            #expect(line[last.lowerBound...].hasPrefix(Palette.ansi.reset))
        }
        // Without the escapes it is the plain rendering.
        let stripped = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(
            stripped
                == ChartRenderer.render(series: s, size: .standard, style: .line, palette: .plain, options: options))
    }

    @Test func baselineOnlyOnIntradayRanges() {
        let s = ChartTestSeries.quarter()
        let daily = ChartRenderer.render(
            series: s, size: .standard, style: .line, palette: .plain,
            options: ChartOptions(range: .month3, previousClose: ExactDecimal("184.00")))
        #expect(!daily.contains("┈"))
        let (_, intraday, options) = Self.series[0]
        let text = ChartRenderer.render(
            series: intraday, size: ChartSize(width: 120, height: 20), style: .line, palette: .plain, options: options)
        #expect(text.contains("┈┈┈┈"))
        #expect(text.contains("prev close $172.80"))
    }

    @Test func highAndLowAreMarked() {
        let s = ChartRange.year1.trimmed(S.stooqAAPL)
        let text = ChartRenderer.render(
            series: s, size: ChartSize(width: 100, height: 22), style: .line, palette: .plain,
            options: ChartOptions(range: .year1))
        let plot = text.split(separator: "\n").dropFirst()
        #expect(plot.contains { $0.contains("▲ $178.80") })
        #expect(plot.contains { $0.contains("▼ $124.17") || $0.contains("$124.17 ▼") })
        let ascii = ChartRenderer.render(
            series: s, size: ChartSize(width: 100, height: 22), style: .ascii, palette: .plain,
            options: ChartOptions(range: .year1))
        #expect(ascii.contains("^ $178.80"))
    }

    struct LabelCase: Sendable, CustomTestStringConvertible {
        var range: ChartRange
        var expected: [String]
        var testDescription: String { range.rawValue }
    }

    static let labelCases: [LabelCase] = [
        LabelCase(range: .day1, expected: ["10:00", "12:00", "15:00"]),
        LabelCase(range: .day5, expected: ["Mon 11", "Tue 12", "Fri 15"]),
        LabelCase(range: .month1, expected: ["Feb 27", "Mar 6", "Mar 13"]),
        LabelCase(range: .year1, expected: ["Apr", "Jul", "2023", "Mar"]),
        LabelCase(range: .year5, expected: ["2019", "2020", "2021", "2022", "2023"]),
        LabelCase(range: .max, expected: ["1985", "2000", "2020"]),
    ]

    @Test(arguments: labelCases)
    func xLabelsSuitTheRange(_ c: LabelCase) {
        let s: HistorySeries
        switch c.range {
        case .day1: s = S.intraday(dates: [S.date("2024-03-15")], start: 17_250, seed: 7)
        case .day5: s = S.intraday(dates: S.weekdays(from: S.date("2024-03-11"), count: 5), start: 17_250, seed: 8)
        default: s = c.range.trimmed(S.stooqAAPL)
        }
        let text = ChartRenderer.render(
            series: s, size: ChartSize(width: 120, height: 20), style: .line, palette: .plain,
            options: ChartOptions(range: c.range))
        let labels = text.split(separator: "\n").last.map(String.init) ?? ""
        for e in c.expected { #expect(labels.contains(e), "\(labels)") }
    }

    @Test func labelZoneMovesTimesNotData() {
        let s = S.intraday(dates: [S.date("2024-03-15")], start: 17_250, seed: 7)
        let ny = ChartRenderer.render(
            series: s, size: .standard, style: .line, palette: .plain, options: ChartOptions(range: .day1))
        let tokyo = ChartRenderer.render(
            series: s, size: .standard, style: .line, palette: .plain,
            options: ChartOptions(range: .day1, labelZone: S.tokyo))
        #expect(ny.contains("Mar 15 EDT"))
        #expect(tokyo.contains("Mar 15-16 JST"))  // the days in the labels' zone (22:30 to 05:00)
        #expect(ny.split(separator: "\n").last!.contains("10:00"))
        #expect(tokyo.split(separator: "\n").last!.contains("23:00"))  // 10:00 EDT is 23:00 in Tokyo
        // Same plot rows.
        let plot = { (t: String) in t.split(separator: "\n").dropFirst().dropLast(2) }
        #expect(Array(plot(ny)) == Array(plot(tokyo)))
    }

    @Test(arguments: [
        ["9000000000000000.00", "9000000000000000.01"],  // a span below Double's precision
        ["0.000000000000000001", "0.000000000000000002"],  // eighteen decimals
        ["-90000000000000000", "90000000000000000"],  // the whole Int64 range
        ["0", "0"],
    ])
    func extremeValuesDoNotTrap(_ closes: [String]) {
        let d = S.date("2024-03-15")
        let bars = closes.enumerated().map { i, c in
            Bar(
                time: S.newYork.instant(for: CivilDateTime(date: d.adding(days: i))), session: d.adding(days: i),
                close: ExactDecimal(c)!)
        }
        let s = HistorySeries(symbol: "X", zone: S.newYork, interval: .daily, bars: bars)
        for style in ChartStyle.allCases {
            let text = ChartRenderer.render(
                series: s, size: .standard, style: style, palette: .plain, options: ChartOptions(showVolume: true))
            #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == ChartSize.standard.height)
        }
    }

    @Test func barsOutOfOrderAreDrawnInOrder() {
        var s = ChartTestSeries.quarter()
        let ordered = ChartRenderer.render(series: s, size: .standard, style: .line, palette: .plain)
        s.bars.reverse()
        #expect(ChartRenderer.render(series: s, size: .standard, style: .line, palette: .plain) == ordered)
    }

    @Test func rangeTrimming() {
        let s = S.stooqAAPL
        #expect(ChartRange.year1.trimmed(s).bars.first?.session.description == "2022-03-18")
        #expect(ChartRange.ytd.trimmed(s).bars.first?.session.description == "2023-01-03")
        #expect(ChartRange.month1.trimmed(s).bars.first?.session.description == "2023-02-21")
        #expect(ChartRange.day5.trimmed(s).bars.count == 5)
        #expect(ChartRange.max.trimmed(s).bars.count == s.bars.count)
        #expect(ChartRange.inferred(for: ChartRange.year5.trimmed(s)) == .year5)
        #expect(ChartRange.inferred(for: ChartRange.month3.trimmed(s)) == .month3)
        let intraday = S.intraday(dates: S.weekdays(from: S.date("2024-03-11"), count: 5), start: 100, seed: 1)
        #expect(ChartRange.inferred(for: intraday) == .day5)
        #expect(ChartRange.inferred(for: ChartRange.day1.trimmed(intraday)) == .day1)
        #expect(ChartRange.day1.trimmed(intraday).sessions == [S.date("2024-03-15")])
    }
}
