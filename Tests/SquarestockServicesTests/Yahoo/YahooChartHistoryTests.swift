import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockMarket
@testable import SquarestockNetworking
@testable import SquarestockServices

/// Yahoo's v8 chart (and v7 spark) JSON as history: real recordings for daily bars, the 5-minute
/// spark, Tokyo's lunch-break nulls, the no-data answer and the error envelope.
struct YahooChartHistoryTests {
    let registry = ExchangeRegistry.standard

    func decode(_ path: String, symbol: String = "AAPL", status: Int = 200, requested: HistoryInterval = .daily)
        -> Result<FetchedHistory, HistoryError>
    {
        YahooChartHistory.fetched(
            HTTPResponse(status: status, body: Fixture.bytes(path)), symbol: symbol, registry: registry,
            requested: requested)
    }

    func decode(text: String, symbol: String = "AAPL", status: Int = 200) -> Result<FetchedHistory, HistoryError> {
        YahooChartHistory.fetched(
            HTTPResponse(status: status, body: Array(text.utf8)), symbol: symbol, registry: registry, requested: .daily)
    }

    @Test func realSixMonthsOfDailyBarsKeepTheirSessionDates() throws {
        let h = try decode("history/yahoo-json/yfinance-rs__AAPL_range-6mo_1d_mid-session_2025-10-28.json").get()
        let s = h.series
        #expect(s.interval == .daily)
        #expect(s.zone.identifier == "America/New_York")
        #expect(s.currency?.code == "USD")
        #expect(s.bars.count == 128)
        #expect(HistoryFixture.isOldestFirst(s.bars))
        // Stamped 13:30 UTC (the open); dated 2025-04-28 in New York and started at its midnight.
        let first = try #require(s.bars.first)
        #expect(first.session == HistoryFixture.date("2025-04-28"))
        #expect(first.time.iso8601UTC == "2025-04-28T04:00:00Z")
        #expect(first.close?.description == "210.14")  // as sent, float noise and all
        #expect(first.open?.description == "210.0")
        #expect(first.volume?.description == "38743100")
        // The live bar of the last day, stamped at 12:48:22 New York time, is still that day's bar.
        let last = try #require(s.bars.last)
        #expect(last.session == HistoryFixture.date("2025-10-28"))
        #expect(last.time.iso8601UTC == "2025-10-28T04:00:00Z")
        #expect(last.close?.description == "269.22")
        #expect(h.previousCloses == [HistoryFixture.date("2025-04-28"): HistoryFixture.d("210.14")])
        #expect(h.previousClose(before: HistoryFixture.date("2025-04-28"))?.description == "210.14")
        // The bar before.
        #expect(h.previousClose(before: HistoryFixture.date("2025-10-28"))?.description == "268.81")
        #expect(h.exchange?.id == "XNAS")
        #expect(h.name == "Apple Inc.")
        #expect(h.source == "yahoo")
    }

    @Test func sparkAnswerGivesCloseOnlyIntradayBarsAndThePreviousClose() throws {
        let h = try decode("yahoo-json/spark_AAPL_mid-session.json", requested: .minutes(5)).get()
        #expect(h.series.interval == .minutes(5))
        #expect(h.series.bars.count == 39)
        #expect(
            h.series.bars.allSatisfy {
                $0.session == HistoryFixture.date("2025-10-29") && $0.open == nil && $0.volume == nil
            })
        #expect(h.series.bars.first?.time.iso8601UTC == "2025-10-29T13:30:00Z")  // intraday bars keep their instant
        #expect(h.series.bars.last?.time.iso8601UTC == "2025-10-29T16:36:59Z")  // the live point
        #expect(h.series.bars.last?.close?.description == "268.835")
        #expect(h.previousClose(before: HistoryFixture.date("2025-10-29"))?.description == "269.0")
    }

    @Test func tokyoLunchBreakNullsAreSkippedNotZero() throws {
        let h = try decode("yahoo-json/chart_7203.T_lunch-nulls.json", symbol: "7203.T", requested: .minutes(5)).get()
        #expect(h.series.zone.identifier == "Asia/Tokyo")
        #expect(h.series.currency?.code == "JPY")
        #expect(h.series.bars.count == 6)
        #expect(h.series.bars.allSatisfy { $0.close != nil && $0.session == HistoryFixture.date("2026-10-05") })
        #expect(!h.series.bars.contains { $0.close?.sign == 0 })
        #expect(h.exchange?.id == "XTKS")
    }

    @Test func noTimestampKeyMeansNoBarsNotAnError() throws {
        let h = try decode("yahoo-json/chart_AAPL_no-data.json", requested: .minutes(1)).get()
        #expect(h.series.bars.isEmpty)
        #expect(h.previousCloses.isEmpty)
    }

    @Test func errorsAreTheQuotePathsErrors() {
        #expect(
            decode("yahoo-json/chart_404_unknown-symbol_RECONSTRUCTED.json", symbol: "XXXX", status: 404).error
                == .response(.unknownSymbol(source: "yahoo")))
        guard
            case .response(.rateLimited(let source, let detail, _))? = decode(
                text: "Edge: Too Many Requests", status: 429
            ).error
        else {
            Issue.record("429 should be a rate limit")
            return
        }
        #expect(source == "yahoo")
        #expect(detail.contains("Edge: Too Many Requests"))
        guard
            case .response(.notJSON(_, 200, .html, _))? = decode(text: "<!doctype html><title>Yahoo</title>")
                .error
        else {
            Issue.record("HTML should be no JSON")
            return
        }
        #expect(
            decode(text: "Not Found", status: 404).error
                == .response(.httpStatus(source: "yahoo", status: 404, excerpt: "Not Found")))
        #expect(decode(text: "{\"chart\":{\"result\":[]}}").error == .response(.unknownSymbol(source: "yahoo")))
    }

    @Test func liveDailyBarRepeatingTheDayReplacesIt() throws {
        // Today's bar at the open and again as the live bar (regularMarketTime): one bar, the later.
        let body = """
            {"chart":{"result":[{"meta":{"currency":"USD","symbol":"AAPL","exchangeName":"NMS","exchangeTimezoneName":"America/New_York",
            "regularMarketPrice":269.5,"chartPreviousClose":268.0,"dataGranularity":"1d","range":"5d"},
            "timestamp":[1761571800,1761658200,1761670102],
            "indicators":{"quote":[{"close":[268.81,269.0,269.5],"open":[264.88,269.1,269.1],"high":[269.12,269.3,269.9],"low":[264.65,268.9,268.2],"volume":[44701700,0,19096436]}]}}],"error":null}}
            """
        let bars = try decode(text: body).get().series.bars
        #expect(bars.map(\.session.description) == ["2025-10-27", "2025-10-28"])
        #expect(bars.last?.close?.description == "269.5")
        #expect(bars.last?.volume?.description == "19096436")
    }

    @Test(arguments: [
        ("5m", HistoryInterval.minutes(5)), ("1h", .minutes(60)), ("90m", .minutes(90)), ("1d", .daily),
        ("1wk", .weekly),
        ("5d", .weekly), ("1mo", .monthly), ("3mo", .monthly),
    ])
    func granularities(_ g: String, _ expected: HistoryInterval) {
        #expect(YahooChartHistory.interval(granularity: g) == expected)
    }
}
