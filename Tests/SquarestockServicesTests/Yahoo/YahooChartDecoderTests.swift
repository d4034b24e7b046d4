import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockServices

/// The one reader of Yahoo's chart arrays: the quote's sparkline and the chart's history are
/// built from the rows it returns, so both skip the same bars.
struct YahooChartDecoderTests {
    func chart(_ text: String, symbol: String = "AAPL") -> Result<YahooChart, QuoteError> {
        YahooChartDecoder.chart(Array(text.utf8), status: 200, symbol: symbol)
    }

    @Test func rowsKeepOnlyBarsWithATimeAndACloseInTheOrderSent() throws {
        let body = """
            {"chart":{"result":[{"meta":{"dataGranularity":"5m"},"timestamp":[300,100,200,"x",400],
            "indicators":{"quote":[{"close":[3,1,null,5,4.5],"open":[null,0.5],"volume":[30,10,20,50]}]}}]}}
            """
        let rows = try chart(body).get().rows
        #expect(rows.map(\.time.secondsSinceEpoch) == [300, 100, 400])
        #expect(rows.map(\.close.description) == ["3", "1", "4.5"])
        #expect(rows.map { $0.open?.description } == [nil, "0.5", nil])
        #expect(rows.map { $0.volume?.description } == ["30", "10", nil])
        #expect(rows.allSatisfy { $0.high == nil && $0.low == nil })
    }

    @Test func theSparkAnswerIsReadForItsSymbol() throws {
        let body = """
            {"spark":{"result":[{"symbol":"MSFT","response":[{"meta":{"symbol":"MSFT"}}]},
            {"symbol":"aapl","response":[{"meta":{"symbol":"AAPL"},"timestamp":[1],
            "indicators":{"quote":[{"close":[2]}]}}]}]}}
            """
        let c = try chart(body).get()
        #expect(c.meta["symbol"]?.string == "AAPL")
        #expect(c.rows.count == 1)
    }

    /// A spark answer of many symbols is read once into every symbol's chart, matched by symbol
    /// (Yahoo answers in its own order); an answer that is no spark at all is an error of the
    /// whole batch, never "unknown symbol" for each of its symbols.
    @Test func aSparkAnswerOfSeveralSymbolsIsReadOnce() throws {
        let charts = try YahooChartDecoder.sparkCharts(
            Fixture.bytes("yahoo-json/SYNTHETIC_spark_MSFT-AAPL_two-symbols.json"), status: 200
        ).get()
        #expect(Set(charts.keys) == ["MSFT", "AAPL"])
        #expect(charts["MSFT"]?.meta["regularMarketPrice"]?.decimal?.description == "541.55")
        #expect(charts["AAPL"]?.rows.count == 39)
        let other = YahooChartDecoder.sparkCharts(
            Array(#"{"finance":{"result":null,"error":{"code":"Not Found","description":"HTTP 404 Not Found"}}}"#.utf8),
            status: 404)
        guard case .failure(.httpStatus(_, 404, let said)) = other else {
            Issue.record("expected the batch's own error, got \(other)")
            return
        }
        #expect(said.contains("404 Not Found"))
    }

    @Test func noTimestampMeansNoRowsAndEnvelopeErrorsAreTyped() throws {
        #expect(try chart(#"{"chart":{"result":[{"meta":{}}]}}"#).get().rows.isEmpty)
        #expect(chart(#"{"chart":{"result":[]}}"#).error == .unknownSymbol(source: "yahoo"))
        #expect(
            chart(#"{"chart":{"error":{"code":"Not Found","description":"No data found"}}}"#).error
                == .unknownSymbol(source: "yahoo"))
        guard case .malformed(source: "yahoo", _, _, _)? = chart("{").error else {
            Issue.record("a body that is not JSON is malformed")
            return
        }
        // Yahoo's own error object is what it says, never "does not know this symbol".
        let crumb = YahooChartDecoder.chart(
            Array(#"{"finance":{"result":null,"error":{"code":"Unauthorized","description":"Invalid Crumb"}}}"#.utf8),
            status: 401, symbol: "AAPL")
        #expect(crumb.error == .httpStatus(source: "yahoo", status: 401, excerpt: "Invalid Crumb"), "\(crumb)")
        guard case .malformed(source: "yahoo", _, _, let detail)? = chart(#"{"message":"try later"}"#).error else {
            Issue.record("another JSON answer is no verdict on the symbol")
            return
        }
        #expect(detail.contains("try later"))
    }

    /// The lunch-break recording: the quote's points and the history's bars are the same six.
    @Test func quoteAndHistoryShareTheRows() throws {
        let path = "yahoo-json/chart_7203.T_lunch-nulls.json"
        let response = HTTPResponse(status: 200, body: Fixture.bytes(path))
        let rows = try YahooChartDecoder.chart(response.body, status: 200, symbol: "7203.T").get().rows
        let stock = try YahooChartQuote.stock(
            symbol: "7203.T", response: response,
            context: SourceContext(now: Instant(secondsSinceEpoch: 1_791_190_000)),
            sourceName: "test"
        ).get()
        let bars = try YahooChartHistory.fetched(
            response, symbol: "7203.T", registry: .standard, requested: .minutes(5)
        ).get().series.bars
        #expect(rows.count == 6)
        #expect(stock.intraday.map(\.time) == rows.map(\.time).sorted())
        #expect(bars.map(\.close) == rows.sorted { $0.time < $1.time }.map(\.close))
    }
}
