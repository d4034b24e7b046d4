import SquarestockCore

/// Coinbase feed messages, read with a `JSONCursor` straight from the bytes: `ticker` (a trade:
/// price, best bid and ask, 24 h open and volume, exchange time), `heartbeat`, `subscriptions`
/// (the acknowledgement, listing every product subscribed) and `error` (`"ETH-XYZ is not a
/// valid product"`: that product fails, the others stay).
package enum CoinbaseStreamDecoder {
    package static func decode(_ message: [UInt8], state: inout CoinbaseStreamFeed.State) -> [StreamEvent] {
        var events: [StreamEvent] = []
        decode(message, state: &state, into: &events)
        return events
    }

    /// The events of one message appended to `events`.
    package static func decode(
        _ message: [UInt8], state: inout CoinbaseStreamFeed.State, into events: inout [StreamEvent]
    ) {
        message.withUnsafeBytes { raw in
            var c = JSONCursor(raw)
            var f = Fields()
            guard c.take(UInt8(ascii: "{")),
                c.items(
                    closedBy: UInt8(ascii: "}"),
                    { c in
                        guard let key = c.key() else { return false }
                        return f.read(key, &c)
                    })
            else { return }
            f.events(&state, into: &events)
        }
    }

    /// The members of one message that matter; the rest are skipped unread.
    struct Fields {
        var type: UnsafeRawBufferPointer?
        var product: String?
        var price: ExactDecimal?
        var bid: ExactDecimal?
        var ask: ExactDecimal?
        var open24h: ExactDecimal?
        var volume24h: ExactDecimal?
        var time: EpochTime?
        var sequence: Int64?
        var tradeID: Int64?
        var lastTradeID: Int64?
        var reason: String?
        var products: [String] = []

        mutating func read(_ key: UnsafeRawBufferPointer, _ c: inout JSONCursor) -> Bool {
            switch key.count {
            case 4 where JSONCursor.equals(key, "type"):
                type = c.rawString()?.bytes  // raw: the message type is only compared
                return type != nil
            case 10 where JSONCursor.equals(key, "product_id"):
                product = c.identifier()
            case 5 where JSONCursor.equals(key, "price"): price = c.decimal()
            case 8 where JSONCursor.equals(key, "best_bid"): bid = c.decimal()
            case 8 where JSONCursor.equals(key, "best_ask"): ask = c.decimal()
            case 8 where JSONCursor.equals(key, "open_24h"): open24h = c.decimal()
            case 10 where JSONCursor.equals(key, "volume_24h"): volume24h = c.decimal()
            case 4 where JSONCursor.equals(key, "time"):
                time = c.rawString().flatMap { EpochTime(rfc3339Bytes: $0.bytes) }
            case 8 where JSONCursor.equals(key, "sequence"): sequence = integer(&c)
            case 8 where JSONCursor.equals(key, "trade_id"): tradeID = integer(&c)
            case 13 where JSONCursor.equals(key, "last_trade_id"): lastTradeID = integer(&c)
            case 6 where JSONCursor.equals(key, "reason"):
                reason = c.text()
            case 8 where JSONCursor.equals(key, "channels"): return channels(&c)
            default: return c.skipValue()
            }
            return true
        }

        func integer(_ c: inout JSONCursor) -> Int64? {
            c.numberText().flatMap { ExactDecimal.parse($0) }.flatMap { $0.scale == 0 ? $0.significand : nil }
        }

        /// `[{"name":"ticker","product_ids":["ETH-USD",...]},...]`: every product named.
        mutating func channels(_ c: inout JSONCursor) -> Bool {
            guard c.take(UInt8(ascii: "[")) else { return c.skipValue() }
            return c.items(closedBy: UInt8(ascii: "]")) { c in
                guard c.take(UInt8(ascii: "{")) else { return c.skipValue() }
                return c.items(closedBy: UInt8(ascii: "}")) { c in
                    guard let key = c.key() else { return false }
                    guard JSONCursor.equals(key, "product_ids"), c.take(UInt8(ascii: "[")) else { return c.skipValue() }
                    return c.items(closedBy: UInt8(ascii: "]")) { c in
                        guard let id = c.text() else { return c.skipValue() }
                        if !products.contains(id) { products.append(id) }
                        return true
                    }
                }
            }
        }

        func events(_ state: inout CoinbaseStreamFeed.State, into events: inout [StreamEvent]) {
            guard let type else { return }
            if JSONCursor.equals(type, "ticker") {
                guard let product, let price else { return }
                // One lookup, updated in place: an older or repeated sequence is dropped.
                let fresh = state.products[product, default: CoinbaseProductProgress()].accept(
                    sequence: sequence, tradeID: tradeID)
                guard fresh else { return }
                let change = open24h.flatMap { price - $0 }
                var percent: ExactDecimal?
                if let change, let open = open24h, !open.isZero {
                    percent = (change * ExactDecimal(100))?.divided(by: open, scale: 2)
                }
                events.append(
                    .quote(
                        StreamQuote(
                            symbol: product, price: price, time: time?.instant, nanoseconds: time?.nanoseconds ?? 0,
                            bid: bid, ask: ask, change: change, changePercent: percent, dayVolume: volume24h)))
            } else if JSONCursor.equals(type, "heartbeat") {
                guard let product else { return events.append(.heartbeat(symbol: nil)) }
                if let lastTradeID, let seen = state.products[product]?.tradeID, lastTradeID > seen {
                    state.products[product]?.tradeID = lastTradeID
                    events.append(
                        .gap(symbol: product, detail: "trades \(seen + 1)...\(lastTradeID) were not received"))
                }
                events.append(.heartbeat(symbol: product))
            } else if JSONCursor.equals(type, "subscriptions") {
                events.append(.subscribed(products))
            } else if JSONCursor.equals(type, "error") {
                let text = reason ?? "the subscription failed"
                // "ETH-XYZ is not a valid product": the product is the first word.
                let symbol = text.split(separator: " ").first.map(String.init) ?? ""
                events.append(.symbolFailed(symbol: symbol, reason: text))
            }
        }
    }
}

/// How far one Coinbase product's messages have come: its last `sequence` (per product, counting
/// every order event, so it only moves forward) and the highest trade id seen.
package struct CoinbaseProductProgress: Sendable, Equatable {
    var sequence: Int64?
    var tradeID: Int64?

    /// Takes a ticker's numbers; false when its sequence is not newer than the last (a replay).
    mutating func accept(sequence new: Int64?, tradeID id: Int64?) -> Bool {
        if let new {
            if let last = sequence, new <= last { return false }
            sequence = new
        }
        if let id { tradeID = max(id, tradeID ?? 0) }
        return true
    }
}
