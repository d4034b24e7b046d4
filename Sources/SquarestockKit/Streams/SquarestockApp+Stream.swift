import SquarestockCore
import SquarestockServices

extension SquarestockApp {
    /// The feed that streams the settings' source, or why there is none.
    func streamFeed() -> Result<any StreamFeed, SettingsError> {
        switch settings.sourceName.lowercased() {
        case "coinbase": return .success(CoinbaseStreamFeed())
        case "kraken": return .success(KrakenStreamFeed())
        case "yahoo", "auto": return .success(YahooStreamFeed())
        default: return .failure(.noStream(source: settings.sourceName))
        }
    }

    /// Whether the settings' source has a stream (the one list is `streamFeed`'s).
    public var sourceStreams: Bool { (try? streamFeed().get()) != nil }

    /// `watch --stream`: a session for `symbols` on the source's feed, reconnecting by itself.
    /// `SQUARESTOCK_STREAM_IDLE` and `SQUARESTOCK_STREAM_BACKOFF` (seconds) shorten the idle limit
    /// and the first backoff for tests.
    public func streamSession(symbols: [String]) throws(SettingsError) -> StreamSessionHandle {
        let feed = try streamFeed().get()
        let env = settings.environment
        let session = StreamSession(
            feed: feed, endpoint: settings.endpoint, symbols: symbols.map { $0.uppercased() },
            connectTimeout: settings.timeout, backoffBase: env["SQUARESTOCK_STREAM_BACKOFF"].flatMap(Double.init) ?? 1,
            idleTimeout: env["SQUARESTOCK_STREAM_IDLE"].flatMap(Double.init))
        return StreamSessionHandle(session: session)
    }
}

/// A running or ready stream, for the command line: it runs on the caller's thread and can be
/// stopped from another (a signal, a key).
public struct StreamSessionHandle: Sendable {
    let session: StreamSession

    public var source: String { session.feed.name }

    /// Runs until `stop()`, until `shouldStop` (polled; safe to set from a signal handler) or
    /// until `onEvent` returns false.
    public func run(
        shouldStop: @escaping @Sendable () -> Bool = { false }, onState: (StreamState) -> Void,
        onEvent: (StreamEvent) -> Bool
    ) {
        session.stopRequested = shouldStop
        session.run(onState: onState, onEvent: onEvent)
    }

    public func stop() { session.stop() }
}
