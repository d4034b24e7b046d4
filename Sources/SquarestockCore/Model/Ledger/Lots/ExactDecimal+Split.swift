extension ExactDecimal {
    /// This value times `numerator` over `denominator`, exactly to 8 places at least, as a split
    /// of `numerator` new shares for `denominator` old scales a quantity (`scaledBy(4, 1)`: 10
    /// shares are 40) and, the other way round, a price (`scaledBy(1, 4)`: 100 is 25). One rule
    /// for the lots, the day's purchases and the price book, so they agree to the last place.
    /// Nil when it does not fit an exact decimal.
    package func scaledBy(_ numerator: Int64, _ denominator: Int64) -> ExactDecimal? {
        (self * ExactDecimal(significand: numerator))?.divided(
            by: ExactDecimal(significand: denominator), scale: Swift.max(scale, 8))?.normalized
    }
}
