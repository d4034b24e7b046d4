import SquarestockCore
import SquarestockNetworking

/// One streaming service: where it lives, how to ask for symbols, and how to read what it sends.
/// The connection, the reconnects and the timers are `StreamSession`'s; a feed only knows its
/// messages, and keeps what it must remember between them (last sequence per product) in `state`.
package protocol StreamFeed: Sendable {
    var name: String { get }
    /// The live URL (`wss://...`); `--endpoint` moves it to `ws(s)://host:port`, keeping path and query.
    var url: String { get }
    /// The messages that subscribe to exactly `symbols` on a fresh connection.
    func subscribe(_ symbols: [String]) -> [String]
    /// The messages that change the subscriptions from `old` to `new` on a live connection.
    func resubscribe(from old: [String], to new: [String]) -> [String]
    /// Seconds after which the subscriptions are sent again as a keep-alive (Yahoo has no
    /// heartbeat); nil when the feed needs none.
    var keepAlive: Double? { get }
    /// Silence longer than this means the connection is dead even if TCP says otherwise.
    var idleTimeout: Double { get }
    /// The events of one text or binary message; unknown messages give none.
    func decode(_ message: [UInt8], state: inout StreamFeedState) -> [StreamEvent]
}

/// What a feed remembers between messages of one connection.
package struct StreamFeedState: Sendable {
    package var lastSequence: [String: Int64] = [:]
    package var lastTradeID: [String: Int64] = [:]
    package init() {}
}

extension StreamFeed {
    /// `url` on `--endpoint`: `http://H:P` → `ws://H:P`, `https` → `wss`, path and query kept.
    package func url(endpoint: String?) -> String {
        guard let endpoint, !endpoint.isEmpty else { return url }
        let rebased = Endpoint.rebase(url.replacingOccurrences(of: "wss://", with: "https://"), onto: endpoint)
        if rebased.hasPrefix("https://") { return "wss://" + rebased.dropFirst(8) }
        if rebased.hasPrefix("http://") { return "ws://" + rebased.dropFirst(7) }
        return rebased
    }
}
