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
            guard r.error?.meansUnknownSymbol == true, let m = index.suggestion(forUnknownSymbol: r.symbol),
                m.symbol.uppercased() != r.symbol.uppercased()
            else { return r }
            var annotated = r
            annotated.suggestion = "\(m.symbol) (\(m.listing.companyName))"
            return annotated
        }
    }
}
