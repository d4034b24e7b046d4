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
    /// The exchange's time of the last applied message.
    package private(set) var time: EpochTime?
    /// After a mismatch, updates are ignored until the fresh snapshot asked for arrives.
    package private(set) var awaitingSnapshot = false
    /// Mismatches without a good update between them; past `maxResyncs` the book stops asking
    /// for snapshots (its checksum keeps disagreeing) and is shown unverified.
    package private(set) var mismatchesInARow = 0
    package static let maxResyncs = 3

    package init(depth: Int = 10) { self.depth = depth }

    /// What one message did to the book.
    package enum Outcome: Sendable, Equatable {
        case applied
        /// The checksum did not match: this book must be subscribed again (only this one).
        case mismatch(expected: UInt32, computed: UInt32)
        /// The checksum did not match after `maxResyncs` fresh snapshots: applied, unverified.
        case failing(expected: UInt32, computed: UInt32)
        /// An update while waiting for the snapshot of a resync: not applied.
        case awaitingSnapshot
        /// Not a book message of this symbol, or not readable.
        case ignored
    }

    /// Applies a `{"channel":"book","type":"snapshot"|"update","data":[{...}]}` message (its
    /// first book).
    package mutating func apply(_ message: [UInt8]) -> Outcome {
        guard let parsed = KrakenBookMessage.parse(message), let entry = parsed.entries.first else { return .ignored }
        return apply(entry, isSnapshot: parsed.isSnapshot)
    }

    /// Applies one book of a message.
    package mutating func apply(_ entry: KrakenBookMessage.Entry, isSnapshot: Bool) -> Outcome {
        if isSnapshot {
            bids = []
            asks = []
            awaitingSnapshot = false
        } else if awaitingSnapshot {
            return .awaitingSnapshot
        }
        for level in entry.bids { Self.set(&bids, level, descending: true) }
        for level in entry.asks { Self.set(&asks, level, descending: false) }
        if bids.count > depth { bids.removeLast(bids.count - depth) }
        if asks.count > depth { asks.removeLast(asks.count - depth) }
        if let t = entry.time { time = t }
        guard let expected = entry.checksum else { return .applied }
        let computed = checksum()
        if computed == expected {
            // Only an update that checks out ends a run of mismatches: a fresh snapshot always
            // does, so counting it would let snapshot-ok, update-drifts cycles resync forever.
            if !isSnapshot { mismatchesInARow = 0 }
            return .applied
        }
        mismatchesInARow += 1
        if mismatchesInARow > Self.maxResyncs { return .failing(expected: expected, computed: computed) }
        awaitingSnapshot = true
        return .mismatch(expected: expected, computed: computed)
    }

    /// The book as the rest of the program sees it, best levels first.
    package func orderBook(_ pair: TradingPair) -> OrderBook {
        func levels(_ side: [Level]) -> [BookLevel] {
            side.compactMap { l in ExactDecimal(l.qtyText).map { BookLevel(price: l.price, size: $0) } }
        }
        return OrderBook(pair: pair, bids: levels(bids), asks: levels(asks), time: time?.instant)
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
