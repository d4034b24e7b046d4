import SquarestockCore
import SquarestockNetworking
import SquarestockServices

/// Where `watch` gets its quotes: the configured source (or the replay of the samples), a
/// response cache in front of the transport, and a transport that leaves retries across
/// refreshes to the scheduler. Safe to call from the fetch thread.
public struct WatchFeed: Sendable {
    let source: any QuoteSource
    let transport: any HTTPTransport
    let context: SourceContext
    /// Set for `--replay-speed`.
    public let replay: WatchReplay?
    /// Symbols the source said it does not know, not asked again at every refresh.
    let unknown = UnknownSymbolHold()

    /// The source's name, for the header and the rate-limit line.
    public var sourceName: String { source.name }
    /// The source asks others in turn (`auto`): the header names the one that answered.
    public var sourceIsChain: Bool { source.isChain }

    /// Quotes for `symbols` as of `now` (the screen's clock: pinned, replayed or the wall's).
    public func quotes(for symbols: [String], now: Instant) -> [StockResult] {
        var context = self.context
        context.now = now
        let (ask, kept) = source.asksPerSymbol ? unknown.split(symbols, now: now) : (symbols, [:])
        var results =
            ask.isEmpty ? [] : StockManager(source: source, transport: transport, context: context).quotes(for: ask)
        unknown.note(results, now: now)
        if let exchange = source as? ExchangeSource {
            results = WatchExchangeDetail.fill(results, source: exchange, context: context, transport: transport)
        }
        guard !kept.isEmpty else { return results }
        // One result per symbol asked, in order (`StockManager.quotes`).
        var fetched: [String: StockResult] = [:]
        for (s, r) in zip(ask, results) where fetched[s] == nil { fetched[s] = r }
        return symbols.compactMap { s in kept[s] ?? fetched[s] }
    }
}

extension SquarestockApp {
    /// The feed of `squarestock watch`: `replaySpeed` replays the recorded samples that many
    /// times faster than real time, measured on `clock` from now.
    package func watchFeed(replaySpeed: Double?, clock: any MonotonicClock) -> WatchFeed {
        var options = settings.transportOptions
        // The scheduler owns retries across refreshes: the transport retries a dropped
        // connection once, and reports a Retry-After instead of sleeping on it.
        options.retry = RetryPolicy(maxAttempts: 2, maxRetryAfter: 0)
        var source = settings.quoteSource
        var replay: WatchReplay?
        if let speed = replaySpeed {
            // The replay's clock starts at the first refresh that reads it, not at start-up: on
            // a busy machine the first rows would otherwise open minutes into the recorded day.
            let started = ReplayOrigin()
            let r = ReplaySource(recorded: source, speed: speed, elapsed: { started.elapsed(clock.now()) })
            replay = WatchReplay(source: r)
            source = r
        }
        let context = settings.sourceContext
        let transport = WatchResponseCache(wrapping: makeTransport(options), clock: clock)
        return WatchFeed(source: source, transport: transport, context: context, replay: replay)
    }
}

/// When the replay began: set by its first reading, so the recording starts at its first point
/// however long the process took to get there.
final class ReplayOrigin: @unchecked Sendable {
    private let lock = Lock()
    private var origin: Double?

    /// Seconds since the first call (0 for the first call itself).
    func elapsed(_ now: Double) -> Double {
        lock.withLock {
            let start = origin ?? now
            origin = start
            return now - start
        }
    }
}
