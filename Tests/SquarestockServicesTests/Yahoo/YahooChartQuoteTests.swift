import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockRendering
@testable import SquarestockServices

struct YahooChartQuoteTests {
    let context = SourceContext(now: Instant(secondsSinceEpoch: 1_791_190_000))

    func decode(_ fixture: String, symbol: String, status: Int = 200) -> Result<Stock, QuoteError> {
        YahooChartQuote.stock(
            symbol: symbol, response: HTTPResponse(status: status, body: Fixture.bytes(fixture)), context: context,
            sourceName: "test")
    }

    @Test func lunchBreakNullsAreGapsNotZeros() throws {
        let s = try decode("yahoo-json/chart_7203.T_lunch-nulls.json", symbol: "7203.T").get()
        #expect(s.intraday.count == 6)  // 10 stamps, 4 null closes dropped
        #expect(!s.intraday.contains { $0.price.isZero })
        #expect(s.company.exchange?.id == "XTKS")
        #expect(s.timeZone?.identifier == "Asia/Tokyo")
        #expect(s.price.previousClose?.description == "2856.5")
        #expect(s.price.change?.description == "37.0")
        #expect(s.price.open?.description == "2873.5")
        #expect(s.currency?.code == "JPY")
        // The lunch break shows as a gap in the sparkline.
        let points = s.intraday.map { SparklinePoint(time: $0.time, value: $0.price.doubleValue) }
        guard case .rendered(let r) = Sparkline.render(points: points, window: s.session, baseline: 2856.5, width: 26)
        else {
            Issue.record("expected a rendering")
            return
        }
        #expect(r.cells.contains(.gap))
    }

    @Test func noTimestampKeyMeansNoData() throws {
        let s = try decode("yahoo-json/chart_AAPL_no-data.json", symbol: "AAPL").get()
        #expect(s.intraday.isEmpty)
        #expect(s.intradayUnavailable?.contains("no intraday bars") == true)
        #expect(Sparkline.render(points: [], window: s.session, baseline: nil, width: 40) == .noData)
    }

    @Test func notFoundEnvelopeIsUnknownSymbol() {
        let r = decode("yahoo-json/chart_404_unknown-symbol_RECONSTRUCTED.json", symbol: "NOPE", status: 404)
        #expect(r.error == .unknownSymbol(source: "yahoo"))
    }

    @Test func edgeRateLimitTextIsARateLimit() {
        let r = decode("errors/edge_429.txt", symbol: "AAPL", status: 429)
        guard case .rateLimited? = r.error else {
            Issue.record("expected rate limit, got \(r)")
            return
        }
    }

    @Test func truncatedJSONIsAMalformedErrorWithAnOffset() {
        let cut = Array(Fixture.bytes("yahoo-json/chart_7203.T_lunch-nulls.json").prefix(300))
        let r = YahooChartQuote.stock(
            symbol: "7203.T", response: HTTPResponse(status: 200, body: cut), context: context, sourceName: "test")
        guard case .malformed(_, 1, let column, _)? = r.error else {
            Issue.record("expected malformed, got \(r)")
            return
        }
        #expect(column > 250)
    }
}

extension Result {
    var error: Failure? {
        if case .failure(let e) = self { return e }
        return nil
    }
}
