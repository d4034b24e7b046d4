import SquarestockCore

/// The preview `buy` and `sell` print before asking: every fact the user confirms, then what the
/// local checks found.
package enum OrderPreviewText {
    package static func render(_ p: OrderPreview, dryRun: Bool) -> String {
        let r = p.request
        let side = r.side == .buy ? "buy" : "sell"
        var lines: [String] = []
        if p.paper && !dryRun {
            lines.append(
                "PAPER: a practice order in your paper account; nothing is sent to \(p.exchangeDisplayName)")
        }
        if dryRun {
            // First, so no one reads a validation as an order on the book.
            lines.append(
                p.paper
                    ? "NOT PLACED: a dry run of a paper order; nothing is filled or sent"
                    : "NOT PLACED: a dry run; \(p.exchangeDisplayName) is asked to validate this order, not to place it"
            )
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
        if let line = book(p) { lines.append("  book:      " + line) }
        let estimated = r.type == .market ? "about " : ""
        let atBook = r.type == .market ? " at the book's prices" : ""
        lines += [
            "  cost:      "
                + (p.cost.map { "\(estimated)\(money($0, p)) \(r.pair.quote) before fees\(atBook)" }
                    ?? "not known before it fills")
        ]
        if let v = p.convertedValue {
            lines.append(
                "  value:     about \(MoneyText.text(v.amount, currency: v.currency, fallback: 2)) \(v.currency) "
                    + "at \(p.exchangeDisplayName)'s rate")
        }
        lines += [
            "  fee:       " + fee(p),
            "  uses:      " + uses(p),
        ]
        for problem in p.problems { lines.append("  problem:   " + problem) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The balance the order draws on, and where it was read.
    static func uses(_ p: OrderPreview) -> String {
        if let exact = p.available {
            // At the currency's precision, rounded down: never more than can be spent.
            let available = MoneyText.roundedDown(exact, currency: p.spends)
            guard p.paper else { return "\(p.spends), \(available) available" }
            return "\(p.spends), \(available) available in the paper account"
                + (available.sign > 0
                    ? ""
                    : " (fund it: squarestock portfolio deposit AMOUNT \(p.spends) --portfolio paper-\(p.exchange))")
        }
        if p.refusedByLimit { return "\(p.spends), balance not read (refused before any private request)" }
        // Said with its reason: the order can still be sent, and the exchange refuses it if its
        // funds do not cover it.
        return "\(p.spends), balance not read"
            + (p.balanceProblem.map { " (\(TerminalText.stripControls($0)); the exchange checks its funds)" } ?? "")
    }

    /// A market order's expected average price and slippage for its size; a limit order's
    /// distance from the book's mid.
    static func book(_ p: OrderPreview) -> String? {
        let r = p.request
        let q = r.pair.quote
        if r.type == .market {
            guard let walk = p.walk else { return p.bookProblem.map { "not read (\($0))" } }
            guard walk.complete, let best = walk.best, let average = averagePrice(walk, p.listing) else {
                return "it does not hold \(r.amount) \(r.pair.base) (see the problem below)"
            }
            let slip = walk.slippagePercent(side: r.side).map { "\($0)%" } ?? "?"
            let levels = walk.levels == 1 ? "1 level" : "\(walk.levels) levels"
            return "about \(average) \(q) on average over \(levels); slippage \(slip) from the best "
                + "\(r.side == .buy ? "ask" : "bid") \(money(best, p)) \(q)"
        }
        guard let mid = p.mid, let price = r.limitPrice, mid.sign > 0, let gap = price - mid,
            let hundred = gap.magnitude * ExactDecimal(100), let percent = hundred.divided(by: mid, scale: 2)
        else { return p.bookProblem.map { "not read (\($0))" } }
        return "mid \(money(mid, p)) \(q); the limit is \(percent)% \(gap.isNegative ? "below" : "above") it"
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
            return p.paper
                ? "none: \(p.exchangeDisplayName) publishes no schedule here"
                : "at your key's tier, charged by the exchange; not known here"
        }
        let shown =
            "\(percent.normalized)% taker "
            + (p.paper ? "on \(p.exchangeDisplayName)'s public schedule" : "at your key's tier")
        guard let cost = p.cost, let fee = cost * rate else { return shown }
        return "about \(money(fee, p)) \(p.request.pair.quote) (\(shown))"
    }

    /// An amount of the quote currency at its precision: ISO 4217 for fiat, else the pair's price
    /// decimals (a crypto quote such as BTC).
    /// A walk's average price as a preview shows it: two places past the pair's price (or past
    /// the best level's when the pair says none); nil when nothing filled.
    package static func averagePrice(_ walk: BookWalk, _ listing: PairListing) -> ExactDecimal? {
        walk.best.flatMap { walk.averagePrice(scale: (listing.effectivePriceDecimals ?? $0.scale) + 2) }
    }

    static func money(_ value: ExactDecimal, _ p: OrderPreview) -> String {
        MoneyText.text(value, currency: p.request.pair.quote, fallback: p.listing.effectivePriceDecimals)
    }
}
