import SquarestockCore
import SquarestockRendering

/// The checks made before an order leaves: the pair must be trading, the amount at least the
/// pair's minimum and on its step, the cost at least the minimum cost, the price on the pair's
/// tick, and the balance enough. Each failure is a sentence for the preview.
enum OrderChecks {
    /// `expectedCost`: a market order's cost at the book's prices, checked against the balance
    /// a buy spends (a limit order's cost is its own).
    static func problems(
        _ r: OrderRequest, listing: PairListing, available: ExactDecimal?, expectedCost: ExactDecimal? = nil
    ) -> [String] {
        var out: [String] = []
        switch listing.status {
        case .online: break
        case .postOnly where r.type == .limit: break
        default: out.append("\(listing.pair.symbol) is \(listing.status) on this exchange")
        }
        if !(r.amount.sign > 0) { out.append("the amount must be above 0") }
        if let min = listing.minimumSize, r.amount < min {
            out.append("the amount \(r.amount) \(r.pair.base) is below the minimum order of \(min) \(r.pair.base)")
        }
        if let step = listing.sizeIncrement, !isMultiple(r.amount, of: step) {
            out.append("the amount \(r.amount) has more decimals than the pair allows (step \(step))")
        }
        if let price = r.limitPrice {
            if !(price.sign > 0) { out.append("the limit price must be above 0") }
            if let tick = listing.tickSize, !isMultiple(price, of: tick) {
                out.append("the price \(price) is not a multiple of the pair's tick \(tick)")
            } else if listing.tickSize == nil, let decimals = listing.priceDecimals, price.normalized.scale > decimals {
                out.append("the price \(price) has more than the pair's \(decimals) decimals")
            }
            if let minCost = listing.minimumCost, let cost = r.cost, cost < minCost {
                out.append(
                    "the cost \(money(cost, r, listing)) \(r.pair.quote) is below the minimum of \(minCost) \(r.pair.quote)"
                )
            }
        }
        if let available {
            let needed = r.side == .buy ? r.cost ?? expectedCost : r.amount
            if let needed, needed > available {
                let shown =
                    r.side == .buy ? (r.cost == nil ? "about " : "") + money(needed, r, listing) : needed.description
                // Money at its currency's precision, rounded down; an amount of the asset sold as it is.
                let has =
                    r.side == .buy
                    ? MoneyText.roundedDown(available, currency: r.spends, fallback: listing.effectivePriceDecimals)
                        .description : available.description
                out.append("it needs \(shown) \(r.spends), and \(has) \(r.spends) is available")
            }
        }
        return out
    }

    /// A cost in the quote currency as the preview shows it (its currency's precision).
    static func money(_ value: ExactDecimal, _ r: OrderRequest, _ listing: PairListing) -> String {
        MoneyText.text(value, currency: r.pair.quote, fallback: listing.effectivePriceDecimals)
    }

    /// `value` is a whole number of `step`s (exactly, in decimals).
    static func isMultiple(_ value: ExactDecimal, of step: ExactDecimal) -> Bool {
        guard !step.isZero, let q = value.divided(by: step, scale: 0), let back = q * step else { return true }
        return back == value
    }
}
