import SquarestockCore

/// One live Tradernet order book (`["b",{...}]` messages): a single list of levels by position
/// `k`, highest price first (the asks, `s` "S", above the bids, "B"), changed by `del`, then
/// `ins`, then `upd` rows. How positions shift is not documented, so the safe reading is taken:
/// deletes from the highest `k` down, inserts from the lowest up, updates in place, and then the
/// book must have `cnt` levels in falling price order; anything else is a drifted book, fetched
/// again (the first message after a subscription is the whole book). Tradernet sends no
/// checksum, so a book that agrees is "unchecked", never "verified".
package struct TradernetBookState: Sendable {
    package struct Level: Sendable, Equatable {
        package var price: ExactDecimal
        package var isBid: Bool
        package var size: ExactDecimal
    }

    package private(set) var levels: [Level] = []
    /// The next message starts the book afresh (a new subscription, or after a drift).
    package private(set) var awaitingSnapshot = true
    package private(set) var mismatchesInARow = 0
    package static let maxResyncs = 3

    package init() {}

    package enum Outcome: Sendable, Equatable {
        case applied
        /// The book drifted (a position out of range, a wrong count or order): fetch it again.
        case mismatch(expected: Int, computed: Int)
        /// Drifted after `maxResyncs` fresh books in a row: applied as sent, unverified.
        case failing(expected: Int, computed: Int)
    }

    /// One row of `del`, `ins` or `upd`: `{"p":33.925,"s":"S","q":196100,"k":3}` (a delete may
    /// carry only `k`).
    package struct Row: Sendable, Equatable {
        package var k: Int
        package var price: ExactDecimal?
        package var isBid: Bool?
        package var size: ExactDecimal?
    }

    package mutating func apply(deletes: [Row], inserts: [Row], updates: [Row], count: Int?) -> Outcome {
        let isSnapshot = awaitingSnapshot
        if isSnapshot {
            levels = []
            awaitingSnapshot = false
        }
        var ok = true
        for r in deletes.sorted(by: { $0.k > $1.k }) {
            guard r.k >= 0, r.k < levels.count else {
                ok = false
                continue
            }
            levels.remove(at: r.k)
        }
        for r in inserts.sorted(by: { $0.k < $1.k }) {
            guard r.k >= 0, r.k <= levels.count, let p = r.price, let b = r.isBid, let q = r.size else {
                ok = false
                continue
            }
            levels.insert(Level(price: p, isBid: b, size: q), at: r.k)
        }
        for r in updates {
            guard r.k >= 0, r.k < levels.count else {
                ok = false
                continue
            }
            if let p = r.price { levels[r.k].price = p }
            if let b = r.isBid { levels[r.k].isBid = b }
            if let q = r.size { levels[r.k].size = q }
        }
        let ordered = zip(levels, levels.dropFirst()).allSatisfy { $0.price > $1.price }
        let expected = count ?? levels.count
        if ok, ordered, expected == levels.count {
            // Only an update that agrees ends a run of drifts (a fresh book always agrees).
            if !isSnapshot { mismatchesInARow = 0 }
            return .applied
        }
        mismatchesInARow += 1
        if mismatchesInARow > Self.maxResyncs { return .failing(expected: expected, computed: levels.count) }
        awaitingSnapshot = true
        return .mismatch(expected: expected, computed: levels.count)
    }

    /// The book, best levels first on both sides.
    package func orderBook(_ pair: TradingPair) -> OrderBook {
        let asks = levels.filter { !$0.isBid }.reversed().map { BookLevel(price: $0.price, size: $0.size) }
        let bids = levels.filter(\.isBid).map { BookLevel(price: $0.price, size: $0.size) }
        return OrderBook(pair: pair, bids: bids, asks: asks)
    }
}
