import SquarestockCore

/// Small pieces the exchange JSON writers share: exact numbers as JSON numbers (digit for digit,
/// never through a float), strings escaped as the quote writer does, and times with the
/// fraction the exchange sent.
enum ExchangeJSON {
    static func num(_ v: ExactDecimal?) -> String { v.map { $0.normalized.description } ?? "null" }
    static func string(_ s: String?) -> String { s.map(JSONText.quoted) ?? "null" }

    /// `2026-06-19T16:43:33.016274911Z`: the fraction only when there is one, trailing zeros cut.
    static func time(_ t: Instant, nanoseconds: Int32) -> String {
        let base = t.iso8601UTC
        guard nanoseconds > 0, base.hasSuffix("Z") else { return base }
        var digits = String(nanoseconds)
        digits = String(repeating: "0", count: 9 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return String(base.dropLast()) + "." + digits + "Z"
    }

    /// `{"a": 1, "b": 2}` from ordered pairs whose values are already JSON.
    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { JSONText.quoted($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }
}
