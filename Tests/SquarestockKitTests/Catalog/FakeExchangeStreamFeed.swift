@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockServices

/// FakeX's quote stream: one `{"op":"subscribe","symbols":[...]}` names the whole set, and each
/// frame is a whole quote, `{"type":"quote","seq":7,"symbol":"BTC-USD","price":"50100.25",
/// "bid":..,"ask":..,"time":epoch}`. `seq` only grows on a connection, so the feed keeps the
/// last one per symbol in its own `State` and drops an older or repeated frame: a feed's memory
/// lives in its own type, and the shared session names nothing of it.
struct FakeExchangeStreamFeed: StreamFeed {
    struct State {
        var lastSequence: [String: Int64] = [:]
    }

    let name = FakeExchangeService.name
    let url = FakeExchangeService.streamURL
    let keepAlive: Double? = nil
    /// FakeX sends only trades and answers pings: quiet is normal, so a pong proves the line.
    let idleTimeout: Double = 30
    let quietLimit: Double = 120

    func subscribe(_ symbols: [String]) -> [String] {
        guard !symbols.isEmpty else { return [] }
        return ["{\"op\":\"subscribe\",\"symbols\":[" + symbols.map { "\"\($0)\"" }.joined(separator: ",") + "]}"]
    }

    /// A subscribe replaces the whole set on FakeX, so a change is the new set sent again.
    func resubscribe(from old: [String], to new: [String]) -> [String] { subscribe(new) }

    func makeState() -> State { State() }

    func decode(_ message: [UInt8], state: inout State, into events: inout [StreamEvent]) {
        guard let m = try? JSONReader.parse(message), m["type"]?.string == "quote", let symbol = m["symbol"]?.string,
            let sequence = m["seq"]?.int64, let price = m["price"]?.numberOrStringDecimal
        else { return }
        if let last = state.lastSequence[symbol], sequence <= last { return }
        state.lastSequence[symbol] = sequence
        events.append(
            .quote(
                StreamQuote(
                    symbol: symbol, price: price, time: m["time"]?.epochInstant, bid: m["bid"]?.numberOrStringDecimal,
                    ask: m["ask"]?.numberOrStringDecimal)))
    }
}
