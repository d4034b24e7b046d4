import SquarestockCore

/// What the header and footer report besides the rows: where data comes from, when it was last
/// good, when the next refresh happens or why it is held back. Gathered by the caller from the
/// scheduler so the renderer stays a pure function.
public struct WatchHeader: Sendable {
    /// The source name as the user knows it (`stooq`, `samples`).
    public var source: String
    /// Data time of the last refresh that brought good data.
    public var lastSuccess: Instant?
    /// Watch-clock time of the next scheduled refresh; nil when none is planned.
    public var nextRefresh: Double?
    /// A refresh is running now.
    public var refreshing: Bool
    public var condition: WatchSourceCondition
    public var paused: Bool
    public var sort: WatchSort
    /// The zone the header's times are shown in (the user's, or the replayed exchange's).
    public var zone: ExchangeTimeZone?
    /// Set while replaying recorded data, so nobody mistakes it for live prices.
    public var replaySpeed: Double?

    public init(source: String, lastSuccess: Instant? = nil, nextRefresh: Double? = nil, refreshing: Bool = false,
                condition: WatchSourceCondition = .healthy, paused: Bool = false, sort: WatchSort = .yourOrder,
                zone: ExchangeTimeZone? = nil, replaySpeed: Double? = nil) {
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
