import SquarestockCore
import SquarestockNetworking

#if canImport(Glibc)
    import Glibc
#endif

/// One feed's stream for a set of symbols, kept alive whatever happens: it connects, subscribes
/// to exactly the current set, reads messages, and on any failure (a close, a reset, a broken
/// frame, silence past the feed's idle limit) waits a jittered, exponentially growing delay (1 s
/// doubling up to a minute) and starts over, subscribing to the same set again. A symbol the feed
/// refuses is dropped from the set and the rest subscribed again (where a refusal may have been
/// of the whole request; Kraken's are each symbol's own); it never takes the others down.
///
/// Three rules keep a bad server from fooling it:
/// - A feed that promises heartbeats (`StreamFeed.sendsHeartbeats`) is judged by its messages
///   alone: pings and pongs prove the socket, not the feed, so a feed that answers pings but
///   stopped sending is reconnected after its idle limit. Other feeds count a pong as life.
/// - The backoff is reset only after a connection has carried data for `healthyAfter` seconds:
///   a server that upgrades, sends one message and drops is retried ever more slowly, not at
///   once forever.
/// - Events for symbols that were not asked for are dropped, so a feed cannot add rows to a
///   table or lines to a script's output.
///
/// `run` blocks the calling thread; `stop()` from another thread ends it within a quarter second.
package final class StreamSession: @unchecked Sendable {
    package let feed: any StreamFeed
    package let url: String
    let connectTimeout: Double
    let backoffBase: Double
    let backoffMax: Double
    let clock: any MonotonicClock
    /// Silence that ends a connection: the feed's own limit unless given.
    let idleTimeout: Double
    /// How long a connection must carry data before its attempt counts as a success.
    let healthyAfter: Double
    private let lock = Lock()
    private var symbols: [String]
    private var stopped = false

    package init(
        feed: any StreamFeed, endpoint: String?, symbols: [String], connectTimeout: Double = 10,
        backoffBase: Double = 1, backoffMax: Double = 60, idleTimeout: Double? = nil, healthyAfter: Double = 30,
        clock: any MonotonicClock = SystemMonotonicClock()
    ) {
        self.idleTimeout = idleTimeout ?? feed.idleTimeout
        self.healthyAfter = healthyAfter
        self.feed = feed
        url = feed.url(endpoint: endpoint)
        self.symbols = symbols
        self.connectTimeout = connectTimeout
        self.backoffBase = backoffBase
        self.backoffMax = backoffMax
        self.clock = clock
    }

    /// Asked every quarter second as well: a signal handler may only set a flag, never lock.
    package var stopRequested: @Sendable () -> Bool = { false }

    package func stop() { locked { stopped = true } }
    package var isStopped: Bool { stopRequested() || locked { stopped } }
    /// The symbols subscribed (or to be, after a reconnect).
    package var currentSymbols: [String] { locked { symbols } }

    private func locked<R>(_ body: () -> R) -> R { lock.withLock(body) }

    /// The wait before attempt `attempt` (1, 2, ...): base x 2^(attempt-1), at most the maximum,
    /// times a random factor in 0.5...1 so that many clients do not come back at once.
    package func delay(attempt: Int) -> Double {
        let raw = min(backoffMax, backoffBase * Double(1 << min(attempt - 1, 20)))
        return raw * Double.random(in: 0.5...1)
    }

    /// Streams until `stop()`, until `onEvent` returns false, or until the feed has refused
    /// every symbol (nothing is left to stream; reconnecting would subscribe to nothing).
    package func run(onState: (StreamState) -> Void, onEvent: (StreamEvent) -> Bool) {
        var attempt = 0
        // The newest trade time seen per symbol, across reconnections: a feed that replays its
        // recent ticks on a new connection would otherwise take a price back in time.
        var newest: [String: (time: Instant, nanoseconds: Int32, price: ExactDecimal)] = [:]
        // The symbols that had a quote on this connection: a new connection's first quote at the
        // newest time and price seen is the feed's replay of that trade (Coinbase sends the last
        // trade on every subscribe), printed twice before. Only that one is dropped: later quotes
        // at that time are trades (or bid and ask changes) of their own.
        var quotedHere: Set<String> = []
        let inOrder: (StreamEvent) -> Bool = { event in
            // A time more than an hour ahead of the clock is not kept as the newest: one bogus
            // tick would otherwise hold the symbol for the whole session.
            if case .quote(let q) = event, let t = q.time,
                t.secondsSinceEpoch <= Instant.now().secondsSinceEpoch + 3_600
            {
                if let last = newest[q.symbol] {
                    if (t, q.nanoseconds) < (last.time, last.nanoseconds) { return true }
                    let first = quotedHere.insert(q.symbol).inserted
                    if first && t == last.time && q.nanoseconds == last.nanoseconds && q.price == last.price {
                        return true
                    }
                } else {
                    quotedHere.insert(q.symbol)
                }
                newest[q.symbol] = (t, q.nanoseconds, q.price)
            }
            return onEvent(event)
        }
        while !isStopped {
            onState(.connecting)
            quotedHere = []
            do throws(WebSocketError) {
                let finished = try connection(feed, onState: onState, onEvent: inOrder) { attempt = 0 }
                if finished { break }
            } catch {
                attempt += 1
                let wait = delay(attempt: attempt)
                onState(.reconnecting(seconds: wait, attempt: attempt, reason: error.description))
                let until = clock.now() + wait
                while !isStopped, clock.now() < until { usleep(50_000) }
            }
        }
        onState(.stopped)
    }

    /// One connection's life; true when the stream is over (stopped, or `onEvent` said so).
    /// Generic over the feed (`run` passes the stored `any StreamFeed`, opened) so that the
    /// feed's own `State` can be made and kept for the connection.
    private func connection<F: StreamFeed>(
        _ feed: F, onState: (StreamState) -> Void, onEvent: (StreamEvent) -> Bool, healthy: () -> Void
    ) throws(WebSocketError) -> Bool {
        let c = try WebSocketConnection(url: url, timeout: connectTimeout)
        do throws(WebSocketError) {
            let finished = try stream(feed, over: c, onState: onState, onEvent: onEvent, healthy: healthy)
            c.close()
            return finished
        } catch {
            // Failed by us: the close says why (1002 a broken protocol, 1007 text that is not
            // UTF-8, 1009 too big, 1001 going away from a silent or lost connection), not 1000.
            c.close(code: error.closeCode)
            throw error
        }
    }

    /// The messages of one open connection: subscribe, then read, answer and check until the
    /// stream is over (true) or the connection must be left (thrown).
    private func stream<F: StreamFeed>(
        _ feed: F, over c: WebSocketConnection, onState: (StreamState) -> Void, onEvent: (StreamEvent) -> Bool,
        healthy: () -> Void
    ) throws(WebSocketError) -> Bool {
        var subscribed = currentSymbols
        // Asked as the feed spells each symbol; its events named back by the symbol asked.
        var asked = Self.askedBySpelling(subscribed, feed)
        for m in feed.subscribe(subscribed.map(feed.spelled)) { try c.send(text: m) }
        var state = feed.makeState()
        var events: [StreamEvent] = []
        let opened = clock.now()
        /// The last message of the feed's own (data or heartbeat).
        var lastData = opened
        /// The last frame of any kind, pongs and pings included: the socket works.
        var lastFrame = opened
        var lastKeepAlive = opened
        var pinged = false
        var liveSince: Double?
        var counted = false
        while true {
            if isStopped { return true }
            let message = try c.receive(timeout: 0.25)
            let now = clock.now()
            switch message {
            case .text(let bytes)?, .binary(let bytes)?:
                lastData = now
                lastFrame = now
                pinged = false
                if liveSince == nil {
                    liveSince = now
                    onState(.live)
                }
                events.removeAll(keepingCapacity: true)
                feed.decode(bytes, state: &state, into: &events)
                for var event in events {
                    if !asked.isEmpty { event = Self.named(event, by: asked) }
                    if case .symbolFailed(_, let reason) = event, !Self.concerns(event, subscribed: subscribed) {
                        // A refusal that names no symbol asked for: the one symbol asked for,
                        // or else the whole request (said, never dropped).
                        event =
                            subscribed.count == 1
                            ? .symbolFailed(symbol: subscribed[0], reason: reason)
                            : .notice("the feed refused the subscription: " + reason)
                    }
                    guard Self.concerns(event, subscribed: subscribed) else { continue }
                    if case .symbolFailed(let symbol, _) = event {
                        locked { symbols.removeAll { $0.caseInsensitiveCompare(symbol) == .orderedSame } }
                        if currentSymbols.isEmpty {
                            _ = onEvent(event)
                            return true
                        }
                    }
                    if case .book(let book) = event, case .resyncing = book.check {
                        for m in feed.resync(book.symbol) { try c.send(text: m) }
                    }
                    guard onEvent(event) else { return true }
                }
            case .pong?:
                // The answer to our ping proves the connection; a server's own pings do not
                // (a server sending only pings once kept a dead feed "live").
                lastFrame = now
                pinged = false
            case .close(let code, let reason)?:
                throw .connection(Self.closed(code: code, reason: reason))
            default: break
            }
            // Healthy: data for `healthyAfter` and still arriving (a pong-kept connection that
            // said one thing long ago does not count).
            if !counted, let since = liveSince, now - since >= healthyAfter, now - lastData <= idleTimeout {
                counted = true
                healthy()
            }
            let wanted = currentSymbols
            if wanted != subscribed {
                if feed.refusesSymbolsAlone && wanted.allSatisfy(subscribed.contains) {
                    // Only refused symbols left: the others stay subscribed. Sent again, Kraken
                    // answered each "Already subscribed", a refusal, and the stream stopped.
                } else {
                    // Sent whole: a feed that refused one symbol may have refused the whole request.
                    for m in feed.subscribe(wanted.map(feed.spelled)) { try c.send(text: m) }
                }
                subscribed = wanted
                asked = Self.askedBySpelling(subscribed, feed)
            }
            if let every = feed.keepAlive, now - lastKeepAlive >= every {
                for m in feed.subscribe(subscribed.map(feed.spelled)) { try c.send(text: m) }
                lastKeepAlive = now
            }
            if !pinged, now - lastFrame > idleTimeout / 2 {
                try c.sendPing()
                pinged = true
            }
            if feed.sendsHeartbeats, now - lastData > idleTimeout {
                throw now - lastFrame > idleTimeout ? .idle(seconds: now - lastData) : .silent(seconds: now - lastData)
            }
            if now - lastFrame > idleTimeout { throw .idle(seconds: now - lastFrame) }
        }
    }

    /// The line for a close frame; its reason was cleaned where it was decoded.
    package static func closed(code: UInt16?, reason: String) -> String {
        "the server closed the stream (\(code.map(String.init) ?? "no code")\(reason.isEmpty ? "" : ": " + reason))"
    }

    /// Whether `event` is about a symbol this connection asked for (or about none): a feed that
    /// sends rows for anything else is not believed. Symbols compare without regard to case.
    /// The symbols asked by their wire spelling (upper-cased), for those the feed spells
    /// otherwise; empty when it spells them all as asked.
    static func askedBySpelling<F: StreamFeed>(_ symbols: [String], _ feed: F) -> [String: String] {
        var out: [String: String] = [:]
        for s in symbols {
            let wire = feed.spelled(s)
            if wire != s { out[wire.uppercased()] = s }
        }
        return out
    }

    /// `event` with a symbol the feed spelled its own way named as it was asked.
    static func named(_ event: StreamEvent, by asked: [String: String]) -> StreamEvent {
        func name(_ s: String) -> String { asked[s.uppercased()] ?? s }
        switch event {
        case .quote(var q):
            q.symbol = name(q.symbol)
            return .quote(q)
        case .heartbeat(let s?): return .heartbeat(symbol: name(s))
        case .symbolFailed(let s, let reason): return .symbolFailed(symbol: name(s), reason: reason)
        case .gap(let s, let detail): return .gap(symbol: name(s), detail: detail)
        case .subscribed(let symbols): return .subscribed(symbols.map(name))
        case .book(var b):
            b.symbol = name(b.symbol)
            return .book(b)
        case .heartbeat(nil), .notice: return event
        }
    }

    static func concerns(_ event: StreamEvent, subscribed: [String]) -> Bool {
        let symbol: String
        switch event {
        case .quote(let q): symbol = q.symbol
        case .heartbeat(let s?): symbol = s
        case .symbolFailed(let s, _), .gap(let s, _): symbol = s
        case .book(let b): symbol = b.symbol
        case .heartbeat(nil), .subscribed, .notice: return true
        }
        return subscribed.contains { $0 == symbol || $0.caseInsensitiveCompare(symbol) == .orderedSame }
    }
}
