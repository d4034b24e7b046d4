import SquarestockCore
import SquarestockNetworking

/// Coinbase Exchange's public feed (`wss://ws-feed.exchange.coinbase.com`), `ticker` and
/// `heartbeat` channels, keyless. Product ids are `BASE-QUOTE` already. Every decimal is a string;
/// `sequence` is per product and counts every order event, so it only moves forward: an older or
/// repeated one is dropped, a jump is normal. Lost trades show as a heartbeat whose
/// `last_trade_id` is past the last trade seen.
package struct CoinbaseStreamFeed: StreamFeed {
    package let name = "coinbase"
    package let url = "wss://ws-feed.exchange.coinbase.com/"
    package let keepAlive: Double? = nil
    /// Heartbeats come every second per product.
    package let idleTimeout: Double = 10
    /// A heartbeat about once a second whenever nothing else was sent.
    package let sendsHeartbeats = true
    /// Every product has a heartbeat a second.
    package let quietLimit: Double = 10

    package init() {}

    package func subscribe(_ symbols: [String]) -> [String] {
        guard !symbols.isEmpty else { return [] }
        return [message("subscribe", symbols)]
    }

    package func resubscribe(from old: [String], to new: [String]) -> [String] {
        let gone = old.filter { !new.contains($0) }
        let added = new.filter { !old.contains($0) }
        return (gone.isEmpty ? [] : [message("unsubscribe", gone)])
            + (added.isEmpty ? [] : [message("subscribe", added)])
    }

    func message(_ type: String, _ products: [String]) -> String {
        "{\"type\":\"\(type)\",\"product_ids\":[" + products.map(JSONText.quoted).joined(separator: ",")
            + "],\"channels\":[\"ticker\",\"heartbeat\"]}"
    }

    package func makeState() -> State { State() }

    package func decode(_ message: [UInt8], state: inout State, into events: inout [StreamEvent]) {
        CoinbaseStreamDecoder.decode(message, state: &state, into: &events)
    }
}
