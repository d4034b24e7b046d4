import SquarestockCore

/// Decides which symbols to fetch and when, so watch mode stays correct, calm and cheap for
/// hours: every symbol has its own due time; closed markets are polled rarely; failures back off
/// exponentially with jitter; a Retry-After or a 429 holds the whole source; `r` and a market
/// opening pull refreshes in.
///
/// Pure state plus an injected `MonotonicClock` and jitter, so every rule is tested with a manual
/// clock. The caller loops: `takeDue()` gives the symbols to fetch now (they are "in flight"
/// until `record` hears about them), `nextWake()` says when to look again.
package struct WatchScheduler: Sendable {
    package let configuration: WatchSchedulerConfiguration
    private let clock: any MonotonicClock
    private let jitter: @Sendable () -> Double

    private struct Plan: Sendable {
        var nextDue: Double
        var failures = 0
        var marketClosed = false
        var inFlight = false
    }

    /// Symbols in the order given; each appears once.
    package private(set) var symbols: [String] = []
    private var plans: [String: Plan] = [:]
    private var sourceFailures = 0
    private var holdUntil: Double?
    package private(set) var condition: WatchSourceCondition = .healthy
    package private(set) var isPaused = false
    /// `r` while paused: one refresh is allowed through.
    private var oneRefreshWhilePaused = false
    /// Clock time of the last refresh that brought good data for at least one symbol.
    package private(set) var lastSuccess: Double?

    /// `jitter` returns values in [0, 1); production passes a random generator, tests a constant.
    /// Every symbol is due immediately.
    package init(
        symbols: [String], configuration: WatchSchedulerConfiguration, clock: any MonotonicClock,
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.configuration = configuration
        self.clock = clock
        self.jitter = jitter
        let now = clock.now()
        for s in symbols where plans[s] == nil {
            self.symbols.append(s)
            plans[s] = Plan(nextDue: now)
        }
    }

    /// The symbols to fetch now, in watch order, marked in flight. Empty while paused (unless
    /// `refreshNow()` asked for one refresh), while the source is held (backoff, Retry-After) or
    /// when nothing is due. When at least one symbol is due, those due within `coalesceWindow`
    /// come along, to keep batches whole.
    package mutating func takeDue() -> [String] {
        guard !isPaused || oneRefreshWhilePaused else { return [] }
        let now = clock.now()
        if let hold = holdUntil, now < hold { return [] }
        var anyDue = false
        for s in symbols where plans[s]?.inFlight == false && (plans[s]?.nextDue ?? .infinity) <= now {
            anyDue = true
            break
        }
        guard anyDue else { return [] }
        let horizon = now + configuration.coalesceWindow
        var due: [String] = []
        for s in symbols {
            guard var p = plans[s], !p.inFlight, p.nextDue <= horizon else { continue }
            p.inFlight = true
            plans[s] = p
            due.append(s)
        }
        oneRefreshWhilePaused = false
        return due
    }

    /// When something next becomes due (scheduler clock), or nil while paused or while every
    /// symbol is in flight. May be in the past: then `takeDue()` has work now.
    package func nextWake() -> Double? {
        guard !isPaused else { return nil }
        var earliest: Double?
        for s in symbols {
            guard let p = plans[s], !p.inFlight else { continue }
            earliest = min(earliest ?? p.nextDue, p.nextDue)
        }
        guard let e = earliest else { return nil }
        if let hold = holdUntil { return max(e, hold) }
        return e
    }

    /// True while any symbol is in flight.
    package var isFetching: Bool { plans.values.contains { $0.inFlight } }

    /// Takes in the outcome of a refresh. Symbols taken by `takeDue()` but missing from
    /// `outcomes` count as failed for that symbol alone.
    ///
    /// - Good data: the symbol is due again after `interval`, or `closedMarketInterval` when its
    ///   market is closed; its failure count resets.
    /// - Bad data for one symbol: that symbol backs off, never sooner than `interval`.
    /// - Source failure: the symbol backs off (possibly sooner than `interval`, to recover fast).
    /// - When every symbol of the refresh failed at source level, or any was rate limited, the
    ///   whole source is held: nothing is fetched before `backoff(sourceFailures)`, nor before
    ///   the largest Retry-After (clamped to `maxRetryAfter`).
    /// - Any good data clears the source hold.
    package mutating func record(_ outcomes: [String: WatchFetchOutcome]) {
        let now = clock.now()
        let unit = jitter()  // one draw per refresh keeps the batch together
        var anyFresh = false
        var allSourceFailed = !outcomes.isEmpty
        var rateLimited = false
        var retryAfter: Double?
        for s in symbols {
            guard var p = plans[s] else { continue }
            let outcome = outcomes[s] ?? (p.inFlight ? .symbolFailed : nil)
            p.inFlight = false
            guard let outcome else {
                plans[s] = p
                continue
            }
            switch outcome {
            case .fresh(let closed):
                anyFresh = true
                allSourceFailed = false
                p.failures = 0
                p.marketClosed = closed
                p.nextDue = now + (closed ? configuration.closedMarketInterval : configuration.interval)
            case .symbolFailed:
                allSourceFailed = false
                p.failures += 1
                p.nextDue = now + max(configuration.interval, configuration.backoff(failures: p.failures, unit: unit))
            case .sourceFailed(let ra, let limited):
                p.failures += 1
                p.nextDue = now + configuration.backoff(failures: p.failures, unit: unit)
                if limited || ra != nil { rateLimited = true }
                if let ra, ra.isFinite { retryAfter = max(retryAfter ?? 0, ra) }
            }
            plans[s] = p
        }
        if rateLimited {
            sourceFailures += 1
            var wait = configuration.backoff(failures: sourceFailures, unit: unit)
            if let ra = retryAfter { wait = max(wait, min(max(0, ra), configuration.maxRetryAfter)) }
            holdUntil = now + wait
            condition = .rateLimited(until: now + wait, retryAfter: retryAfter != nil)
        } else if allSourceFailed {
            sourceFailures += 1
            let wait = configuration.backoff(failures: sourceFailures, unit: unit)
            holdUntil = now + wait
            condition = .backingOff(until: now + wait, failures: sourceFailures)
        } else if anyFresh {
            sourceFailures = 0
            holdUntil = nil
            condition = .healthy
        }
        if anyFresh { lastSuccess = now }
    }

    /// `r`: every symbol not in flight is due now, closed markets included, and one refresh
    /// happens even while paused. A backoff hold is lifted (the user asked), a Retry-After hold
    /// is not (the server asked).
    package mutating func refreshNow() {
        let now = clock.now()
        oneRefreshWhilePaused = isPaused
        for s in symbols {
            guard var p = plans[s], !p.inFlight else { continue }
            p.nextDue = now
            plans[s] = p
        }
        if case .backingOff = condition {
            holdUntil = nil
            condition = .healthy
        } else if case .rateLimited(_, let fromHeader) = condition, !fromHeader {
            // A 429 without Retry-After: the wait is ours, so the user may cut it short.
            holdUntil = nil
            condition = .healthy
        }
    }

    /// `p`: while paused nothing is fetched; on resume whatever fell due is fetched at once.
    package mutating func setPaused(_ paused: Bool) {
        isPaused = paused
        oneRefreshWhilePaused = false
    }

    /// Tells the scheduler what the clock now says about a symbol's market. When a market that
    /// was closed at the last fetch is no longer closed (the session opened), the symbol is due
    /// now instead of waiting out the slow closed-market interval.
    package mutating func noteMarket(symbol: String, closed: Bool) {
        guard var p = plans[symbol], p.marketClosed, !closed else { return }
        p.marketClosed = false
        if !p.inFlight { p.nextDue = min(p.nextDue, clock.now()) }
        plans[symbol] = p
    }

    /// When `symbol` is next due (scheduler clock), ignoring any source hold; nil if unknown.
    package func nextDue(of symbol: String) -> Double? { plans[symbol]?.nextDue }

    /// Consecutive failed refreshes of `symbol`.
    package func failures(of symbol: String) -> Int { plans[symbol]?.failures ?? 0 }

    /// Whether `symbol`'s market was closed at its last good fetch.
    package func isMarketClosed(_ symbol: String) -> Bool { plans[symbol]?.marketClosed ?? false }
}
