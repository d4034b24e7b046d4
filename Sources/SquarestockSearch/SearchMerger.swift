import Foundation
import SquarestockCore

/// Merges offline matches with online ones: online hits the directory already has only add
/// their origin, and the rest (non-US listings, funds) are placed among the offline matches by
/// a score of their own (`onlineScore`), so a foreign listing of the company asked for comes
/// before a weak offline match of one word. Rows come best first; at equal scores an offline
/// match (the ranking tuned for intent) leads.
package enum SearchMerger {
    /// `filtered`: the offline matches were narrowed by `--type` or `--exchange`, which the
    /// services' hits are not: those then follow every offline match, as they did before they
    /// were scored, rather than pass a filtered match on a name alone.
    package static func merge(
        offline: [SearchMatch], online: [OnlineSymbolMatch], limit: Int, query: String, filtered: Bool = false
    ) -> [SearchResultRow] {
        var rows = offline.map {
            SearchResultRow(
                symbol: $0.symbol, name: $0.name, exchange: $0.exchange, type: $0.type.description, score: $0.score,
                origin: "offline")
        }
        let queryWords = words(query)
        var added: [SearchResultRow] = []
        var rankOf: [String: Int] = [:]
        // A listing found again (offline, or by another service) only gains the origin.
        func found(_ m: OnlineSymbolMatch, in list: inout [SearchResultRow]) -> Bool {
            let key = normalized(m.symbol)
            guard let i = list.firstIndex(where: { normalized($0.symbol) == key }) else { return false }
            if !list[i].origin.split(separator: "+").contains(Substring(m.origin)) { list[i].origin += "+" + m.origin }
            return true
        }
        for m in online {
            if found(m, in: &rows) || found(m, in: &added) { continue }
            let rank = rankOf[m.origin, default: 0]
            rankOf[m.origin] = rank + 1
            added.append(
                SearchResultRow(
                    symbol: m.symbol, name: m.name, exchange: m.exchange,
                    type: m.type.lowercased() == "equity" ? "stock" : m.type,
                    score: onlineScore(m, rank: rank, query: query, queryWords: queryWords), origin: m.origin))
        }
        if filtered {
            for i in added.indices { added[i].score = min(added[i].score, max(1, 40 - i)) }
            return Array((rows + added).prefix(limit))
        }
        // Both lists best first; merged, an offline match first on ties.
        added.sort { $0.score > $1.score }
        var merged: [SearchResultRow] = []
        merged.reserveCapacity(rows.count + added.count)
        var i = 0
        var j = 0
        while i < rows.count || j < added.count {
            if j == added.count || (i < rows.count && rows[i].score >= added[j].score) {
                merged.append(rows[i])
                i += 1
            } else {
                merged.append(added[j])
                j += 1
            }
        }
        return Array(merged.prefix(limit))
    }

    /// How well an online hit the directory lacks answers the query, on the offline scale: its
    /// symbol the query itself, 95; a name that begins with the query's words and holds all of
    /// them (`Apple Inc.` for `apple`), 75; a name holding one of them as a word or the start of
    /// one, 55; else 40 (the service's fuzzy match, kept last). Less 3 for each hit the same
    /// service placed before it, at least 1.
    static func onlineScore(_ m: OnlineSymbolMatch, rank: Int, query: String, queryWords: [String]) -> Int {
        let base: Int
        let name = words(m.name)
        if !query.isEmpty, normalized(m.symbol) == normalized(query.trimmingCharacters(in: .whitespaces)) {
            base = 95
        } else if let first = queryWords.first, name.first == first, queryWords.allSatisfy(name.contains) {
            base = 75
        } else if queryWords.contains(where: { q in name.contains { $0.hasPrefix(q) } }) {
            base = 55
        } else {
            base = 40
        }
        return max(1, base - 3 * rank)
    }

    /// The lower-cased runs of ASCII letters and digits of `text` (`Apple Inc.` → apple, inc).
    static func words(_ text: String) -> [String] {
        var out: [String] = []
        var current: [UInt8] = []
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): current.append(b)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(b | 0x20)
            default:
                if !current.isEmpty { out.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { out.append(String(decoding: current, as: UTF8.self)) }
        return out
    }

    /// `BRK-B`, `BRK.B` and `brk.b` are one listing.
    static func normalized(_ s: String) -> String { s.uppercased().replacingOccurrences(of: "-", with: ".") }
}
