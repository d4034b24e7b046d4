import SquarestockCore

/// What one refresh said about one symbol, reduced to what the scheduler needs to decide when to
/// ask again. The UI keeps the full story (values, reasons) in `WatchState`.
package enum WatchFetchOutcome: Sendable, Equatable {
    /// Good data arrived; `marketClosed` means its market cannot trade now, so polling slows.
    case fresh(marketClosed: Bool)
    /// This symbol's data was bad or missing (unknown symbol, no price): only it backs off.
    case symbolFailed
    /// The source as a whole failed (network, 5xx, HTML challenge, 429). `retryAfter` is the
    /// server's Retry-After in seconds when it sent one; `rateLimited` marks a 429-style refusal.
    case sourceFailed(retryAfter: Double?, rateLimited: Bool)

    /// The outcome for a fetched result. `marketClosed` is asked only for good data.
    package static func classify(_ error: QuoteError) -> WatchFetchOutcome {
        if case .rateLimited(_, _, let retryAfter) = error {
            return .sourceFailed(retryAfter: retryAfter, rateLimited: true)
        }
        if case .httpStatus(_, let status, _) = error, status == 429 {
            return .sourceFailed(retryAfter: nil, rateLimited: true)
        }
        return error.isServiceLevel ? .sourceFailed(retryAfter: nil, rateLimited: false) : .symbolFailed
    }
}
