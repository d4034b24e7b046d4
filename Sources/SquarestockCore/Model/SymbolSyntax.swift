/// What a ticker may look like before any source is asked: letters, digits and `. - ^ = _`,
/// at most 24 characters. Anything else is rejected up front with a clear message.
public enum SymbolSyntax {
    public static func normalize(_ raw: String) -> Result<String, QuoteError> {
        // A symbol as it is kept already (a ledger import's every row) is answered as it is:
        // the path below trims and upper-cases a copy first.
        var kept = raw
        if (1...24).contains(raw.utf8.count), kept.withUTF8({ $0.allSatisfy(isKept) }) { return .success(raw) }
        let s = raw.trimmingSpaces.uppercased()
        if s.isEmpty { return .failure(.invalidSymbol("an empty symbol was given")) }
        if s.count > 24 { return .failure(.invalidSymbol("not a valid symbol: longer than 24 characters")) }
        let ok = s.unicodeScalars.allSatisfy { c in
            (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "." || c == "-" || c == "^" || c == "=" || c == "_"
        }
        guard ok else {
            return .failure(
                .invalidSymbol(
                    "not a valid symbol: use letters, digits and . - ^ = _ (e.g. AAPL, BRK.B, 7203.T, ^GSPC)"))
        }
        return .success(s)
    }

    /// A byte of a symbol as kept: an upper-case letter, a digit or `. - ^ = _`.
    private static func isKept(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
            || c == UInt8(ascii: ".") || c == UInt8(ascii: "-") || c == UInt8(ascii: "^") || c == UInt8(ascii: "=")
            || c == UInt8(ascii: "_")
    }
}
