import Foundation
import SquarestockKit

/// Runs one refresh at a time on its own thread, so the watch loop keeps reading keys (and `q`
/// stays instant) while the network is slow. The result is handed back under a lock and
/// announced through the wake pipe.
final class WatchFetchWorker: @unchecked Sendable {
    private let source: any QuoteSource
    private let transport: any HTTPTransport
    private let wake: WatchWakePipe
    private let lock = Lock()
    private var finished: [StockResult]?
    private var running = false

    init(source: any QuoteSource, transport: any HTTPTransport, wake: WatchWakePipe) {
        self.source = source
        self.transport = transport
        self.wake = wake
    }

    var isRunning: Bool { lock.withLock { running } }

    /// Starts fetching `symbols`; ignored while a refresh is running.
    func start(_ symbols: [String], context: SourceContext) {
        let go = lock.withLock { () -> Bool in
            if running { return false }
            running = true
            return true
        }
        guard go else { return }
        let manager = StockManager(source: source, transport: transport, context: context)
        let thread = Thread { [self] in
            let results = manager.quotes(for: symbols)
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
