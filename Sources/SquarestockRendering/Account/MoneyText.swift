import SquarestockCore

/// Money as a person reads it: at its currency's precision, every time. Fiat at its ISO 4217
/// exponent (USD 2, JPY 0, KWD 3; `CurrencyExponent`), a crypto asset at `fallback` (the pair's own
/// precision where the caller knows it), else 8 digits (a satoshi). Only the text is rounded:
/// JSON and CSV keep the exact values.
package enum MoneyText {
    package static func decimals(_ currency: String, fallback: Int? = nil) -> Int {
        CurrencyExponent.of(currency) ?? fallback ?? 8
    }

    /// `84976437.44632044000` USD → `84976437.45`; `1000000` USD → `1000000.00`.
    package static func text(_ value: ExactDecimal, currency: String, fallback: Int? = nil) -> String {
        let scale = decimals(currency, fallback: fallback)
        return (value.rescaled(to: scale) ?? value.rounded(toScale: scale)).description
    }

    /// `value` at its currency's precision, rounded toward zero: a balance shown as available is
    /// never more than is (`25435.2199` USD → `25435.21`).
    package static func roundedDown(_ value: ExactDecimal, currency: String, fallback: Int? = nil) -> ExactDecimal {
        let scale = decimals(currency, fallback: fallback)
        let cut = value.truncated(toScale: scale)
        return cut.rescaled(to: scale) ?? cut  // `0` shown as `0.00`
    }
}
