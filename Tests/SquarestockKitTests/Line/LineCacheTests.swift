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
