import SquarestockCore

/// What the portfolio holds of one watched symbol (`watch --portfolio`): its quantity and cost,
/// so the row can show the holding's value at the live price and the gain over its cost.
package struct WatchHolding: Sendable, Equatable {
    package var quantity: ExactDecimal
    /// Minor units of `currency`, with `exponent` digits.
    package var cost: Int64
    package var currency: String
    package var exponent: Int

    package init(quantity: ExactDecimal, cost: Int64, currency: String, exponent: Int) {
        self.quantity = quantity
        self.cost = cost
        self.currency = currency
        self.exponent = exponent
    }

    /// Quantity × price in minor units, rounded once (nil when the product does not fit).
    package func value(at price: ExactDecimal) -> Int64? {
        let product = Int128(quantity.significand) * Int128(price.significand)
        let scale = quantity.scale + price.scale
        if scale <= exponent {
            var v = product
            for _ in 0..<(exponent - scale) { v *= 10 }
            return Int64(exactly: v)
        }
        var p: Int128 = 1
        for _ in 0..<(scale - exponent) { p *= 10 }
        // Rounded once, half away from zero, over all the dropped digits.
        let (q, r) = product.quotientAndRemainder(dividingBy: p)
        let rounded = r.magnitude * 2 >= p.magnitude ? q + (product < 0 ? -1 : 1) : q
        return Int64(exactly: rounded)
    }

    package func text(_ minor: Int64, signed: Bool = false) -> String {
        let t = ExactDecimal(significand: minor, scale: exponent).description
        return signed && minor > 0 ? "+" + t : t
    }
}
