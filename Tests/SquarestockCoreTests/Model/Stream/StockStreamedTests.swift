import Testing

@testable import SquarestockCore

/// A streamed trade moves the row; the day's sparkline keeps one point per minute, so a busy
/// stream cannot grow a watched row's memory with every trade (issue 30's idle-cost run).
@Suite struct StockStreamedTests {
    static func trade(_ seconds: Int64, _ price: String) -> StreamQuote {
        StreamQuote(symbol: "AAPL", price: ExactDecimal(price)!, time: Instant(secondsSinceEpoch: seconds))
    }

    @Test func tradesWithinAMinuteKeepOnePointAtTheLatest() {
        var stock = Stock(streamed: Self.trade(1_761_757_200, "270.00"), source: "test")
        let minuteStart: Int64 = 1_761_757_260
        #expect(stock.intraday.isEmpty)
        for i in 0..<60 {
            stock = stock.streamed(Self.trade(minuteStart + Int64(i), "270.\(10 + i)"))
        }
        // Sixty trades in one minute: one point, the minute's latest trade at its own time.
        #expect(stock.intraday.count == 1)
        #expect(stock.intraday.last?.time == Instant(secondsSinceEpoch: minuteStart + 59))
        #expect(stock.intraday.last?.price == ExactDecimal("270.69"))
        #expect(stock.price.last == ExactDecimal("270.69"))
    }

    @Test func eachNewMinuteAddsAPointAndOlderTradesAddNone() {
        var stock = Stock(streamed: Self.trade(1_761_757_200, "270.00"), source: "test")
        for minute in 1...30 { stock = stock.streamed(Self.trade(1_761_757_200 + Int64(minute) * 60, "271.00")) }
        let count = stock.intraday.count
        #expect(count == 30)
        stock = stock.streamed(Self.trade(1_761_757_200 + 5 * 60, "260.00"))
        #expect(stock.intraday.count == count)
        #expect(stock.intraday.map(\.time) == stock.intraday.map(\.time).sorted())
    }
}
