import SquarestockCore

/// One v2 `book` message read with a `JSONCursor`, numbers kept as their wire text.
package enum KrakenBookMessage {
    package struct Entry: Sendable {
        package var symbol: String?
        var bids: [(KrakenBookState.Level, isDelete: Bool)] = []
        var asks: [(KrakenBookState.Level, isDelete: Bool)] = []
        var checksum: UInt32?
        var time: EpochTime?
    }

    package struct Parsed: Sendable {
        package var isSnapshot = false
        package var entries: [Entry] = []
    }

    package static func parse(_ message: [UInt8]) -> Parsed? {
        message.withUnsafeBytes { raw -> Parsed? in
            var c = JSONCursor(raw)
            var p = Parsed()
            var isBook = false
            let ok =
                c.take(UInt8(ascii: "{"))
                && c.items(closedBy: UInt8(ascii: "}")) { c in
                    guard let key = c.key() else { return false }
                    if JSONCursor.equals(key, "channel") {
                        isBook = c.rawString().map { JSONCursor.equals($0.bytes, "book") } ?? false
                        return true
                    }
                    if JSONCursor.equals(key, "type") {
                        p.isSnapshot = c.rawString().map { JSONCursor.equals($0.bytes, "snapshot") } ?? false
                        return true
                    }
                    guard JSONCursor.equals(key, "data"), c.take(UInt8(ascii: "[")) else { return c.skipValue() }
                    return c.items(closedBy: UInt8(ascii: "]")) { c in
                        var entry = Entry()
                        guard data(&c, into: &entry) else { return false }
                        p.entries.append(entry)
                        return true
                    }
                }
            return ok && isBook ? p : nil
        }
    }

    static func data(_ c: inout JSONCursor, into p: inout Entry) -> Bool {
        guard c.take(UInt8(ascii: "{")) else { return c.skipValue() }
        return c.items(closedBy: UInt8(ascii: "}")) { c in
            guard let key = c.key() else { return false }
            if JSONCursor.equals(key, "symbol") {
                p.symbol = c.identifier()
                return p.symbol != nil
            }
            if JSONCursor.equals(key, "timestamp") {
                p.time = c.rawString().flatMap { EpochTime(rfc3339Bytes: $0.bytes) }
                return true
            }
            if JSONCursor.equals(key, "checksum") {
                p.checksum = c.number().flatMap { UInt32(String(decoding: $0, as: UTF8.self)) }
                return p.checksum != nil
            }
            let isBids = JSONCursor.equals(key, "bids")
            guard isBids || JSONCursor.equals(key, "asks"), c.take(UInt8(ascii: "[")) else { return c.skipValue() }
            return c.items(closedBy: UInt8(ascii: "]")) { c in
                guard let level = level(&c) else { return false }
                if isBids { p.bids.append(level) } else { p.asks.append(level) }
                return true
            }
        }
    }

    /// `{"price":45283.5,"qty":0.10000000}`.
    static func level(_ c: inout JSONCursor) -> (KrakenBookState.Level, isDelete: Bool)? {
        guard c.take(UInt8(ascii: "{")) else { return nil }
        var priceText: String?
        var qtyText: String?
        // Raw texts: the checksum is computed from the digits as sent, and a text that is not a
        // decimal is refused below, so nothing else reaches a view.
        let ok = c.items(closedBy: UInt8(ascii: "}")) { c in
            guard let key = c.key() else { return false }
            if JSONCursor.equals(key, "price") {
                priceText = c.numberText().map { String(decoding: $0, as: UTF8.self) }
                return priceText != nil
            }
            if JSONCursor.equals(key, "qty") {
                qtyText = c.numberText().map { String(decoding: $0, as: UTF8.self) }
                return qtyText != nil
            }
            return c.skipValue()
        }
        guard ok, let priceText, let qtyText, let price = ExactDecimal(priceText), let qty = ExactDecimal(qtyText)
        else { return nil }
        return (KrakenBookState.Level(price: price, priceText: priceText, qtyText: qtyText), qty.isZero)
    }
}
