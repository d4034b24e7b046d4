import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockRendering

/// Whole renderings against golden files in `Tests/Fixtures/snapshots/chart/`, one per case, so a
/// reviewer sees what a user sees. `GOLDEN_RECORD=1 swift test` rewrites them.
@Suite("Chart snapshots")
struct ChartSnapshotTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var series: @Sendable () -> HistorySeries
        var size = ChartSize(width: 100, height: 22)
        var style = ChartStyle.line
        var options = ChartOptions()
        var testDescription: String { name }
    }

    typealias S = ChartTestSeries
    static let oneDay = S.date("2024-03-15")
    static let week = S.weekdays(from: S.date("2024-03-11"), count: 5)

    static let cases: [Case] = [
        // Each style on the same real year of AAPL (Stooq daily, 2022-03 to 2023-03).
        Case(
            name: "1y_daily_stooq_aapl_line", series: { ChartTestSeries.year1(S.stooqAAPL) },
            options: ChartOptions(range: .year1)),
        Case(
            name: "1y_daily_stooq_aapl_braille", series: { ChartTestSeries.year1(S.stooqAAPL) }, style: .braille,
            options: ChartOptions(range: .year1)),
        Case(
            name: "1y_daily_stooq_aapl_blocks", series: { ChartTestSeries.year1(S.stooqAAPL) }, style: .blocks,
            options: ChartOptions(range: .year1)),
        Case(
            name: "1y_daily_stooq_aapl_ascii", series: { ChartTestSeries.year1(S.stooqAAPL) }, style: .ascii,
            options: ChartOptions(range: .year1)),
        // Real Yahoo table.csv year of TSLA (2015-09 to 2016-09), newest first on the wire.
        Case(
            name: "1y_daily_yahoo_tsla_line", series: { S.yahooTSLA }, size: ChartSize(width: 90, height: 18),
            options: ChartOptions(range: .year1)),
        // Five real years of AAPL: 1,260 bars squeezed into ~90 columns.
        Case(
            name: "5y_daily_stooq_aapl_line", series: { ChartRange.year5.trimmed(S.stooqAAPL) },
            size: ChartSize(width: 100, height: 24), options: ChartOptions(range: .year5)),
        Case(
            name: "5y_daily_stooq_aapl_braille", series: { ChartRange.year5.trimmed(S.stooqAAPL) },
            size: ChartSize(width: 100, height: 24), style: .braille, options: ChartOptions(range: .year5)),
        Case(
            name: "max_daily_stooq_aapl_braille", series: { S.stooqAAPL }, size: ChartSize(width: 100, height: 20),
            style: .braille, options: ChartOptions(range: .max)),
        // One intraday session with the previous close as a dotted baseline.
        Case(
            name: "1d_intraday_5m_prevclose_line", series: { S.intraday(dates: [oneDay], start: 17_250, seed: 7) },
            options: ChartOptions(range: .day1, previousClose: ExactDecimal("172.80"))),
        Case(
            name: "1d_intraday_5m_prevclose_braille", series: { S.intraday(dates: [oneDay], start: 17_250, seed: 7) },
            style: .braille,
            options: ChartOptions(range: .day1, previousClose: ExactDecimal("172.80"))),
        Case(
            name: "1d_intraday_5m_prevclose_blocks", series: { S.intraday(dates: [oneDay], start: 17_250, seed: 7) },
            style: .blocks,
            options: ChartOptions(range: .day1, previousClose: ExactDecimal("172.80"))),
        Case(
            name: "1d_intraday_5m_prevclose_ascii", series: { S.intraday(dates: [oneDay], start: 17_250, seed: 7) },
            style: .ascii,
            options: ChartOptions(range: .day1, previousClose: ExactDecimal("172.80"))),
        // Drawn at 12:30: the afternoon keeps its room.
        Case(
            name: "1d_intraday_mid-session_hours",
            series: { S.intraday(dates: [oneDay], start: 17_250, seed: 7, until: 750) },
            size: ChartSize(width: 80, height: 16),
            options: ChartOptions(
                range: .day1, previousClose: ExactDecimal("172.80"),
                tradingHours: TradingHours(open: "09:30", close: "16:00"))),
        // The same session with times in London (GMT, five hours ahead in March before the US change... here after it: four).
        Case(
            name: "1d_intraday_labels_in_london", series: { S.intraday(dates: [oneDay], start: 17_250, seed: 7) },
            size: ChartSize(width: 80, height: 14),
            options: ChartOptions(
                range: .day1, previousClose: ExactDecimal("172.80"),
                labelZone: try! ExchangeTimeZone(identifier: "Europe/London"))),
        // Tokyo: the lunch break is a gap inside the session, not a line.
        Case(
            name: "1d_intraday_tokyo_lunch_gap", series: { ChartTestSeries.tokyoDay() },
            size: ChartSize(width: 80, height: 14),
            options: ChartOptions(range: .day1, previousClose: ExactDecimal("2856"))),
        // Five sessions; Wednesday is missing from the data while the calendar expects it.
        Case(
            name: "5d_intraday_missing_session_gap",
            series: {
                S.intraday(
                    dates: S.weekdays(from: S.date("2024-03-11"), count: 5, skipping: [S.date("2024-03-13")]),
                    start: 17_250, seed: 11)
            },
            options: ChartOptions(range: .day5, previousClose: ExactDecimal("172.10"), calendar: .weekdays)),
        Case(
            name: "5d_intraday_braille", series: { S.intraday(dates: week, minutes: 15, start: 17_250, seed: 12) },
            style: .braille,
            options: ChartOptions(range: .day5, previousClose: ExactDecimal("172.10"))),
        // Thursday 2021-03-11 to Wednesday 2021-03-17: US clocks went forward on Sunday the 14th;
        // sessions still open at the same column.
        Case(
            name: "5d_intraday_across_us_dst_change",
            series: { S.intraday(dates: S.weekdays(from: S.date("2021-03-11"), count: 5), start: 12_100, seed: 21) },
            options: ChartOptions(range: .day5, previousClose: ExactDecimal("120.00"))),
        Case(
            name: "1mo_daily_across_us_dst_change",
            series: {
                S.daily(
                    dates: S.weekdays(from: S.date("2021-02-26"), count: 21), start: 12_100, step: 180, seed: 22,
                    symbol: "AAPL")
            },
            size: ChartSize(width: 80, height: 16), options: ChartOptions(range: .month1)),
        // A flat series, and a single bar.
        Case(
            name: "1mo_flat_series", series: { ChartTestSeries.flat() }, size: ChartSize(width: 70, height: 12),
            options: ChartOptions(range: .month1)),
        Case(
            name: "single_point", series: { ChartTestSeries.single() }, size: ChartSize(width: 60, height: 10),
            options: ChartOptions(range: .month1)),
        Case(
            name: "single_point_ascii", series: { ChartTestSeries.single() }, size: ChartSize(width: 60, height: 10),
            style: .ascii, options: ChartOptions(range: .month1)),
        // A week of data missing from a daily series: a visible gap, not a bridge.
        Case(
            name: "3mo_daily_missing_week_gap", series: { ChartTestSeries.missingWeek() },
            size: ChartSize(width: 90, height: 16),
            options: ChartOptions(range: .month3, calendar: .weekdays)),
        // A spread that crosses zero, with no currency.
        Case(
            name: "3mo_negative_spread", series: { ChartTestSeries.spread() }, size: ChartSize(width: 90, height: 18),
            options: ChartOptions(range: .month3)),
        Case(
            name: "3mo_negative_spread_blocks", series: { ChartTestSeries.spread() },
            size: ChartSize(width: 90, height: 18), style: .blocks, options: ChartOptions(range: .month3)),
        // Scales: bitcoin near 97,000 (every day a session) and a token near 0.0001.
        Case(
            name: "6mo_huge_scale_btc", series: { ChartTestSeries.bitcoin() }, size: ChartSize(width: 90, height: 18),
            options: ChartOptions(range: .month6, calendar: .everyDay)),
        Case(
            name: "1mo_tiny_scale", series: { ChartTestSeries.tiny() }, size: ChartSize(width: 80, height: 16),
            options: ChartOptions(range: .month1)),
        // Volume bars under the price.
        Case(
            name: "3mo_daily_volume_line", series: { ChartTestSeries.quarter() },
            size: ChartSize(width: 90, height: 24), options: ChartOptions(range: .month3, showVolume: true)),
        Case(
            name: "3mo_daily_volume_ascii", series: { ChartTestSeries.quarter() },
            size: ChartSize(width: 90, height: 24), style: .ascii,
            options: ChartOptions(range: .month3, showVolume: true)),
        Case(
            name: "1d_intraday_volume_braille", series: { S.intraday(dates: [oneDay], start: 17_250, seed: 7) },
            size: ChartSize(width: 100, height: 24),
            style: .braille,
            options: ChartOptions(range: .day1, previousClose: ExactDecimal("172.80"), showVolume: true)),
        // Small terminal.
        Case(
            name: "1y_daily_small_40x10", series: { ChartTestSeries.year1(S.stooqAAPL) },
            size: ChartSize(width: 40, height: 10), options: ChartOptions(range: .year1)),
        // No bars at all.
        Case(
            name: "empty_series",
            series: { HistorySeries(symbol: "AAPL", zone: S.newYork, interval: .daily, bars: []) },
            size: ChartSize(width: 50, height: 8)),
    ]

    @Test(arguments: cases)
    func matchesSnapshot(_ c: Case) {
        let text = ChartRenderer.render(
            series: c.series(), size: c.size, style: c.style, palette: .plain, options: c.options)
        let problem = Snapshot.mismatch(text, named: "chart/" + c.name)
        #expect(problem == nil, "\(problem ?? "")")
    }
}

