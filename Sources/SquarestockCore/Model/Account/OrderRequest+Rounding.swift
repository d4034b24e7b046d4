/// An order as it will be sent: the amount down to the pair's step (never more than typed), a
/// limit price to the pair's tick (or price decimals) on the side that favours the user, down for
/// a buy and up for a sale (never paying more, never selling for less than typed). Exchanges
/// refuse or silently round what is off their grid; rounding here, shown beside what was typed,
/// means what is confirmed is exactly what is sent.
extension OrderRequest {
    public func rounded(to listing: PairListing) -> OrderRequest {
        var r = self
        if let step = listing.sizeIncrement, step.sign > 0 {
            r.amount = Self.multiple(of: step, near: amount, up: false) ?? amount
        }
        if let price = limitPrice {
            let up = side == .sell
            if let tick = listing.tickSize, tick.sign > 0 {
                r.limitPrice = Self.multiple(of: tick, near: price, up: up) ?? price
            } else if let decimals = listing.priceDecimals, price.normalized.scale > decimals {
                let unit = ExactDecimal(significand: 1, scale: decimals)
                r.limitPrice = Self.multiple(of: unit, near: price, up: up) ?? price
            }
        }
        return r
    }

    /// The multiple of `step` at or below `value` (`up`: at or above it), exactly; nil when the
    /// numbers do not fit.
    static func multiple(of step: ExactDecimal, near value: ExactDecimal, up: Bool) -> ExactDecimal? {
        guard var q = value.divided(by: step, scale: 0), var back = q * step else { return nil }
        // `divided` rounds to the nearest: step once more toward the wanted side when it went past.
        let one = ExactDecimal(1)
        if !up, back > value {
            guard let lower = q - one, let b = lower * step else { return nil }
            (q, back) = (lower, b)
        } else if up, back < value {
            guard let higher = q + one, let b = higher * step else { return nil }
            (q, back) = (higher, b)
        }
        return back.normalized
    }
}
