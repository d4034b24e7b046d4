import SquarestockCore

/// Yahoo's `priceHint` (quote rows and a chart's `meta`): the decimals its own pages show the
/// instrument's price with, which the views take as the instrument's precision. Without it a
/// coin at 0.00001234 fell to the usual rule's decimals, and EURUSD=X showed 1.08 for 1.0834.
enum YahooPriceHint {
    /// The hint as decimals: a whole number in 0...18, else nil (the usual rule then).
    static func decimals(_ hint: ExactDecimal?) -> Int? {
        guard let hint, hint.normalized.scale == 0, let n = Int(exactly: hint.normalized.significand),
            (0...ExactDecimal.maxScale).contains(n)
        else { return nil }
        return n
    }
}
