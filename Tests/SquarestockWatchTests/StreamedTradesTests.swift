import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockWatch

/// Beside a stream, a poll lags the streamed trade by a few seconds: it is taken with that
/// trade laid on it again, so the row keeps its newest price, gets the poll's slower fields, and
/// is not refused as older data (it was marked stale on every poll of a busy pair).
struct StreamedTradesTests {
    typealias F = WatchFixtures

    @Test func aPollBehindTheStreamGetsTheStreamedTradeAndKeepsItsOwnFields() {
        var trades = StreamedTrades()
        let streamedAt = F.open.adding(seconds: 63)
        trades.record(StreamQuote(symbol: "AAPL", price: ExactDecimal("101.5")!, time: streamedAt), for: "AAPL")
        var poll = F.stock(price: "100", lastTrade: F.open.adding(seconds: 60))
        poll.price.previousClose = ExactDecimal("99")
        poll.price.volume = ExactDecimal("1234")
        let out = trades.reapplied(to: [F.ok(poll), F.ok(F.stock("MSFT", price: "50"))])
        let aapl = out[0].stock
        #expect(aapl?.price.last == ExactDecimal("101.5") && aapl?.price.lastTrade == streamedAt)
        #expect(aapl?.price.volume == ExactDecimal("1234") && aapl?.price.change == ExactDecimal("2.5"))
        #expect(out[1].stock?.price.last == ExactDecimal("50"))
        // Applied, the row takes it as fresh, unmarked.
        var s = WatchState(symbols: ["AAPL"])
        _ = s.apply([F.ok(F.stock(price: "101.5", lastTrade: streamedAt))], now: F.open, clock: 0)
        let outcome = s.apply(out.prefix(1).map { $0 }, now: F.open, clock: 1)
        #expect(outcome["AAPL"] == .fresh(marketClosed: false))
        #expect(s["AAPL"]?.isStale == false && s["AAPL"]?.stock?.price.previousClose == ExactDecimal("99"))
        // A poll newer than the stream is taken as it is; an older trade on the stream is not kept.
        let newer = F.stock(price: "102", lastTrade: F.open.adding(seconds: 90))
        #expect(trades.reapplied(to: [F.ok(newer)])[0].stock?.price.last == ExactDecimal("102"))
        trades.record(StreamQuote(symbol: "AAPL", price: ExactDecimal("90")!, time: F.open), for: "AAPL")
        #expect(trades.reapplied(to: [F.ok(poll)])[0].stock?.price.last == ExactDecimal("101.5"))
    }

    /// Without a streamed trade (a row the stream refused, a watch without one), older data is
    /// still refused and marked, as before.
    @Test func aRowTheStreamDoesNotMoveIsLeftAsItIs() {
        let trades = StreamedTrades()
        let poll = F.stock(price: "100", lastTrade: F.open)
        #expect(trades.reapplied(to: [F.ok(poll)])[0].stock?.price.last == ExactDecimal("100"))
    }
}
