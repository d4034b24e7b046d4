import SquarestockCore
import SquarestockNetworking

/// One streaming service: where it lives, how to ask for symbols, and how to read what it sends.
/// The connection, the reconnects and the timers are `StreamSession`'s; a feed only knows its
/// messages, and keeps what it must remember between them (last sequence per product) in `state`.
package protocol StreamFeed: Sendable {
    /// What the feed remembers between messages of one connection (sequences, books, merged
    /// quotes). Each feed declares its own, so the shared session names no service and a new
    /// feed adds no field anywhere else.
    associatedtype State
    var name: String { get }
    /// The live URL (`wss://...`); `--endpoint` moves it to `ws(s)://host:port`, keeping path and query.
    var url: String { get }
    /// The messages that subscribe to exactly `symbols` on a fresh connection.
    func subscribe(_ symbols: [String]) -> [String]
    /// The messages that change the subscriptions from `old` to `new` on a live connection.
    func resubscribe(from old: [String], to new: [String]) -> [String]
    /// The messages that fetch one symbol's book afresh after its checksum failed (only that
    /// one); none for feeds without books.
    func resync(_ symbol: String) -> [String]
    /// Seconds after which the subscriptions are sent again as a keep-alive (Yahoo has no
    /// heartbeat); nil when the feed needs none.
    var keepAlive: Double? { get }
    /// Silence longer than this means the connection is dead even if TCP says otherwise.
    var idleTimeout: Double { get }
    /// True when the feed promises a message (data or a heartbeat of its own) more often than
    /// `idleTimeout`: then only those messages prove it alive, and a socket that still answers
    /// pings but carries nothing is a frozen feed. False where quiet is normal (Yahoo has no
    /// heartbeat, Tradernet sends only changes): a pong then proves the connection.
    var sendsHeartbeats: Bool { get }
    /// True when the feed answers each symbol of a subscribe on its own, so a refused one fails
    /// alone and the others stay subscribed (Kraken v2); false when a refusal may have been of
    /// the whole request, which is then sent again without the refused symbol.
    var refusesSymbolsAlone: Bool { get }
    /// Seconds one subscribed symbol of an open market may send nothing (no trade, no heartbeat
    /// of its own) before its row is called stale: short where every product has a heartbeat,
    /// long where only trades arrive and a quiet pair is normal.
    var quietLimit: Double { get }
    /// `symbol` as the feed spells it on the wire (Yahoo: `BRK-B` for the `BRK.B` users type);
    /// the session subscribes with it and names the feed's events by the symbol asked.
    func spelled(_ symbol: String) -> String
    /// A fresh state for one connection: a reconnect subscribes again and is sent everything
    /// anew, so nothing of the last connection is kept.
    func makeState() -> State
    /// Appends the events of one text or binary message to `events` (unknown messages give
    /// none); the caller reuses one array, so a message costs no allocation for its events.
    func decode(_ message: [UInt8], state: inout State, into events: inout [StreamEvent])
}

extension StreamFeed {
    package func resync(_ symbol: String) -> [String] { [] }
    package func spelled(_ symbol: String) -> String { symbol }
    package var sendsHeartbeats: Bool { false }
    package var refusesSymbolsAlone: Bool { false }

    /// The events of one message as an array (tests, the fuzzer).
    package func decode(_ message: [UInt8], state: inout State) -> [StreamEvent] {
        var events: [StreamEvent] = []
        decode(message, state: &state, into: &events)
        return events
    }

    /// `url` on `--endpoint`: `http://H:P` → `ws://H:P`, `https` → `wss`, path and query kept.
    package func url(endpoint: String?) -> String {
        guard let endpoint, !endpoint.isEmpty else { return url }
        let rebased = Endpoint.rebase(url.replacingOccurrences(of: "wss://", with: "https://"), onto: endpoint)
        if rebased.hasPrefix("https://") { return "wss://" + rebased.dropFirst(8) }
        if rebased.hasPrefix("http://") { return "ws://" + rebased.dropFirst(7) }
        return rebased
    }
}
