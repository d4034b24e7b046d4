import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockMarket
@testable import SquarestockRendering
@testable import SquarestockServices

/// From fetched history to what the chart shows: the range cut, the previous close, the session
/// calendar and hours handed to the renderer, and the CSV and JSON of the bars.
struct ChartDataTests {
    static let stooq = try! StooqHistoryDecoder.decode(
        HistoryFixture.fixture("stooq/aapl_us_d_polish-header.csv"), symbol: "AAPL", zone: HistoryFixture.newYork,
        interval: .daily
    ).get()

    func intraday(_ stamps: [(String, String)], zone: ExchangeTimeZone = HistoryFixture.newYork) -> HistorySeries {
        HistorySeries(
            symbol: "AAPL", zone: zone, interval: .minutes(5),
            bars: stamps.map { t, c in
                let time = zone.instant(for: DateTimeParsing.isoDateTime(t)!)
                return Bar(time: time, session: zone.localDateTime(at: time).date, close: HistoryFixture.d(c))
            }, currency: Currency(code: "USD"))
    }

    @Test func intradayRangeShowsTheLastSessionAgainstTheReportedClose() throws {
        let series = intraday([
            ("2025-10-28T15:55:00", "268.5"), ("2025-10-29T09:30:00", "269.6"), ("2025-10-29T09:35:00", "270.1"),
        ])
        let fetched = FetchedHistory(
            series: series, previousCloses: [HistoryFixture.date("2025-10-29"): HistoryFixture.d("269.00")],
            exchange: ExchangeRegistry.standard.exchange(id: "XNAS"), source: "test")
        let data = try ChartManager.data(symbol: "AAPL", range: .day1, fetched: fetched).get()
        #expect(data.series.bars.count == 2)
        #expect(data.previousClose?.description == "269.00")
        let options = data.chartOptions(showVolume: true)
        #expect(options.range == .day1)
        #expect(options.tradingHours?.open == 570 && options.tradingHours?.close == 960)
        #expect(options.previousClose?.description == "269.00")
        #expect(options.showVolume)
        #expect(!options.calendar.isObservedOnly)
        // An intraday series' last bar is not the official close: no reference without a report.
        let unreported = FetchedHistory(series: series, source: "test")
        #expect(try ChartManager.data(symbol: "AAPL", range: .day1, fetched: unreported).get().previousClose == nil)
    }

    /// The day after Thanksgiving closes at 13:00: the chart's day ends there (it kept room to
    /// 16:00, which looked like three hours of missing data).
    @Test func aHalfDayEndsAtItsOwnClose() throws {
        let series = intraday([("2026-11-27T09:30:00", "100.1"), ("2026-11-27T12:55:00", "104.2")])
        let fetched = FetchedHistory(
            series: series, exchange: ExchangeRegistry.standard.exchange(id: "XNAS"), source: "test")
        let options = try ChartManager.data(symbol: "AAPL", range: .day1, fetched: fetched).get().chartOptions()
        #expect(options.tradingHours?.open == 570 && options.tradingHours?.close == 780)
    }

