import SquarestockCore

/// A Tradernet `b` message's data, `{"n":102,"i":"AAPL.US","del":[],"ins":[],"upd":[...],"cnt":21}`,
/// applied to its ticker's book.
enum TradernetBookMessage {
    /// The book after the message, or nil when the message is unreadable.
    static func apply(_ c: inout JSONCursor, state: inout TradernetStreamFeed.State) -> LiveBook? {
        guard c.take(UInt8(ascii: "{")) else { return nil }
        var symbol: String?
        var count: Int?
        var deletes: [TradernetBookState.Row] = []
        var inserts: [TradernetBookState.Row] = []
        var updates: [TradernetBookState.Row] = []
        let ok = c.items(closedBy: UInt8(ascii: "}")) { c in
            guard let key = c.key() else { return false }
            if JSONCursor.equals(key, "i") {
                symbol = c.identifier()
                return symbol != nil
            }
            if JSONCursor.equals(key, "cnt") {
                count = c.number().flatMap { Int(String(decoding: $0, as: UTF8.self)) }
                return true
            }
            let name = String(decoding: key, as: UTF8.self)
            guard ["del", "ins", "upd"].contains(name), c.take(UInt8(ascii: "[")) else { return c.skipValue() }
            return c.items(closedBy: UInt8(ascii: "]")) { c in
                guard let row = row(&c) else { return false }
                if name == "del" {
                    deletes.append(row)
                } else if name == "ins" {
                    inserts.append(row)
                } else {
                    updates.append(row)
                }
                return true
            }
        }
        guard ok, let symbol, !symbol.isEmpty else { return nil }
        let outcome = state.books[symbol, default: TradernetBookState()]
            .apply(deletes: deletes, inserts: inserts, updates: updates, count: count)
        guard let book = state.books[symbol] else { return nil }
        let check: LiveBookCheck
        switch outcome {
        case .applied: check = .unchecked
        case .mismatch(let expected, let computed):
            check = .resyncing(expected: UInt32(clamping: expected), computed: UInt32(clamping: computed))
        case .failing(let expected, let computed):
            check = .unverified(expected: UInt32(clamping: expected), computed: UInt32(clamping: computed))
        }
        return LiveBook(symbol: symbol, book: book.orderBook(TradingPair(base: symbol, quote: "")), check: check)
    }

    /// `{"p":33.925,"s":"S","q":196100,"k":3}`.
    static func row(_ c: inout JSONCursor) -> TradernetBookState.Row? {
        guard c.take(UInt8(ascii: "{")) else { return nil }
        var k: Int?
        var row = TradernetBookState.Row(k: -1)
        let ok = c.items(closedBy: UInt8(ascii: "}")) { c in
            guard let key = c.key() else { return false }
            switch String(decoding: key, as: UTF8.self) {
            case "k": k = c.number().flatMap { Int(String(decoding: $0, as: UTF8.self)) }
            case "p": row.price = c.decimal()
            case "q": row.size = c.decimal()
            case "s":
                guard let s = c.rawString() else { return c.skipValue() }  // raw: the side is only compared
                if JSONCursor.equals(s.bytes, "B") { row.isBid = true }
                if JSONCursor.equals(s.bytes, "S") { row.isBid = false }
            default: return c.skipValue()
            }
            return true
        }
        guard ok, let k else { return nil }
        row.k = k
        return row
    }
}
