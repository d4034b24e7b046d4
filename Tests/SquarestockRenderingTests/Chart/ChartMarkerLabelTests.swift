import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockRendering
@testable import SquarestockServices

/// The high and low labels stay inside the plot: when a marker sits at the left edge with no room
/// to its right (blocks fill it), its price is left out rather than written over the y axis.
struct ChartMarkerLabelTests {
    @Test func lowLabelNeverOverwritesTheAxis() throws {
        let goog = try YahooHistoryCSVDecoder.decode(
            HistoryFixture.fixture("yahoo-csv/table_GOOG_1Y_M.csv"), layout: .table, symbol: "GOOG",
            zone: HistoryFixture.newYork,
            interval: .monthly
        ).get()
        let text = ChartRenderer.render(
            series: ChartRange.year1.trimmed(goog), size: ChartSize(width: 100, height: 12), style: .blocks,
            palette: .plain, options: ChartOptions(range: .year1))
        // Without the legend and the x labels.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast()
        let axis = try #require(lines.first.flatMap { Array($0).firstIndex(of: "│") })
        for line in lines {
            let s = Array(line)
            #expect(s.count > axis && "│┤└".contains(s[axis]), "axis broken in \(line)")
            let label = String(s.prefix(axis)).trimmingCharacters(in: .whitespaces)
            // Text left of the axis is a tick label, and tick labels sit only at ticks.
            #expect(
                label.isEmpty || (s[axis] == "┤" && label.allSatisfy { "$0123456789,.".contains($0) }),
                "not a tick label: \(line)")
        }
        #expect(text.contains("▼"))
    }
}

/// The legend names a high or low that is a close as one: a recording of closes alone showed
/// its highest close as "high $271.16", below the day's high the quote gives (271.41).
struct ChartLegendExtremesTests {
    func legend(_ series: HistorySeries) -> String {
        let text = ChartRenderer.render(
            series: series, size: ChartSize(width: 120, height: 12), style: .blocks, palette: .plain,
            options: ChartOptions(range: .month1))
        return String(text.split(separator: "\n").first ?? "")
    }

    @Test func closesAloneAreARangeOfClosesAndBarsWithHighsHaveAHigh() {
        let dates = ChartTestSeries.weekdays(from: ChartTestSeries.date("2025-09-01"), count: 20)
        let full = ChartTestSeries.daily(dates: dates, start: 10_000, step: 150, seed: 7, symbol: "ACME")
        let withHighs = legend(full)
        #expect(withHighs.contains("  high $") && withHighs.contains("  low $"), "\(withHighs)")
        let closes = full.bars.map { Bar(time: $0.time, session: $0.session, close: $0.close) }
        let closesOnly = legend(
            HistorySeries(symbol: "ACME", zone: full.zone, interval: .daily, bars: closes, currency: full.currency))
        #expect(closesOnly.contains("  closes $") && !closesOnly.contains("high"), "\(closesOnly)")
    }
}
