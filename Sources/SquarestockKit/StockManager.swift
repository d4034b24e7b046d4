/// The facade the CLI calls: validates and de-duplicates symbols, asks one source for all of
/// them in one batch, and returns one result per requested symbol in request order.
public final class StockManager: Sendable {
    public let source: QuoteSource
    public let transport: HTTPTransport
    public let context: SourceContext

    public init(source: QuoteSource, transport: HTTPTransport, context: SourceContext) {
        self.source = source
        self.transport = transport
        self.context = context
    }

    public func quotes(for requested: [String]) -> [StockResult] {
        var valid: [String] = []
        var normalized: [Result<String, QuoteError>] = []
        for raw in requested {
            let n = SymbolSyntax.normalize(raw)
            normalized.append(n)
            if case .success(let s) = n, !valid.contains(s) { valid.append(s) }
        }
        let fetched = valid.isEmpty ? [] : source.quotes(for: valid, context: context, transport: transport)
        var bySymbol: [String: StockResult] = [:]
        for r in fetched { bySymbol[r.symbol] = StockResult(symbol: r.symbol, outcome: r.outcome.map(Currency.normalizedToMajorUnit)) }
        return zip(requested, normalized).map { raw, n in
            switch n {
            case .failure(let e): return StockResult(symbol: TerminalText.sanitize(raw), outcome: .failure(e))
            case .success(let s): return bySymbol[s] ?? StockResult(symbol: s, outcome: .failure(.missingFromResponse(source: source.name)))
            }
        }
    }
}

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
        guard ok else { return .failure(.invalidSymbol("not a valid symbol: use letters, digits and . - ^ = (e.g. AAPL, BRK.B, 7203.T, ^GSPC)")) }
        return .success(s)
    }
}
