import SquarestockCore
import SquarestockServices

extension SquarestockApp {
    /// The feed that streams the settings' source, or why there is none.
    func streamFeed() -> Result<any StreamFeed, SettingsError> {
        switch settings.sourceName.lowercased() {
        case "coinbase": return .success(CoinbaseStreamFeed())
        case "kraken": return .success(KrakenStreamFeed())
        case "tradernet": return .success(TradernetStreamFeed())
        case "yahoo", "auto": return .success(YahooStreamFeed())
        default: return .failure(.noStream(source: settings.sourceName))
        }
    }

    /// Whether the settings' source has a stream (the one list is `streamFeed`'s).
    public var sourceStreams: Bool { (try? streamFeed().get()) != nil }

    /// Whether the settings' source has nothing but a stream (Tradernet): a watch streams it
    /// without being asked and never polls.
    public var sourceStreamsOnly: Bool { SourceCatalog.streamsOnly(settings.sourceName) }

    /// `watch --stream`: a session for `symbols` on the source's feed, reconnecting by itself.
    public func streamSession(symbols: [String]) throws(SettingsError) -> StreamSessionHandle {
        session(try streamFeed().get(), symbols: symbols.map { $0.uppercased() })
    }

    /// The settings' exchange as people write it (`Kraken`).
    public var exchangeDisplayName: String { exchangeAdapter().0.displayName }

    /// The exchanges whose books `book --live` keeps: Kraken (checked with its CRC-32) and
    /// Tradernet (a stream-only broker feed: `--exchange tradernet` means nothing else).
    public static let liveBookExchanges = ["kraken", "tradernet"]

    /// Whether the settings' exchange (or `exchange`) streams books.
    public func exchangeStreamsBooks(_ exchange: String? = nil) -> Bool {
        Self.liveBookExchanges.contains((exchange ?? settings.exchangeName).lowercased())
    }

    /// `book PAIR --live`: the book of `pair` on `exchange` (else the settings' exchange), `depth`
    /// levels a side, kept by the stream and checked against the exchange's checksum where it
    /// sends one; a book that drifts is fetched afresh alone. Kraken names bitcoin BTC on its
    /// stream, so XBT is written BTC.
    public func liveBookSession(_ pair: String, depth: Int, exchange: String? = nil) throws(SettingsError)
        -> StreamSessionHandle
    {
        let name = (exchange ?? settings.exchangeName).lowercased()
        switch name {
        case "kraken":
            let symbol = pair.uppercased().split(separator: "-").map { $0 == "XBT" ? "BTC" : String($0) }
                .joined(separator: "-")
            return session(KrakenStreamFeed(channel: .book(depth: depth)), symbols: [symbol])
        case "tradernet": return session(TradernetStreamFeed(channel: .books), symbols: [pair.uppercased()])
        default: throw .noLiveBook(exchange: name)
        }
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
    /// until `onEvent` returns false.
    public func run(
        shouldStop: @escaping @Sendable () -> Bool = { false }, onState: (StreamState) -> Void,
        onEvent: (StreamEvent) -> Bool
    ) {
        session.stopRequested = shouldStop
        session.run(onState: onState, onEvent: onEvent)
    }

    public func stop() { session.stop() }

    /// The symbols still subscribed: empty once the feed refused every one (the stream then
    /// ends by itself).
    public var symbolsLeft: [String] { session.currentSymbols }
}
