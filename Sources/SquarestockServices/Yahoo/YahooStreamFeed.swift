import SquarestockCore
import SquarestockNetworking

/// Yahoo's streamer (`wss://streamer.finance.yahoo.com/?version=2`), keyless, for stocks, ETFs,
/// indices, FX and crypto: `{"subscribe":[...]}` in, `{"type":"pricing","message":"<base64
/// PricingData protobuf>"}` out (the unversioned endpoint sent the bare base64). Yahoo sends no
/// heartbeat and no errors: an unknown symbol just never ticks, and a closed market is silent,
/// so liveness is checked with WebSocket pings and the list is sent again every 15 s as
/// yfinance does.
package struct YahooStreamFeed: StreamFeed {
    package let name = "yahoo"
    package let url = "wss://streamer.finance.yahoo.com/?version=2"
    package let keepAlive: Double? = 15
    package let idleTimeout: Double = 30
    /// Prices come on trades only; a listed stock of an open market is rarely quiet for 2 minutes.
    package let quietLimit: Double = 120

    package init() {}

    package func subscribe(_ symbols: [String]) -> [String] {
        symbols.isEmpty ? [] : ["{\"subscribe\":[" + symbols.map(JSONText.quoted).joined(separator: ",") + "]}"]
    }

    package func resubscribe(from old: [String], to new: [String]) -> [String] {
        let gone = old.filter { !new.contains($0) }
        return (gone.isEmpty ? [] : ["{\"unsubscribe\":[" + gone.map(JSONText.quoted).joined(separator: ",") + "]}"])
            + subscribe(new)
    }

    /// Share classes as Yahoo spells them (`BRK-B`), as its quote endpoints are asked.
    package func spelled(_ symbol: String) -> String { YahooTicker.wire(symbol, registry: .standard) }

    package func makeState() -> State { State() }

    package func decode(_ message: [UInt8], state: inout State, into events: inout [StreamEvent]) {
        guard YahooPricingDecoder.payload(of: message, into: &state.scratch),
            let quote = YahooPricingDecoder.quote(state.scratch, names: &state.names)
        else { return }
        events.append(.quote(quote))
    }
}
