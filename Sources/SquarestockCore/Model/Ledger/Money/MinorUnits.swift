import Foundation

/// Money as an integer count of a currency's smallest unit, and the exact arithmetic a ledger
/// needs: a quantity times a price rounded once to the unit, a share of a cost in proportion
/// to a quantity, and the text forms. Every product is formed in 128 bits and rounded half away
/// from zero exactly once; nothing passes through a binary float.
public enum MinorUnits {
    /// `quantity × price` in minor units of a currency with `exponent` digits; nil on overflow.
    public static func amount(quantity: ExactDecimal, price: ExactDecimal, exponent: Int) -> Int64? {
        let fromScale = quantity.scale + price.scale
        // The common case in 64 bits (a valuation of ten years of 500 holdings makes 1.3 million
        // of these): a product that fits, rounded by a power of ten that fits. The same rounding
        // as the 128-bit path below, which takes everything else.
        let (small, overflow) = quantity.significand.multipliedReportingOverflow(by: price.significand)
        if !overflow, fromScale > exponent, fromScale - exponent <= 18 {
            let divisor = ExactDecimal.powerOfTen(fromScale - exponent)
            var (q, r) = small.quotientAndRemainder(dividingBy: divisor)
            if r != 0, r.magnitude >= UInt64(divisor) - r.magnitude { q += small < 0 ? -1 : 1 }
            return q
        }
        let product = Int128(quantity.significand) * Int128(price.significand)
        return rescale(product, fromScale: fromScale, toScale: exponent)
    }

    /// `a + b`, nil when the sum does not fit: money a command line can type but no account
    /// holds is refused by the ledger's replay and its valuations, never a trap.
    public static func sum(_ a: Int64, _ b: Int64) -> Int64? {
        let (s, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : s
    }

    /// `change` in percent of `reference` (both minor units of one currency), to two places:
    /// a day's change of a value that was `reference` the day before. Nil for a reference of
    /// zero or less, where a percentage means nothing.
    public static func percent(_ change: Int64, of reference: Int64) -> ExactDecimal? {
        guard reference > 0 else { return nil }
        return ExactDecimal(significand: change, scale: 0).divided(
            by: ExactDecimal(significand: reference, scale: 0), scale: 6
        ).flatMap { $0 * ExactDecimal(100) }?.rounded(toScale: 2)
    }

    /// `value × 10^toScale / 10^fromScale`, rounded half away from zero.
    static func rescale(_ value: Int128, fromScale: Int, toScale: Int) -> Int64? {
        if toScale >= fromScale {
            var v = value
            for _ in 0..<(toScale - fromScale) {
                let (m, o) = v.multipliedReportingOverflow(by: 10)
                guard !o else { return nil }
                v = m
            }
            return Int64(exactly: v)
        }
        var p: Int128 = 1
        for _ in 0..<(fromScale - toScale) { p *= 10 }
        return divide(value, p)
    }

    /// `a / b` rounded half away from zero (b ≠ 0).
    static func divide(_ a: Int128, _ b: Int128) -> Int64? {
        let (q, r) = a.quotientAndRemainder(dividingBy: b)
        var result = q
        if r.magnitude >= b.magnitude - r.magnitude, r != 0 { result += (a < 0) != (b < 0) ? -1 : 1 }
        return Int64(exactly: result)
    }

    /// The part of `total` that `part` of `whole` carries (`total × part / whole`), rounded.
    /// Taking parts this way from what remains, the last part is the exact remainder, so the
    /// parts of a cost always add up to the cost.
    public static func share(of total: Int64, part: ExactDecimal, whole: ExactDecimal) -> Int64? {
        guard !whole.isZero else { return nil }
        let s = max(part.scale, whole.scale)
        guard let p = part.rescaled(to: s), let w = whole.rescaled(to: s) else { return nil }
        if p == w { return total }
        return divide(Int128(total) * Int128(p.significand), Int128(w.significand))
    }

    /// `-1234` with exponent 2 → `-12.34`; exponent 0 → `-1234`.
    public static func text(_ minor: Int64, exponent: Int) -> String {
        ExactDecimal(significand: minor, scale: exponent).description
    }

    /// Minor units of `currency` as text, with its own exponent (2 for a code not listed).
    public static func text(_ minor: Int64, currency: String) -> String {
        text(minor, exponent: CurrencyExponent.of(currency) ?? 2)
    }

    /// `12.34` → 1234 with exponent 2; nil when the text has more digits than the currency
    /// (a price of a tenth of a cent is not an amount of money) or is not a number.
    public static func parse(_ text: String, exponent: Int) -> Int64? {
        // `1500.00` yen is 1500 yen: trailing zeros are not precision.
        guard let d = ExactDecimal(text.trimmingCharacters(in: .whitespaces))?.normalized, d.scale <= exponent else {
            return nil
        }
        return d.rescaled(to: exponent)?.significand
    }

    /// `minor` units of `currency` in `base` at `rate` (1 `currency` = `rate` `base`), rounded once
    /// to the base's unit, half away from zero; the same amount when the currencies are the same;
    /// nil on overflow. The one conversion every valuation, return and realized gain makes.
    public static func converted(_ minor: Int64, from currency: String, into base: String, at rate: ExactDecimal)
        -> Int64?
    {
        if currency == base { return minor }
        return amount(
            quantity: decimal(minor, exponent: CurrencyExponent.of(currency) ?? 2), price: rate,
            exponent: CurrencyExponent.of(base) ?? 2)
    }

    /// Minor units as an exact decimal of the major unit.
    public static func decimal(_ minor: Int64, exponent: Int) -> ExactDecimal {
        ExactDecimal(significand: minor, scale: exponent)
    }
}
