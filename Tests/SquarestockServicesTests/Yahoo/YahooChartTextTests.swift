import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockServices

/// What Yahoo's chart answer says in text (granularity, currency) reaches the stock sanitized.
struct YahooChartTextTests {
    @Test func yahooChartGranularityAndCurrencyAreSanitized() throws {
        let chart = Fixture.text("yahoo-json/spark_AAPL_mid-session.json")
            .replacingOccurrences(of: #""dataGranularity":"5m""#, with: #""dataGranularity":"1d\u001b]0;pwned\u0007""#)
            .replacingOccurrences(of: #""currency":"USD""#, with: #""currency":"\u001b]52;c;aGFja2Vk\u0007USD""#)
        let stock = try YahooChartQuote.stock(
            symbol: "AAPL", response: HTTPResponse(status: 200, body: Array(chart.utf8)),
            context: SourceContext(now: Instant(secondsSinceEpoch: 1_761_755_819)), sourceName: "test"
        ).get()
        #expect(stock.currency?.code == "USD")
        let note = try #require(stock.intradayUnavailable)
        #expect(note == "the recorded chart has 1d bars, not intraday ones")
    }
}
