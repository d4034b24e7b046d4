import SquarestockCore
import SquarestockNetworking

/// Kraken's WebSocket v2 (`wss://ws.kraken.com/v2`), keyless: the `ticker` channel for watch
/// rows or the `book` channel for live order books. Symbols are `BTC/USD` there (v2 writes BTC,
/// not REST's XBT); values are JSON numbers, read from their text. Each symbol of a subscribe
/// gets its own answer, so a refused one (`"success":false`) fails alone. A heartbeat comes
/// about every second when nothing else does.
package struct KrakenStreamFeed: StreamFeed {
    package enum Channel: Sendable, Equatable {
        case ticker
        /// Books at least `depth` levels a side (Kraken subscribes 10, 25, 100, 500 or 1000).
        case book(depth: Int)
    }

    package let name = "kraken"
    package let url = "wss://ws.kraken.com/v2"
    package let keepAlive: Double? = nil
    package let idleTimeout: Double = 10
    /// A heartbeat about once a second whenever nothing else was sent.
    package let sendsHeartbeats = true
    /// Each symbol of a subscribe gets its own answer.
    package let refusesSymbolsAlone = true
    /// Tickers come on trades only; a quiet pair is normal for minutes.
    package let quietLimit: Double = 300
    package let channel: Channel

    package init(channel: Channel = .ticker) { self.channel = channel }

    /// The depth subscribed for a book of `depth` levels: the smallest Kraken offers that covers it.
    package static func subscribedDepth(_ depth: Int) -> Int {
        [10, 25, 100, 500, 1000].first { $0 >= depth } ?? 1000
    }

    static func native(_ symbol: String) -> String { symbol.replacingOccurrences(of: "-", with: "/") }
    static func common(_ symbol: String) -> String { symbol.replacingOccurrences(of: "/", with: "-") }

    func message(_ method: String, _ symbols: [String]) -> String {
        let list = symbols.map { JSONText.quoted(Self.native($0)) }.joined(separator: ",")
        switch channel {
        case .ticker: return "{\"method\":\"\(method)\",\"params\":{\"channel\":\"ticker\",\"symbol\":[\(list)]}}"
        case .book(let depth):
            return "{\"method\":\"\(method)\",\"params\":{\"channel\":\"book\",\"symbol\":[\(list)],\"depth\":"
                + "\(Self.subscribedDepth(depth))}}"
        }
    }

    /// A book whose checksum failed: that one book unsubscribed and subscribed again, which
    /// brings a fresh snapshot; the other books are not touched.
    package func resync(_ symbol: String) -> [String] {
        guard case .book = channel else { return [] }
        return [message("unsubscribe", [symbol]), message("subscribe", [symbol])]
    }

    package func subscribe(_ symbols: [String]) -> [String] {
        symbols.isEmpty ? [] : [message("subscribe", symbols)]
    }

    package func resubscribe(from old: [String], to new: [String]) -> [String] {
        let gone = old.filter { !new.contains($0) }
        return (gone.isEmpty ? [] : [message("unsubscribe", gone)]) + subscribe(new)
    }

    package func makeState() -> State { State() }

    /// "Already subscribed" to a ticker says the symbol streams: no failure of it. A book's
    /// resync that got it waits for a snapshot that will not come, so there it stays a failure.
    func alreadyTicking(_ error: String?) -> Bool {
        channel == .ticker && error?.hasPrefix("Already subscribed") == true
    }

    package func decode(_ message: [UInt8], state: inout State, into events: inout [StreamEvent]) {
        if case .book(let depth) = channel, let parsed = KrakenBookMessage.parse(message) {
            book(parsed, depth: Self.subscribedDepth(depth), state: &state, into: &events)
            return
        }
        message.withUnsafeBytes { raw in
            var c = JSONCursor(raw)
            var channel: String?
            var method: String?
            var success: Bool?
            var error: String?
            var symbol: String?
            var quotes: [StreamQuote] = []
            guard c.take(UInt8(ascii: "{")),
                c.items(
                    closedBy: UInt8(ascii: "}"),
                    { c in
                        guard let key = c.key() else { return false }
                        switch true {
                        case JSONCursor.equals(key, "channel"):
                            channel = c.text()
                        case JSONCursor.equals(key, "method"):
                            method = c.text()
                        case JSONCursor.equals(key, "error"):
                            error = c.text()
                        case JSONCursor.equals(key, "symbol"):
                            symbol = c.identifier()
                        case JSONCursor.equals(key, "success"):
                            if c.literal("true") {
                                success = true
                            } else if c.literal("false") {
                                success = false
                            } else {
                                return false
                            }
                        case JSONCursor.equals(key, "data"):
                            guard c.take(UInt8(ascii: "[")) else { return c.skipValue() }
                            return c.items(closedBy: UInt8(ascii: "]")) { c in
                                if let q = Self.ticker(&c) { quotes.append(q) }
                                return true
                            }
                        default: return c.skipValue()
                        }
                        return true
                    })
            else { return }
            if channel == "ticker" {
                events += quotes.map { .quote($0) }
            } else if channel == "heartbeat" {
                events.append(.heartbeat(symbol: nil))
            } else if method == "subscribe", success == false, !alreadyTicking(error) {
                events.append(
                    .symbolFailed(symbol: Self.common(symbol ?? ""), reason: error ?? "the subscription failed"))
            }
        }
    }

    /// Applies a book message to its books; each changed book becomes an event. Updates ignored
    /// while a resync's snapshot is awaited give none.
    func book(
        _ parsed: KrakenBookMessage.Parsed, depth: Int, state: inout State, into events: inout [StreamEvent]
    ) {
        for entry in parsed.entries {
            guard let native = entry.symbol else { continue }
            let symbol = Self.common(native)
            let outcome = state.books[symbol, default: KrakenBookState(depth: depth)]
                .apply(entry, isSnapshot: parsed.isSnapshot)
            let check: LiveBookCheck
            switch outcome {
            case .applied: check = entry.checksum == nil ? .unchecked : .verified
            case .mismatch(let expected, let computed): check = .resyncing(expected: expected, computed: computed)
            case .failing(let expected, let computed): check = .unverified(expected: expected, computed: computed)
            case .awaitingSnapshot, .ignored: continue
            }
            guard let book = state.books[symbol] else { continue }
            let pair = TradingPair(symbol: symbol) ?? TradingPair(base: symbol, quote: "")
            events.append(.book(LiveBook(symbol: symbol, book: book.orderBook(pair), check: check)))
        }
    }

    /// `{"symbol":"BTC/USD","bid":..,"ask":..,"last":..,"volume":..,"change":..,"change_pct":..}`.
    static func ticker(_ c: inout JSONCursor) -> StreamQuote? {
        guard c.take(UInt8(ascii: "{")) else {
            _ = c.skipValue()
            return nil
        }
        var symbol: String?
        var values: [String: ExactDecimal] = [:]
        var time: EpochTime?
        let ok = c.items(closedBy: UInt8(ascii: "}")) { c in
            guard let key = c.key() else { return false }
            let name = String(decoding: key, as: UTF8.self)
            switch name {
            case "symbol": symbol = c.identifier()
            case "timestamp": time = c.rawString().flatMap { EpochTime(rfc3339Bytes: $0.bytes) }
            case "bid", "ask", "last", "volume", "change", "change_pct":
                if let d = c.decimal() { values[name] = d } else { return c.skipValue() }
            default: return c.skipValue()
            }
            return true
        }
        guard ok, let symbol, let last = values["last"] else { return nil }
        return StreamQuote(
            symbol: common(symbol), price: last, time: time?.instant, nanoseconds: time?.nanoseconds ?? 0,
            bid: values["bid"], ask: values["ask"], change: values["change"], changePercent: values["change_pct"],
            dayVolume: values["volume"])
    }
}
