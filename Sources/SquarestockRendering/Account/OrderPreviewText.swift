import SquarestockCore

/// The preview `buy` and `sell` print before asking: every fact the user confirms, then what the
/// local checks found.
package enum OrderPreviewText {
    package static func render(_ p: OrderPreview, dryRun: Bool) -> String {
        let r = p.request
        let side = r.side == .buy ? "buy" : "sell"
        var lines = [
            "\(dryRun ? "dry run: " : "")\(side) \(r.amount) \(r.pair.base) of \(r.pair.symbol) on \(p.exchangeDisplayName) (\(p.nativePair))",
            "  type:      \(r.type.rawValue)",
            "  price:     " + (r.limitPrice.map { "\($0) \(r.pair.quote)" } ?? "market (whatever the book offers)"),
            "  cost:      " + (p.cost.map { "\($0) \(r.pair.quote) before fees" } ?? "not known before it fills"),
            "  fee:       at your key's tier, charged by the exchange; not included above",
            "  uses:      " + (p.available.map { "\(p.spends), \($0) available" } ?? "\(p.spends), balance not read"),
        ]
        for problem in p.problems { lines.append("  problem:   " + problem) }
        return lines.joined(separator: "\n") + "\n"
    }
}
