import SquarestockCore

/// The preview `buy` and `sell` print before asking: every fact the user confirms, then what the
/// local checks found.
package enum OrderPreviewText {
    package static func render(_ p: OrderPreview, dryRun: Bool) -> String {
        let r = p.request
        let side = r.side == .buy ? "buy" : "sell"
        var lines: [String] = []
        if dryRun {
            // First, so no one reads a validation as an order on the book.
            lines.append(
                "NOT PLACED: a dry run; \(p.exchangeDisplayName) is asked to validate this order, not to place it")
        }
        lines += [
            "\(dryRun ? "dry run: " : "")\(side) \(r.amount) \(r.pair.base) of \(r.pair.symbol) on \(p.exchangeDisplayName) (\(p.nativePair))",
            "  type:      \(r.type.rawValue)",
        ]
        if let typed = p.typed, typed.amount != r.amount {
            lines.append(
                "  amount:    \(r.amount) \(r.pair.base) as sent (typed \(typed.amount); the pair's step is "
                    + "\(p.listing.sizeIncrement.map { "\($0)" } ?? "?"), rounded down)")
        }
        lines.append(
            "  price:     " + (r.limitPrice.map { "\($0) \(r.pair.quote)" } ?? "market (whatever the book offers)")
                + sentPrice(p))
        lines += [
            "  cost:      "
                + (p.cost.map { "\(money($0, p)) \(r.pair.quote) before fees" } ?? "not known before it fills"),
            "  fee:       " + fee(p),
            "  uses:      " + (p.available.map { "\(p.spends), \($0) available" } ?? "\(p.spends), balance not read"),
        ]
        for problem in p.problems { lines.append("  problem:   " + problem) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// ` as sent (typed 30000.05; ...)` when rounding to the tick changed the limit price.
    static func sentPrice(_ p: OrderPreview) -> String {
        guard let typed = p.typed?.limitPrice, typed != p.request.limitPrice else { return "" }
        let grid =
            p.listing.tickSize.map { "the pair's tick is \($0)" }
            ?? p.listing.priceDecimals.map { "the pair's prices have \($0) decimal\($0 == 1 ? "" : "s")" }
            ?? "the pair's grid"
        let way = p.request.side == .buy ? "down, never paying more" : "up, never selling for less"
        return " as sent (typed \(typed); \(grid), rounded \(way))"
    }

    /// The fee at the key's tier in money where the cost is known, as a rate where it is not.
    static func fee(_ p: OrderPreview) -> String {
        guard let rate = p.feeRate, let percent = rate * ExactDecimal(100) else {
            return "at your key's tier, charged by the exchange; not known here"
        }
        let shown = "\(percent.normalized)% taker at your key's tier"
        guard let cost = p.cost, let fee = cost * rate else { return shown }
        return "about \(money(fee, p)) \(p.request.pair.quote) (\(shown))"
    }

    /// An amount of the quote currency at its precision: ISO 4217 for fiat, else the pair's price
    /// decimals (a crypto quote such as BTC).
    static func money(_ value: ExactDecimal, _ p: OrderPreview) -> String {
        MoneyText.text(value, currency: p.request.pair.quote, fallback: p.listing.effectivePriceDecimals)
    }
}
