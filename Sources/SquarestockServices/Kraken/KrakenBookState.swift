import SquarestockCore

/// One live Kraken v2 order book (`book` channel): the snapshot, then updates where a level's
/// `qty` of 0 deletes it and any other value sets it; after each message both sides are cut to
/// the subscribed depth (Kraken sends no deletes for levels pushed out of range) and the
/// message's `checksum` is checked: CRC-32 of the top 10 asks (lowest first) then the top 10
/// bids (highest first), each level's price and quantity as sent with the point and leading
/// zeros removed. Numbers keep their wire text (`0.10000000`), which a `Double` would lose.
package struct KrakenBookState: Sendable {
    package struct Level: Sendable, Equatable {
        package var price: ExactDecimal
        package var priceText: String
        package var qtyText: String
    }

    package let depth: Int
    package private(set) var bids: [Level] = []
    package private(set) var asks: [Level] = []

    package init(depth: Int = 10) { self.depth = depth }

    /// What one message did to the book.
    package enum Outcome: Sendable, Equatable {
        case applied
        /// The checksum did not match: this book must be subscribed again (only this one).
        case mismatch(expected: UInt32, computed: UInt32)
        /// Not a book message of this symbol, or not readable.
        case ignored
    }

    /// Applies a `{"channel":"book","type":"snapshot"|"update","data":[{...}]}` message.
    package mutating func apply(_ message: [UInt8]) -> Outcome {
        guard let parsed = KrakenBookMessage.parse(message) else { return .ignored }
        if parsed.isSnapshot {
            bids = []
            asks = []
        }
        for level in parsed.bids { Self.set(&bids, level, descending: true) }
        for level in parsed.asks { Self.set(&asks, level, descending: false) }
        if bids.count > depth { bids.removeLast(bids.count - depth) }
        if asks.count > depth { asks.removeLast(asks.count - depth) }
        guard let expected = parsed.checksum else { return .applied }
        let computed = checksum()
        return computed == expected ? .applied : .mismatch(expected: expected, computed: computed)
    }

    private static func set(_ side: inout [Level], _ level: (Level, isDelete: Bool), descending: Bool) {
        let (l, delete) = level
        if let i = side.firstIndex(where: { $0.price == l.price }) {
            if delete { side.remove(at: i) } else { side[i] = l }
            return
        }
        guard !delete else { return }
        let at = side.firstIndex { descending ? $0.price < l.price : $0.price > l.price } ?? side.count
        side.insert(l, at: at)
    }

    /// The checksum of the book as it stands.
    package func checksum() -> UInt32 {
        var text: [UInt8] = []
        for l in asks.prefix(10) + bids.prefix(10) {
            text += Self.digits(l.priceText)
            text += Self.digits(l.qtyText)
        }
        return CRC32.checksum(text)
    }

    /// `45285.2` → `452852`, `0.00100000` → `100000`.
    static func digits(_ s: String) -> [UInt8] {
        let bytes = s.utf8.filter { $0 != UInt8(ascii: ".") }
        return Array(bytes.drop { $0 == UInt8(ascii: "0") })
    }
}

/// One v2 `book` message read with a `JSONCursor`, numbers kept as their wire text.
enum KrakenBookMessage {
    struct Parsed {
        var isSnapshot = false
        var symbol: String?
        var bids: [(KrakenBookState.Level, isDelete: Bool)] = []
        var asks: [(KrakenBookState.Level, isDelete: Bool)] = []
        var checksum: UInt32?
    }

    static func parse(_ message: [UInt8]) -> Parsed? {
        message.withUnsafeBytes { raw -> Parsed? in
            var c = JSONCursor(raw)
            var p = Parsed()
            var isBook = false
            let ok =
                c.take(UInt8(ascii: "{"))
                && c.items(closedBy: UInt8(ascii: "}")) { c in
                    guard let key = c.key() else { return false }
                    if JSONCursor.equals(key, "channel") {
                        isBook = c.string().map { JSONCursor.equals($0.bytes, "book") } ?? false
                        return true
                    }
                    if JSONCursor.equals(key, "type") {
                        p.isSnapshot = c.string().map { JSONCursor.equals($0.bytes, "snapshot") } ?? false
                        return true
                    }
                    guard JSONCursor.equals(key, "data"), c.take(UInt8(ascii: "[")) else { return c.skipValue() }
                    return c.items(closedBy: UInt8(ascii: "]")) { c in data(&c, into: &p) }
                }
            return ok && isBook ? p : nil
        }
    }

    static func data(_ c: inout JSONCursor, into p: inout Parsed) -> Bool {
        guard c.take(UInt8(ascii: "{")) else { return c.skipValue() }
        return c.items(closedBy: UInt8(ascii: "}")) { c in
            guard let key = c.key() else { return false }
            if JSONCursor.equals(key, "symbol") {
                p.symbol = c.string().map { TerminalText.clean(bytes: $0.bytes) }
                return p.symbol != nil
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
