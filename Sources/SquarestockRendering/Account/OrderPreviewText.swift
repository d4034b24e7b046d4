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
            "  cost:      "
                + (p.cost.map { "\(money($0, p)) \(r.pair.quote) before fees" } ?? "not known before it fills"),
            "  fee:       " + fee(p),
            "  uses:      " + (p.available.map { "\(p.spends), \($0) available" } ?? "\(p.spends), balance not read"),
        ]
        for problem in p.problems { lines.append("  problem:   " + problem) }
        return lines.joined(separator: "\n") + "\n"
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
