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
