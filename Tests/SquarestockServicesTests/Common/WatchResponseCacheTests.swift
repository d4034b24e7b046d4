import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockServices

/// History responses are re-served for a while; quotes never are.
struct WatchResponseCacheTests {
    let daily = "https://stooq.com/q/d/l/?s=aapl.us&i=d&d1=20251001&d2=20251022"
    let bars = "https://stooq.com/q/d/l/?s=aapl.us&i=5"
    let quote = "https://stooq.com/q/l/?s=aapl.us&f=sd2t2ohlcvn&h&e=csv"

    @Test func historyIsCachedQuotesAreNot() {
        let inner = ScriptedTransport()
        inner.on("/q/", text: "Date,Close\n")
        let clock = ManualClock(0)
        let cache = WatchResponseCache(wrapping: inner, clock: clock)
        let requests = [
            HTTPRequest(url: quote), HTTPRequest(url: bars, reuseFor: 240), HTTPRequest(url: daily, reuseFor: 14_400),
        ]
        _ = cache.perform(requests)
        _ = cache.perform(requests)
        #expect(inner.requested.map(\.url) == [quote, bars, daily, quote])
        #expect(cache.hits == 2)
        clock.advance(by: 301)  // 4 minutes, spread by at most 25 %: the bars expire, the daily bars do not
        _ = cache.perform(requests)
        #expect(inner.requested.map(\.url).suffix(2) == [quote, bars])
        clock.advance(by: 5 * 3600)
        _ = cache.perform(requests)
        #expect(inner.requested.map(\.url).suffix(3) == [quote, bars, daily])
    }

    @Test func failuresAreNeitherCachedNorHidingTheCachedAnswer() {
        let inner = ScriptedTransport()
        inner.on("i=5", status: 503, text: "busy")
        let cache = WatchResponseCache(wrapping: inner, clock: ManualClock(0))
        let first = cache.perform([HTTPRequest(url: bars, reuseFor: 240)])
        #expect((try? first[0].get())?.status == 503)
        _ = cache.perform([HTTPRequest(url: bars, reuseFor: 240)])
        #expect(inner.requested.count == 2)
        #expect(cache.count == 0)
    }

    @Test func entriesAreBounded() {
        let inner = ScriptedTransport()
        inner.on("/q/d/l/", text: String(repeating: "x", count: 100))
        let clock = ManualClock(0)
        let cache = WatchResponseCache(wrapping: inner, clock: clock, maxEntries: 3, maxBytes: 1 << 20)
        for i in 0..<10 {
            clock.advance(by: 1)
            _ = cache.perform([HTTPRequest(url: bars + "&n=\(i)", reuseFor: 240)])
        }
        #expect(cache.count == 3)
        _ = cache.perform([HTTPRequest(url: bars + "&n=9")])
        #expect(cache.hits == 1)
    }

    /// The services set the policy on their requests: Stooq's daily bars 4 hours, its and
    /// Yahoo's day of 5-minute bars 4 minutes; quotes and weekly bars never.
    @Test func thePolicy() {
        let context = SourceContext()
        let stooq = StooqSource()
        let day = CivilDate(year: 2025, month: 10, day: 22)
        #expect(stooq.historyRequest("aapl.us", interval: "d", from: day, to: day, context: context).reuseFor == 14_400)
        #expect(stooq.historyRequest("aapl.us", interval: "5", from: nil, to: nil, context: context).reuseFor == 240)
        #expect(stooq.historyRequest("aapl.us", interval: "w", from: nil, to: nil, context: context).reuseFor == nil)
        #expect(YahooSource().historyRequest("AAPL", range: .day1, context: context).reuseFor == 240)
        #expect(HTTPRequest(url: quote).reuseFor == nil)
    }
}
