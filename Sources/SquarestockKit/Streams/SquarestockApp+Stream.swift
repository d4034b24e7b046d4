import SquarestockCore
import SquarestockServices

extension SquarestockApp {
    /// The feed that streams the settings' source, or why there is none.
    func streamFeed() -> Result<any StreamFeed, SettingsError> {
        guard let feed = settings.catalog.streamFeed(named: settings.sourceName) else {
            return .failure(.noStream(source: settings.sourceName))
        }
        return .success(feed)
    }

    /// Whether the settings' source has a stream (the one list is `streamFeed`'s).
    public var sourceStreams: Bool { (try? streamFeed().get()) != nil }

    /// Whether the settings' source has nothing but a stream: a watch streams it without being
    /// asked and never polls.
    public var sourceStreamsOnly: Bool { settings.catalog.streamsOnly(settings.sourceName) }

    /// `watch --stream`: a session for `symbols` on the source's feed, reconnecting by itself.
    public func streamSession(symbols: [String]) throws(SettingsError) -> StreamSessionHandle {
        session(try streamFeed().get(), symbols: symbols.map { $0.uppercased() })
    }

    /// The settings' exchange as people write it (`Kraken`).
    public var exchangeDisplayName: String { exchangeAdapter().0.displayName }

    /// Whether the settings' exchange (or `exchange`) streams books.
    public func exchangeStreamsBooks(_ exchange: String? = nil) -> Bool {
        settings.catalog.entry(named: exchange ?? settings.exchangeName)?.stream?.book != nil
    }

    /// `book PAIR --live`: the book of `pair` on `exchange` (else the settings' exchange), `depth`
    /// levels a side, kept by the stream and checked against the exchange's checksum where it
    /// sends one; a book that drifts is fetched afresh alone.
    public func liveBookSession(_ pair: String, depth: Int, exchange: String? = nil) throws(SettingsError)
        -> StreamSessionHandle
    {
        let name = (exchange ?? settings.exchangeName).lowercased()
        guard let (feed, symbol) = settings.catalog.bookFeed(exchange: name, pair: pair, depth: depth) else {
            throw .noLiveBook(exchange: name)
        }
        return session(feed, symbols: [symbol])
    }

    /// `SQUARESTOCK_STREAM_IDLE`, `SQUARESTOCK_STREAM_BACKOFF` and `SQUARESTOCK_STREAM_HEALTHY`
    /// (seconds) shorten the idle limit, the first backoff and the time a connection must carry
    /// data before the backoff starts over, for tests.
    private func session(_ feed: any StreamFeed, symbols: [String]) -> StreamSessionHandle {
        let env = settings.environment
        return StreamSessionHandle(
            session: StreamSession(
                feed: feed, endpoint: settings.endpoint, symbols: symbols, connectTimeout: settings.timeout,
                backoffBase: env["SQUARESTOCK_STREAM_BACKOFF"].flatMap(Double.init) ?? 1,
                idleTimeout: env["SQUARESTOCK_STREAM_IDLE"].flatMap(Double.init),
                healthyAfter: env["SQUARESTOCK_STREAM_HEALTHY"].flatMap(Double.init) ?? 30))
    }
}

/// A running or ready stream, for the command line: it runs on the caller's thread and can be
/// stopped from another (a signal, a key).
public struct StreamSessionHandle: Sendable {
    let session: StreamSession

    public var source: String { session.feed.name }
    /// Seconds a symbol of an open market may stay silent on this stream before it is stale.
    public var quietLimit: Double { session.feed.quietLimit }

    /// Runs until `stop()`, until `shouldStop` (polled; safe to set from a signal handler) or
    /// until `onEvent` returns false. The handlers are escaping only so that a scripted stream
    /// in a test (`LiveStream`) can call them after `run` returns; this one calls them on the
    /// caller's thread, before it returns.
    public func run(
        shouldStop: @escaping @Sendable () -> Bool = { false }, onState: @escaping (StreamState) -> Void,
        onEvent: @escaping (StreamEvent) -> Bool
    ) {
        session.stopRequested = shouldStop
        session.run(onState: onState, onEvent: onEvent)
    }

    public func stop() { session.stop() }
}
