import Foundation
import SquarestockCore
import SquarestockKit

/// Runs one refresh at a time on its own thread, so the watch loop keeps reading keys (and `q`
/// stays instant) while the network is slow. The result is handed back under a lock and
/// announced through the wake pipe.
final class WatchFetchWorker: @unchecked Sendable {
    private let feed: WatchFeed
    private let wake: WatchWakePipe
    private let lock = Lock()
    private var finished: [StockResult]?
    private var running = false

    init(feed: WatchFeed, wake: WatchWakePipe) {
        self.feed = feed
        self.wake = wake
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
        let thread = Thread { [self] in
            let results = feed.quotes(for: symbols, now: now)
            lock.withLock { finished = results }
            wake.post(.fetched)
        }
        thread.name = "squarestock-watch-fetch"
        thread.start()
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
