import SquarestockCore

/// Adds "did you mean AAPL (Apple Inc.)?" to results whose symbol the source did not know, from
/// the same matcher as `squarestock search`. The index is loaded only when some symbol failed,
/// so a good quote never pays for it.
package enum SymbolSuggester {
    package static func annotate(_ results: [StockResult], index: () -> SymbolIndex?) -> [StockResult] {
        guard results.contains(where: { $0.error?.meansUnknownSymbol == true }), let index = index() else {
            return results
        }
        return results.map { r in
            guard r.error?.meansUnknownSymbol == true, let suggestion = suggestion(for: r.symbol, in: index) else {
                return r
            }
            var annotated = r
            annotated.suggestion = suggestion
            return annotated
        }
    }

    /// The listing `symbol` was probably meant as (`AAPL (Apple Inc.)`), never itself.
    package static func suggestion(for symbol: String, in index: SymbolIndex) -> String? {
        guard let m = index.suggestion(forUnknownSymbol: symbol), m.symbol.uppercased() != symbol.uppercased()
        else { return nil }
        return "\(m.symbol) (\(m.listing.companyName))"
    }
}
