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

    /// `hint` for a stock whose last price is `last`: nil (the usual rule, which gives a small
    /// price its digits) when the hint would show that nonzero price as zero. A hint of 2 on a
    /// 0.0012 coin printed `0.00` for its price, change and range.
    static func decimals(_ hint: Int?, for last: ExactDecimal?) -> Int? {
        guard let hint, let last, !last.isZero else { return hint }
        return last.rounded(toScale: hint).isZero ? nil : hint
    }
}