    /// A series whose newest bar is older than its range's bars can be without news says so
    /// (an old answer was shown as today's chart); a recording says it is one already.
    @Test func anOldSeriesSaysHowOldItsNewestBarIs() throws {
        let data = try ChartManager.data(
            symbol: "AAPL", range: .month1, fetched: FetchedHistory(series: Self.stooq, source: "stooq")
        ).get()
        let last = try #require(data.series.bars.last)
        let soon = ChartManager.dated(data, now: last.time.adding(seconds: 13 * 86_400))
        #expect(soon.notes.isEmpty)
        let late = ChartManager.dated(data, now: last.time.adding(seconds: 400 * 86_400))
        #expect(
            late.notes.map(\.text) == ["the newest bar is of \(last.session) (1y ago): the source sent no later one"])
        var recorded = data
        recorded.notes = [.remark("recorded sample (x.json), not live data")]
        #expect(ChartManager.dated(recorded, now: last.time.adding(seconds: 400 * 86_400)).notes.count == 1)
    }

    /// Golden Week (3 to 6 May 2025 closed in Tokyo) is no old series: the note waits for
    /// sessions the exchange really held.
    @Test func holidaysAreNoOldSeries() throws {
        let tokyo = try ExchangeTimeZone(identifier: "Asia/Tokyo")
        let series = intraday([("2025-05-02T14:55:00", "2893.5"), ("2025-05-02T15:00:00", "2895")], zone: tokyo)
        let data = try ChartManager.data(
            symbol: "7203.T", range: .day1,
            fetched: FetchedHistory(
                series: series, exchange: ExchangeRegistry.standard.exchange(id: "XTKS"), source: "t")
        ).get()
        let afterHolidays = tokyo.instant(for: DateTimeParsing.isoDateTime("2025-05-07T08:00:00")!)
        #expect(ChartManager.dated(data, now: afterHolidays).notes.isEmpty)
        let aWeekOn = tokyo.instant(for: DateTimeParsing.isoDateTime("2025-05-12T08:00:00")!)
        #expect(ChartManager.dated(data, now: aWeekOn).notes.count == 1)
    }

    @Test func dailyRangeTakesThePreviousCloseFromTheBarBeforeIt() throws {
        let data = try ChartManager.data(
            symbol: "AAPL", range: .month1, fetched: FetchedHistory(series: Self.stooq, source: "stooq")
        ).get()
        // 2023-02-18 is a Saturday, the 20th a holiday.
        #expect(data.series.bars.first?.session == HistoryFixture.date("2023-02-21"))
        #expect(data.previousClose?.description == "152.55")  // 2023-02-17
        #expect(data.chartOptions().tradingHours == nil)
    }

    @Test func aRangeWithoutPricesIsAnErrorThatSaysWhatToTry() {
        let empty = FetchedHistory(
            series: HistorySeries(symbol: "AAPL", zone: HistoryFixture.newYork, interval: .minutes(5), bars: []),
            source: "yahoo")
        let e = ChartManager.data(symbol: "AAPL", range: .day1, fetched: empty).error
        #expect(e?.message(symbol: "AAPL") == "AAPL: yahoo has no prices for --range 1d; try a longer --range")
        #expect(e?.isServiceLevel == false)
    }

    @Test func invalidSymbolsAreRejectedBeforeAnyRequest() {
        let t = ScriptedTransport()
        let (shown, result) = ChartManager(source: StooqSource(), transport: t, context: SourceContext()).chart(
            symbol: "A;B", range: .day1)
        #expect(shown == "A;B")
        #expect(result.error?.message(symbol: shown).hasPrefix("A;B: not a valid symbol") == true)
        #expect(t.requested.isEmpty)
    }

    // MARK: the US calendar

    static let nasdaq = ChartSessionCalendars.sessions(for: ExchangeRegistry.standard.exchange(id: "XNAS"))

    @Test func usHolidaysOf2025() {
        let weekdays = (0..<365).map { CivilDate(year: 2025, month: 1, day: 1).adding(days: $0) }.filter {
            !$0.isWeekend
        }
        #expect(
            weekdays.filter { Self.nasdaq.isSession($0) == false }.map(\.description) == [
                "2025-01-01", "2025-01-09", "2025-01-20", "2025-02-17", "2025-04-18", "2025-05-26", "2025-06-19",
                "2025-07-04",
                "2025-09-01", "2025-11-27", "2025-12-25",
            ])
        // Saturday New Year (2022) is not made up on Friday Dec 31; Sunday Juneteenth (2022) moves to Monday.
        #expect(Self.nasdaq.isSession(HistoryFixture.date("2021-12-31")) == true)
        #expect(Self.nasdaq.isSession(HistoryFixture.date("2022-06-20")) == false)
        #expect(Self.nasdaq.isSession(HistoryFixture.date("2021-12-24")) == false)
        // Before the rules are claimed: never a gap.
        #expect(Self.nasdaq.isSession(HistoryFixture.date("1984-09-10")) == false)
    }

    /// The exchange calendar against real data: every weekday of Stooq's AAPL history from 1990
    /// to 2023-03 is a session exactly when the calendar says so.
    @Test func usCalendarMatchesEveryRealSessionSince1990() {
        let traded = Set(Self.stooq.sessions)
        var d = CivilDate(year: 1990, month: 1, day: 1)
        var missing: [String] = []
        var tradedOnHoliday: [String] = []
        while d <= HistoryFixture.date("2023-03-17") {
            let session = Self.nasdaq.isSession(d) == true
            if session && !traded.contains(d) { missing.append(d.description) }
            if !session && traded.contains(d) { tradedOnHoliday.append(d.description) }
            d = d.adding(days: 1)
        }
        #expect(missing == ["1999-11-16"])  // absent from Stooq's file: a gap, as a missing session should be
        #expect(tradedOnHoliday.isEmpty)
    }

    @Test func calendarsByVenue() {
        let r = ExchangeRegistry.standard
        #expect(
            ChartSessionCalendars.sessions(for: r.exchange(id: "CRYPTO")).isSession(HistoryFixture.date("2025-10-26"))
                == true)
        #expect(
            ChartSessionCalendars.sessions(for: r.exchange(id: "XNAS")).isSession(HistoryFixture.date("2025-11-27"))
                == false)
        #expect(
            ChartSessionCalendars.sessions(for: r.exchange(id: "XNAS")).isSession(HistoryFixture.date("2025-11-28"))
                == true)
        #expect(
            ChartSessionCalendars.sessions(for: r.exchange(id: "XLON")).isSession(HistoryFixture.date("2024-12-26"))
                == false)
        #expect(ChartSessionCalendars.sessions(for: nil).isObservedOnly)
        // FX bars are dated Monday to Friday: Sunday evening's opening in New York is no chart day.
        let fx = ChartSessionCalendars.sessions(for: r.exchange(id: "FX"))
        for (date, trades) in [
            ("2025-10-27", true), ("2025-10-31", true), ("2025-10-26", false), ("2025-11-01", false),
        ] {
            #expect(fx.isSession(HistoryFixture.date(date)) == trades, "\(date)")
        }
    }

    // MARK: CSV and JSON

    @Test func csvAndJSONCarryBothClocksAndExactValues() {
        let tokyo = HistoryFixture.tokyo
        let t = tokyo.instant(for: DateTimeParsing.isoDateTime("2026-10-05T09:00:00")!)
        var series = HistorySeries(
            symbol: "7203.T", zone: tokyo, interval: .minutes(5),
            bars: [
                Bar(
                    time: t, session: HistoryFixture.date("2026-10-05"), open: HistoryFixture.d("2873.5"),
                    high: HistoryFixture.d("2888.0"), low: nil,
                    close: HistoryFixture.d("2885.0"), volume: HistoryFixture.d("985400"))
            ])
        series.currency = Currency(code: "JPY")
        let data = ChartData(
            symbol: "7203.T", range: .day1, series: series, previousClose: HistoryFixture.d("2856.5"),
            exchange: ExchangeRegistry.standard.exchange(id: "XTKS"), name: "Toyota \"Motor\"", source: "yahoo",
            notes: [.remark("a, b")])
        #expect(
            ChartDataCSVWriter.render(data) == """
                symbol,session,time,localTime,open,high,low,close,volume
                7203.T,2026-10-05,2026-10-05T00:00:00Z,2026-10-05T09:00:00+09:00,2873.5,2888.0,,2885.0,985400

                """)
        #expect(
            ChartDataJSONWriter.render(data) == """
                {
                  "symbol": "7203.T",
                  "name": "Toyota \\"Motor\\"",
                  "exchange": "Tokyo Stock Exchange",
                  "currency": "JPY",
                  "timeZone": "Asia/Tokyo",
                  "range": "1d",
                  "interval": "5m",
                  "previousClose": 2856.5,
                  "source": "yahoo",
                  "notes": ["a, b"],
                  "bars": [
                    {"session": "2026-10-05", "time": "2026-10-05T00:00:00Z", "localTime": "2026-10-05T09:00:00+09:00", "open": 2873.5, "high": 2888.0, "low": null, "close": 2885.0, "volume": 985400}
                  ]
                }

                """)
    }

    @Test func defaultSizeFollowsTheTerminal() {
        #expect(ChartSize.fitting(columns: 120, rows: 40, reservedRows: 3) == ChartSize(width: 120, height: 37))
        #expect(ChartSize.fitting(columns: 100, rows: nil, reservedRows: 3) == ChartSize(width: 100, height: 20))
        #expect(ChartSize.fitting(columns: 10, rows: 4, reservedRows: 3) == ChartSize.minimum)
        #expect(TerminalCapabilities.rows(fd: -1, environment: ["LINES": "33"]) == 33)
        #expect(TerminalCapabilities.rows(fd: -1, environment: [:]) == nil)
    }
}