extension ChartTestSeries {
    /// The last year of a daily series.
    static func year1(_ s: HistorySeries) -> HistorySeries { ChartRange.year1.trimmed(s) }

    static func tokyoDay() -> HistorySeries {
        let date = date("2026-10-05")
        let morning = intraday(
            dates: [date], zone: tokyo, open: 540, close: 690, start: 286_000, step: 150, seed: 5, symbol: "7203.T")
        var afternoon = intraday(
            dates: [date], zone: tokyo, open: 750, close: 930, start: 288_500, step: 150, seed: 6, symbol: "7203.T")
        afternoon.bars = morning.bars + afternoon.bars
        afternoon.currency = Currency(code: "JPY")
        return afternoon
    }

    static func flat() -> HistorySeries {
        var s = daily(
            dates: weekdays(from: date("2024-02-15"), count: 21), start: 10_000, step: 0, seed: 1, symbol: "FLAT")
        for i in s.bars.indices {
            s.bars[i].high = s.bars[i].close
            s.bars[i].low = s.bars[i].close
            s.bars[i].open = s.bars[i].close
        }
        return s
    }

    static func single() -> HistorySeries {
        let d = date("2024-03-15")
        return HistorySeries(
            symbol: "ONE", zone: newYork, interval: .daily,
            bars: [
                Bar(
                    time: newYork.instant(for: CivilDateTime(date: d)), session: d, open: ExactDecimal("41.20"),
                    high: ExactDecimal("42.05"),
                    low: ExactDecimal("40.90"), close: ExactDecimal("41.75"), volume: ExactDecimal("1200300"))
            ], currency: usd)
    }

