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

    /// `hint` for a stock whose last price is `last`: nil (the usual rule, which keeps three
    /// significant digits of a small price) when the hint would show that price with fewer than
    /// three. A hint of 2 printed a 0.0012 coin as `0.00`, and 0.005 as `0.01`.
    static func decimals(_ hint: Int?, for last: ExactDecimal?) -> Int? {
        guard let hint, let last, !last.isZero else { return hint }
        // Three significant digits at `hint` decimals need a price of at least 10^(2 - hint).
        let least =
            hint >= 2
            ? ExactDecimal(significand: 1, scale: hint - 2)
            : ExactDecimal(significand: hint == 1 ? 10 : 100, scale: 0)
        return last.magnitude < least ? nil : hint
    }
}
