import SquarestockCore

/// Number display for people, independent of the process locale (a German locale must not turn
/// `268.84` into `268,84` in one place and not another).
package enum NumberFormatting {
    /// Price shown to 2 decimals, or 4 below 1 (pennies matter there).
    package static func price(_ v: ExactDecimal) -> String {
        let scale = abs(v.doubleValue) < 1 && !v.isZero ? 4 : 2
        return grouped(v.rescaled(to: scale) ?? v.rounded(toScale: scale))
    }

    /// Price shown to the venue's own `decimals` when it has them (a crypto pair priced in
    /// satoshis needs 8), else as `price(_:)`.
    package static func price(_ v: ExactDecimal, decimals: Int?) -> String {
        guard let decimals, (0...18).contains(decimals) else { return price(v) }
        return grouped(v.rescaled(to: decimals) ?? v.rounded(toScale: decimals))
    }

    /// A change with its sign and the same decimals as `reference` would get.
    package static func signedChange(_ v: ExactDecimal, reference: ExactDecimal?) -> String {
        let scale = reference.map { abs($0.doubleValue) < 1 && !$0.isZero ? 4 : 2 } ?? 2
        let r = v.rescaled(to: scale) ?? v.rounded(toScale: scale)
        return (r.significand > 0 ? "+" : "") + grouped(r)
    }

    package static func signedPercent(_ v: ExactDecimal) -> String {
        let r = v.rescaled(to: 2) ?? v.rounded(toScale: 2)
        return (r.significand > 0 ? "+" : "") + r.description + "%"
    }

    /// Volumes: `21,354,043` up to a million, then `21.35M`, `1.20B`.
    package static func volume(_ v: ExactDecimal) -> String {
        let whole = v.rounded(toScale: 0)
        let n = whole.significand
        if abs(n) < 1_000_000 { return grouped(whole) }
        let (div, suffix): (Int64, String) = abs(n) >= 1_000_000_000 ? (10_000_000, "B") : (10_000, "M")
        let scaled = ExactDecimal(significand: n, scale: 0).divided(by: ExactDecimal(significand: div * 100), scale: 2)
        return (scaled?.description ?? String(n)) + suffix
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