    static func missingWeek() -> HistorySeries {
        let missing = Set(weekdays(from: date("2024-02-12"), count: 5))
        return daily(
            dates: weekdays(from: date("2023-12-18"), count: 60, skipping: missing), start: 18_500, step: 260, seed: 31,
            symbol: "MSFT")
    }

    static func spread() -> HistorySeries {
        // A calendar spread in dollars drifting from about +1.20 through zero to about -2.
        daily(
            dates: weekdays(from: date("2024-01-02"), count: 63), start: 120, step: 30, drift: -5, seed: 41,
            symbol: "CLZ4-CLH5", currency: nil, volume: false)
    }

    static func bitcoin() -> HistorySeries {
        daily(
            dates: days(from: date("2024-09-01"), count: 182), zone: utc, start: 9_700_000, step: 180_000, seed: 51,
            symbol: "BTC-USD")
    }

    static func tiny() -> HistorySeries {
        daily(
            dates: weekdays(from: date("2024-02-15"), count: 21), start: 1_000, step: 60, scale: 7, seed: 61,
            symbol: "SHIB-USD")
    }

    static func quarter() -> HistorySeries {
        daily(dates: weekdays(from: date("2024-01-02"), count: 63), start: 18_500, step: 300, seed: 71, symbol: "AAPL")
    }
}