/// Bars of no volume on days the exchange is closed (a service's filler rows) are left out, with
/// a note: charted, Thanksgiving and a Saturday were sessions of their own.
struct ChartClosedDayFillerTests {
    static let newYork = try! ExchangeTimeZone(identifier: "America/New_York")

    static func daily(_ rows: [(String, String)]) -> HistorySeries {
        let bars = rows.map { date, volume in
            let d = DateTimeParsing.isoDate(date)!
            return Bar(
                time: newYork.instant(for: CivilDateTime(date: d)), session: d, close: ExactDecimal("100")!,
                volume: ExactDecimal(volume)!)
        }
        return HistorySeries(symbol: "AAPL", zone: newYork, interval: .daily, bars: bars)
    }

    @Test func fillersOnClosedDaysGoTradesStay() {
        let series = Self.daily([
            ("2026-11-25", "100"), ("2026-11-26", "0"), ("2026-11-27", "50"), ("2026-11-28", "0"),
            ("2026-11-29", "10"), ("2026-11-30", "0"),
        ])
        let data = ChartData(
            symbol: "AAPL", range: .month1, series: series, exchange: ExchangeRegistry.standard.exchange(id: "US"),
            source: "t")
        let cleaned = ChartManager.withoutClosedDayFillers(data)
        // Thanksgiving and Saturday go; Sunday traded (kept); Monday is a session (kept).
        #expect(
            cleaned.series.bars.map(\.session.description) == ["2026-11-25", "2026-11-27", "2026-11-29", "2026-11-30"])
        #expect(
            cleaned.notes.map(\.text) == [
                "left out bars with no volume on days NYSE/Nasdaq is closed (2026-11-26, 2026-11-28)"
            ])
        // Crypto trades every day, and a venue without a calendar decides nothing.
        for exchange in [ExchangeRegistry.standard.exchange(id: "CRYPTO"), nil] {
            var other = data
            other.exchange = exchange
            #expect(ChartManager.withoutClosedDayFillers(other).series.bars.count == 6)
        }
    }
}
