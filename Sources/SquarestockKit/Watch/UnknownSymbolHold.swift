import SquarestockCore

/// The symbols a live screen's source has said it does not know, held back from its next
/// refreshes when each symbol costs a request (`QuoteSource.asksPerSymbol`): a typo in a watchlist of Alpha Vantage (25 requests a day) asked every 30 seconds
/// spent the day's allowance in minutes. Each is asked again after an hour, then after twice as
/// long each time it is still unknown (a listing the service adds later is found; a typo costs a
/// few requests a day). Meanwhile its row keeps the service's own answer. Safe from any thread.
final class UnknownSymbolHold: @unchecked Sendable {
    private struct Held {
        var result: StockResult
        var until: Instant
        var wait: Int64
    }

    static let firstWait: Int64 = 3_600

    /// How long to hold a symbol back that is still unknown after a wait of `last` seconds (nil:
    /// the first time): an hour, then twice as long each time, at most a day.
    static func wait(after last: Int64?) -> Int64 {
        last.map { min($0 * 2, 86_400) } ?? firstWait
    }
    private let lock = Lock()
    private var held: [String: Held] = [:]

    /// `symbols` split into those to ask for at `now` and the answers kept for the others.
    func split(_ symbols: [String], now: Instant) -> (ask: [String], kept: [String: StockResult]) {
        lock.withLock {
            var ask: [String] = []
            var kept: [String: StockResult] = [:]
            for s in symbols {
                if let h = held[s], now < h.until { kept[s] = h.result } else { ask.append(s) }
            }
            return (ask, kept)
        }
    }

    /// Notes what the source answered at `now`: a symbol it does not know is held back, a
    /// symbol it priced is let go.
    func note(_ results: [StockResult], now: Instant) {
        lock.withLock {
            for r in results {
                if r.error?.isUnknownSymbol == true {
                    let wait = Self.wait(after: held[r.symbol]?.wait)
                    held[r.symbol] = Held(result: r, until: now.adding(seconds: wait), wait: wait)
                } else if r.stock != nil {
                    held[r.symbol] = nil
                }
            }
        }
    }
}
