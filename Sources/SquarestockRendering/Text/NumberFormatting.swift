import SquarestockCore

/// Number display for people, independent of the process locale (a German locale must not turn
/// `268.84` into `268,84` in one place and not another).
package enum NumberFormatting {
    /// Price shown to 2 decimals, or 4 below 1 (pennies matter there).
    package static func price(_ v: ExactDecimal) -> String { price(v, decimals: nil) }

    /// The one rule for a price, used by every view (quote, watch, line, alerts): the venue's own
    /// `decimals` when they are known (a crypto pair priced in satoshis needs 8, a tick of 0.1
    /// needs 1), else 2, or 4 below 1. A view that guessed on its own showed DASH-BTC as `0.0062`.
    package static func price(_ v: ExactDecimal, decimals: Int?) -> String {
        let scale = priceScale(of: v, decimals: decimals)
        return grouped(v.rescaled(to: scale) ?? v.rounded(toScale: scale))
    }

    /// A change with its sign, at the decimals its price (`reference`) is shown with, so
    /// `0.00619345` moves by `+0.00016993`, never by a rounded `+0.0002`.
    package static func signedChange(_ v: ExactDecimal, reference: ExactDecimal?, decimals: Int? = nil) -> String {
        let scale =
            reference.map { priceScale(of: $0, decimals: decimals) }
            ?? priceScale(of: ExactDecimal(1), decimals: decimals)
        let r = v.rescaled(to: scale) ?? v.rounded(toScale: scale)
        return (r.significand > 0 ? "+" : "") + grouped(r)
    }

    /// The decimals `price(_:decimals:)` shows `v` with.
    package static func priceScale(of v: ExactDecimal, decimals: Int?) -> Int {
        if let decimals, (0...18).contains(decimals) { return decimals }
        return Price.usualDecimals(of: v)
    }

    /// `+1.25%`, to `places` decimals (2, as every view shows a change).
    package static func signedPercent(_ v: ExactDecimal, places: Int = 2) -> String {
        let r = v.rescaled(to: places) ?? v.rounded(toScale: places)
        return (r.significand > 0 ? "+" : "") + r.description + "%"
    }

    /// Volumes: `21,354,043` up to a million, then `21.35M`, `1.20B`, `3.50T` (a coin's
    /// supply-sized volume read `1000000000.00B`), grouped past that.
    package static func volume(_ v: ExactDecimal) -> String {
        let whole = v.rounded(toScale: 0)
        let n = whole.significand
        if abs(n) < 1_000_000 { return grouped(whole) }
        let (div, suffix): (Int64, String) =
            abs(n) >= 1_000_000_000_000
            ? (10_000_000_000, "T") : abs(n) >= 1_000_000_000 ? (10_000_000, "B") : (10_000, "M")
        let scaled = ExactDecimal(significand: n, scale: 0).divided(by: ExactDecimal(significand: div * 100), scale: 2)
        return (scaled.map(grouped) ?? String(n)) + suffix
    }

    /// Thousands separators with `,` on the integer part.
    package static func grouped(_ v: ExactDecimal) -> String {
        let text = v.description
        let negative = text.hasPrefix("-")
        let body = negative ? String(text.dropFirst()) : text
        let parts = body.split(separator: ".", maxSplits: 1)
        let intPart = Array(parts[0])
        var out = ""
        for (i, ch) in intPart.enumerated() {
            if i > 0 && (intPart.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        if parts.count > 1 { out += "." + parts[1] }
        return (negative ? "-" : "") + out
    }
}
