/// What a ticker may look like before any source is asked: letters, digits and `. - ^ = _`,
/// at most 24 characters. Anything else is rejected up front with a clear message.
public enum SymbolSyntax {
    public static func normalize(_ raw: String) -> Result<String, QuoteError> {
        let s = raw.trimmingSpaces.uppercased()
        if s.isEmpty { return .failure(.invalidSymbol("an empty symbol was given")) }
        if s.count > 24 { return .failure(.invalidSymbol("not a valid symbol: longer than 24 characters")) }
        let ok = s.unicodeScalars.allSatisfy { c in
            (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "." || c == "-" || c == "^" || c == "=" || c == "_"
        }
        guard ok else {
            return .failure(
                .invalidSymbol("not a valid symbol: use letters, digits and . - ^ = (e.g. AAPL, BRK.B, 7203.T, ^GSPC)"))
        }
        return .success(s)
    }
}
