import SquarestockCore

/// `buy`/`sell --format json`: one object saying what was asked, what was (or would be) sent,
/// what the book and the checks said, and `placed`: true only when the exchange (or the paper
/// account) took the order and gave it an id. A dry run, a validation and a refused order all say
/// `"placed": false`, so a script cannot read a validation as an order on the book.
package enum OrderResultWriter {
    package static func json(_ p: OrderPreview, dryRun: Bool, placed: PlacedOrder?, status: String?) -> String {
        let s = JSONText.quoted
        func n(_ d: ExactDecimal?) -> String { d.map { s($0.description) } ?? "null" }
        let r = p.request
        let isPlaced = placed.map { !$0.validatedOnly && !$0.ids.isEmpty } ?? false
        let walk = p.walk
        let average = walk.flatMap { $0.complete ? $0.averagePrice(scale: ($0.best?.scale ?? 2) + 4) : nil }
        let fields: [(String, String)] = [
            ("exchange", s(p.exchange)),
            ("paper", p.paper ? "true" : "false"),
            ("dryRun", dryRun ? "true" : "false"),
            ("placed", isPlaced ? "true" : "false"),
            ("validatedOnly", placed?.validatedOnly == true ? "true" : "false"),
            ("ids", "[" + (placed?.ids ?? []).map(s).joined(separator: ", ") + "]"),
            ("status", status.map(s) ?? "null"),
            ("description", placed?.description.map(s) ?? "null"),
            ("pair", s(r.pair.symbol)),
            ("exchangePair", s(p.nativePair)),
            ("side", s(r.side == .buy ? "buy" : "sell")),
            ("type", s(r.type.rawValue)),
            ("amount", n(r.amount)),
            ("typedAmount", n(p.typed?.amount)),
            ("limitPrice", n(r.limitPrice)),
            ("typedLimitPrice", n(p.typed?.limitPrice)),
            ("cost", n(p.cost)),
            ("mid", n(p.mid)),
            ("expectedAveragePrice", n(average)),
            ("slippagePercent", n(walk.flatMap { $0.complete ? $0.slippagePercent(side: r.side) : nil })),
            ("feeRate", n(p.feeRate)),
            ("spends", s(p.spends)),
            ("available", n(p.available)),
            ("problems", "[" + p.problems.map(s).joined(separator: ", ") + "]"),
        ]
        return "{" + fields.map { "\(s($0.0)): \($0.1)" }.joined(separator: ", ") + "}\n"
    }
}
