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

    /// Quantity × price in minor units, rounded once (the ledger's own arithmetic); nil when
    /// the product does not fit.
    package func value(at price: ExactDecimal) -> Int64? {
        MinorUnits.amount(quantity: quantity, price: price, exponent: exponent)
    }

    package func text(_ minor: Int64, signed: Bool = false) -> String {
        let t = MinorUnits.text(minor, exponent: exponent)
        return signed && minor > 0 ? "+" + t : t
    }
}
