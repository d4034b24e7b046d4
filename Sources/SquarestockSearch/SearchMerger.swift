import Foundation
import SquarestockCore

/// Merges offline matches with online ones: the offline ranking leads (it is the one tuned for
/// intent), online hits the directory already has only add their origin, and the rest (non-US
/// listings, funds) follow in the services' order with lower scores.
package enum SearchMerger {
    package static func merge(offline: [SearchMatch], online: [OnlineSymbolMatch], limit: Int) -> [SearchResultRow] {
        var rows = offline.map {
            SearchResultRow(
                symbol: $0.symbol, name: $0.name, exchange: $0.exchange, type: $0.type.description, score: $0.score,
                origin: "offline")
        }
        var rank = 0
        for m in online {
            let key = normalized(m.symbol)
            if let i = rows.firstIndex(where: { normalized($0.symbol) == key }) {
                if !rows[i].origin.split(separator: "+").contains(Substring(m.origin)) {
                    rows[i].origin += "+" + m.origin
                }
                continue
            }
            rows.append(
                SearchResultRow(
                    symbol: m.symbol, name: m.name, exchange: m.exchange,
                    type: m.type.lowercased() == "equity" ? "stock" : m.type,
                    score: max(1, 60 - 5 * rank), origin: m.origin))
            rank += 1
        }
        return Array(rows.prefix(limit))
    }

    /// `BRK-B`, `BRK.B` and `brk.b` are one listing.
    static func normalized(_ s: String) -> String { s.uppercased().replacingOccurrences(of: "-", with: ".") }
}
