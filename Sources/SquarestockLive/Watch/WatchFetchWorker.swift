import SquarestockCore
import SquarestockKit

/// Runs one refresh at a time on its own thread (`LiveThreads`), so the watch loop keeps reading keys (and `q`
/// stays instant) while the network is slow. The result is handed back under a lock and
/// announced through the terminal's waker.
final class WatchFetchWorker: @unchecked Sendable {
    private let feed: any WatchQuoteFeed
    private let wake: any LiveWaker
    private let threads: LiveThreads
    private let lock = Lock()
    private var finished: [StockResult]?
    private var running = false

    init(feed: any WatchQuoteFeed, wake: any LiveWaker, threads: LiveThreads) {
        self.feed = feed
        self.wake = wake
        self.threads = threads
    }

    var isRunning: Bool { lock.withLock { running } }

    /// Starts fetching `symbols` as of `now`; ignored while a refresh is running.
    func start(_ symbols: [String], now: Instant) {
        let go = lock.withLock { () -> Bool in
            if running { return false }
            running = true
            return true
        }
        guard go else { return }
        threads.start("squarestock-watch-fetch") { [self] in
            let results = feed.quotes(for: symbols, now: now)
            lock.withLock { finished = results }
            wake.post(.fetched)
        }
    }

    /// The finished refresh's results, once; nil when none is waiting.
    func take() -> [StockResult]? {
        lock.withLock {
            guard let r = finished else { return nil }
            finished = nil
            running = false
            return r
        }
    }
}
