import Foundation
import SquarestockCore
import SquarestockKit

/// The stream behind `watch --stream` in the table: a thread runs the session, keeps the latest
/// quote per symbol and the stream's state, and wakes the watch loop (one byte, coalesced) when
/// something new is waiting; the loop takes it all at once. Pausing closes the stream; resuming
/// opens a new one with every subscription.
final class WatchStreamWorker: @unchecked Sendable {
    private let makeSession: () -> (any LiveStream)?
    private let wake: any LiveWaker
    private let clock: any MonotonicClock
    private let threads: LiveThreads
    private let lock = Lock()
    private var session: (any LiveStream)?
    private var latest: [String: StreamQuote] = [:]
    private var failed: [String: String] = [:]
    private var state: StreamState = .connecting
    /// The feed's last word on the whole stream (Tradernet's demo mode), for the header.
    private var notice: String?
    /// When each symbol was last heard from (trade or per-symbol heartbeat), on `clock`.
    private var heard: [String: Double] = [:]
    private var posted = false
    private var times: [Double] = []
    let source: String
    /// Seconds a symbol of an open market may stay silent before its row is stale.
    let quietLimit: Double

    init?(
        makeSession: @escaping () -> (any LiveStream)?, wake: any LiveWaker, clock: any MonotonicClock,
        threads: LiveThreads
    ) {
        guard let first = makeSession() else { return nil }
        self.makeSession = makeSession
        self.wake = wake
        self.clock = clock
        self.threads = threads
        source = first.source
        quietLimit = first.quietLimit
        start(first)
    }

    private func start(_ handle: any LiveStream) {
        lock.withLock { session = handle }
        threads.start("squarestock-watch-stream") { [self] in
            handle.run(
                shouldStop: { false },
                onState: { s in self.update { self.state = s } },
                onEvent: { e in
                    self.update {
                        switch e {
                        case .quote(let q):
                            self.latest[q.symbol] = q
                            self.heard[q.symbol] = self.clock.now()
                            self.times.append(self.clock.now())
                            if self.times.count > 200 { self.times.removeFirst(self.times.count - 200) }
                        case .symbolFailed(let symbol, let reason): self.failed[symbol] = reason
                        case .notice(let text): self.notice = text
                        case .heartbeat(let symbol?): self.heard[symbol] = self.clock.now()
                        default: break
                        }
                    }
                    return true
                })
        }
    }

    private func update(_ change: () -> Void) {
        let post = lock.withLock {
            change()
            defer { posted = true }
            return !posted
        }
        if post { wake.post(.streamed) }
    }

    /// The quotes waiting since the last call, and the symbols the feed refused.
    func take() -> (quotes: [StreamQuote], failed: [String: String]) {
        lock.withLock {
            posted = false
            let out = (Array(latest.values), failed)
            latest = [:]
            failed = [:]
            return out
        }
    }

    /// When each symbol was last heard from on the stream (on `clock`).
    func lastHeard() -> [String: Double] { lock.withLock { heard } }

    /// The header's words for the stream now.
    func headerText(now: Double) -> (text: String, warning: Bool) {
        lock.withLock { headerTextLocked(now: now) }
    }

    private func headerTextLocked(now: Double) -> (text: String, warning: Bool) {
        switch state {
        case .connecting: return ("stream connecting…", false)
        case .stopped: return ("stream closed", true)
        case .reconnecting(let seconds, let attempt, _):
            return ("stream reconnecting (\(Int(seconds.rounded(.up))) s, attempt \(attempt))", true)
        case .live:
            let recent = times.filter { now - $0 <= 10 }.count
            let rate = recent > 0 ? String(format: "%.1f", Double(recent) / 10) + "/s" : "quiet"
            return ("stream live \(rate)" + (notice.map { " (" + $0 + ")" } ?? ""), false)
        }
    }

    func pause() {
        let s = lock.withLock {
            defer { session = nil }
            return session
        }
        s?.stop()
    }

    func resume() {
        guard let handle = makeSession() else { return }
        update { self.state = .connecting }
        start(handle)
    }

    func stop() { pause() }
}
