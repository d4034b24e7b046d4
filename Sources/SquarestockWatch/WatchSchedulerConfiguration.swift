/// The timing rules of a watch session, in seconds, kept apart from the scheduler so the CLI
/// derives them once from `--interval` and tests can state extreme values.
///
/// Defaults follow from what the data can do: an open market changes every second, so it is
/// polled every `interval`; a closed one cannot change, so it is polled rarely; a failing source
/// is retried soon (a blip should not cost a whole interval) but ever more slowly, so an outage
/// of hours costs a handful of requests.
package struct WatchSchedulerConfiguration: Sendable, Equatable {
    /// Between refreshes of a symbol whose market may be trading (open, pre, post, delayed, unknown).
    package var interval: Double
    /// Between refreshes of a symbol whose market is closed (weekend, overnight, lunch break).
    package var closedMarketInterval: Double
    /// The first retry after a failed refresh; it doubles per further failure.
    package var backoffBase: Double
    /// The longest wait between retries while a source keeps failing.
    package var backoffCap: Double
    /// A Retry-After longer than this is clamped, so a misconfigured server cannot park the
    /// screen for a day.
    package var maxRetryAfter: Double
    /// Symbols due within this many seconds of a refresh are fetched with it, so schedules that
    /// drifted apart merge back into one batch instead of trickling out as many small requests.
    package var coalesceWindow: Double

    package init(
        interval: Double = 60, closedMarketInterval: Double = 15 * 60, backoffBase: Double? = nil,
        backoffCap: Double? = nil, maxRetryAfter: Double = 3600, coalesceWindow: Double? = nil
    ) {
        let interval = max(0.1, interval)
        self.interval = interval
        self.closedMarketInterval = max(interval, closedMarketInterval)
        self.backoffBase = max(0.1, backoffBase ?? min(interval, 5))
        self.backoffCap = max(self.backoffBase, backoffCap ?? max(interval, 120))
        self.maxRetryAfter = max(0, maxRetryAfter)
        self.coalesceWindow = max(0, coalesceWindow ?? min(interval / 4, 5))
    }

    /// The wait before retry number `failures` (1 for the first): `backoffBase * 2^(failures-1)`
    /// capped at `backoffCap`, then scaled by `0.5 + unit / 2` ("equal jitter", `unit` in
    /// [0, 1)), so clients that failed together do not retry together, yet every wait is at least
    /// half the nominal one.
    package func backoff(failures: Int, unit: Double) -> Double {
        var nominal = backoffBase
        var n = 1
        while n < failures && nominal < backoffCap {
            nominal *= 2
            n += 1
        }
        let u = unit.isFinite ? min(max(unit, 0), 1) : 0.5
        return min(nominal, backoffCap) * (0.5 + u / 2)
    }
}
