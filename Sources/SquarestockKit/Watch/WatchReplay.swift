import SquarestockCore
import SquarestockServices

/// The recorded trading day `watch --replay-speed` plays back, as the watch loop sees it: how
/// far the replay has run and where each symbol's day starts.
public struct WatchReplay: Sendable {
    let source: ReplaySource

    /// How many times faster than real time the day plays.
    public var speed: Double { source.speed }

    /// Virtual seconds since the start of every replayed day.
    public func virtualSeconds() -> Int64 { source.virtualSeconds() }

    /// Where `symbol`'s replay starts, once loaded; nil for symbols without intraday data.
    public func start(for symbol: String) -> Instant? { source.start(for: symbol) }

    /// `symbol`'s own replay clock: its day, in its current lap (each recording loops).
    public func now(for symbol: String) -> Instant? { source.virtualNow(for: symbol) }

    /// `symbol`'s replay clock as the last refresh read it: what the quotes just fetched are as of.
    public func nowAsRead(for symbol: String) -> Instant? { source.virtualNow(for: symbol, asRead: true) }

    /// Virtual seconds as the last refresh read them.
    public func readSeconds() -> Int64 { source.readSeconds() }
}
