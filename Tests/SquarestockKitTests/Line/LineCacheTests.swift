import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockKit

/// The status line's cache written by two bars at once: each keeps what the other wrote since it
/// read the file (two first fetches lost each other's symbols, and fetched them again).
struct LineCacheTests {
    func quote(_ symbol: String) -> LineQuote {
        LineQuote(
            symbol: symbol, asked: "", source: "yahoo", fetched: 1_000, price: "1.5", change: "0.1",
            changePercent: "7.1", currency: "USD", closedUntil: 0, error: "")
    }

    @Test func aWriteKeepsWhatAnotherBarWroteSinceItRead() {
        let environment = ["XDG_CACHE_HOME": TemporaryPath.make("sq-line-cache")]
        try? PrivateFileStore.preparePrivateFolder(environment["XDG_CACHE_HOME"]! + "/squarestock")
        let first = LineCache(environment: environment)
        let second = LineCache(environment: environment)
        #expect(first.load().isEmpty && second.load().isEmpty)
        first.store([quote("SLOWA"), quote("MSFT")])
        second.store([quote("AAPL")])
        #expect(Set(first.load().keys.map(\.symbol)) == ["AAPL", "MSFT", "SLOWA"])
    }

    /// A fetch asked before another bar's and stored after it keeps the newer price on disk; a
    /// price "fetched" after the clock now (the clock set back) is replaced.
    @Test func aSlowFetchStoredLastKeepsTheNewerPrice() {
        let environment = ["XDG_CACHE_HOME": TemporaryPath.make("sq-line-cache")]
        try? PrivateFileStore.preparePrivateFolder(environment["XDG_CACHE_HOME"]! + "/squarestock")
        let cache = LineCache(environment: environment)
        var newer = quote("AAPL")
        newer.fetched = 1_005
        newer.priced = 1_005
        newer.price = "2.5"
        cache.store([newer], now: 1_006)
        cache.store([quote("AAPL")], now: 1_008)
        #expect(cache.load().values.map(\.price) == ["2.5"])
        // A third bar's failed fetch keeps that price (priced 1_005) with its error: still newer.
        var failed = newer
        failed.fetched = 1_007
        failed.error = "timeout"
        cache.store([failed], now: 1_007)
        cache.store([quote("AAPL")], now: 1_009)
        #expect(cache.load().values.map(\.price) == ["2.5"])
        // Stored at 1_004 on this clock, the disk's 1_005 is from a clock set back: replaced.
        cache.store([quote("AAPL")], now: 1_004)
        #expect(cache.load().values.map(\.price) == ["1.5"])
    }
}

/// `line --portfolio` from a cache written "later" than now (the clock set back): its value
/// says its age cannot be told, as a symbol's item does; it showed as fresh.
struct PortfolioLineAgeTests {
    @Test func aPriceFromTheFutureMakesTheAgeUnknown() {
        let line = PortfolioLine(
            name: "main", base: "USD",
            holdings: [PortfolioLine.Holding(symbol: "AAPL", quantity: ExactDecimal(10), currency: "USD")], cash: [:])
        let q = LineQuote(
            symbol: "AAPL", asked: "", source: "yahoo", fetched: 2_000, price: "150", change: "1",
            changePercent: "0.67", currency: "USD", closedUntil: 0, error: "")
        let cached = [q.key: q]
        #expect(line.item(cached: cached, asked: "", now: 1_000, maxAge: 60).mark == "age unknown")
        #expect(line.item(cached: cached, asked: "", now: 2_030, maxAge: 60).mark == "")
    }
}
