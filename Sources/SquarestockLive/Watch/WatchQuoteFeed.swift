import SquarestockCore
import SquarestockKit

/// Where the watch loop gets its quotes: the facade's `WatchFeed`, or a test's scripted answers.
/// Called on the fetch worker's thread.
package protocol WatchQuoteFeed: Sendable {
    /// The source's name, for the header and the rate-limit line.
    var sourceName: String { get }
    /// The source asks others in turn: the header names the one that answered.
    var sourceIsChain: Bool { get }
    /// Set when the feed replays a recording (`--replay-speed`).
    var replay: WatchReplay? { get }
    /// Quotes for `symbols` as of `now`.
    func quotes(for symbols: [String], now: Instant) -> [StockResult]
}

extension WatchFeed: WatchQuoteFeed {}
