import SquarestockCore

/// What the header and footer report besides the rows: where data comes from, when it was last
/// good, when the next refresh happens or why it is held back. Gathered by the caller from the
/// scheduler so the renderer stays a pure function.
package struct WatchHeader: Sendable {
    /// The source name as the user knows it (`stooq`, `samples`).
    package var source: String
    /// Data time of the last refresh that brought good data.
    package var lastSuccess: Instant?
    /// Watch-clock time of the next scheduled refresh; nil when none is planned.
    package var nextRefresh: Double?
    /// A refresh is running now.
    package var refreshing: Bool
    package var condition: WatchSourceCondition
    package var paused: Bool
    package var sort: WatchSort
    /// The zone the header's times are shown in (the user's, or the replayed exchange's).
    package var zone: ExchangeTimeZone?
    /// Set while replaying recorded data, so nobody mistakes it for live prices.
    package var replaySpeed: Double?
    /// The stream's state with `--stream` (`stream live 12/s`, `stream reconnecting in 4 s
    /// (attempt 2)`), and whether it is a warning.
    package var stream: (text: String, warning: Bool)?
    /// Rows scrolled past at the top (↓/j, ↑/k, PgDn, PgUp, g); the renderer keeps it in range.
    package var scroll = 0

    package init(
        source: String, lastSuccess: Instant? = nil, nextRefresh: Double? = nil, refreshing: Bool = false,
        condition: WatchSourceCondition = .healthy, paused: Bool = false, sort: WatchSort = .yourOrder,
        zone: ExchangeTimeZone? = nil, replaySpeed: Double? = nil, stream: (text: String, warning: Bool)? = nil
    ) {
        self.stream = stream
        self.source = source
        self.lastSuccess = lastSuccess
        self.nextRefresh = nextRefresh
        self.refreshing = refreshing
        self.condition = condition
        self.paused = paused
        self.sort = sort
        self.zone = zone
        self.replaySpeed = replaySpeed
    }
}
