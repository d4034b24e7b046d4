import SquarestockCore

/// Why a symbol's latest refresh did not bring good data, and since when. Kept next to the last
/// good values (which stay on screen) so a row can say "stale 3m: could not connect" instead of
/// either hiding the numbers or presenting them as current.
package struct WatchFailure: Sendable, Equatable {
    /// One line for the user, without the symbol.
    package var reason: String
    /// When the first failure of the current run happened (data time, like `Stock` times).
    package var since: Instant
    /// The source as a whole failed (network, 5xx, rate limit) rather than this symbol's data.
    package var serviceLevel: Bool
    /// Not a failed poll: the stream has said nothing of this open market's symbol for longer
    /// than its feed leads one to expect. Cleared as soon as it speaks again.
    package var streamSilence: Bool

    package init(reason: String, since: Instant, serviceLevel: Bool, streamSilence: Bool = false) {
        self.reason = reason
        self.since = since
        self.serviceLevel = serviceLevel
        self.streamSilence = streamSilence
    }
}
