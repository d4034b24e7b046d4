import SquarestockCore

/// `buy`/`sell --format json`: one object saying what was asked, what was (or would be) sent,
/// what the book and the checks said, and `placed`: true only when the exchange (or, with
/// `"paper": true`, the paper account) took the order and gave it an id; null only when the order
/// may have reached the exchange and its fate is unknown (`"statusUnknown": true`: check the
/// open orders before sending again). A dry run, a validation, a refusal and an order not
/// confirmed all say `"placed": false`, so a script cannot read a validation as an order.
package enum OrderResultWriter {
    package static func json(
        _ p: OrderPreview, dryRun: Bool, placed: PlacedOrder?, status: String?, unknown: Bool = false,
        error: String? = nil
    ) -> String {
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
            ("placed", unknown ? "null" : isPlaced ? "true" : "false"),
            ("statusUnknown", unknown ? "true" : "false"),
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
            ("error", error.map(s) ?? "null"),
        ]
        return "{" + fields.map { "\(s($0.0)): \($0.1)" }.joined(separator: ", ") + "}\n"
    }
}
