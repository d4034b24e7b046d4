import SquarestockCore

extension CurrencyConversion {
    /// Converts `results` into `rawTarget` with FX quotes fetched through `manager`, one per
    /// currency converted from; the arithmetic and notes are `convert(_:to:rates:)`'s.
    public static func convert(_ results: [StockResult], to rawTarget: String, manager: StockManager) -> [StockResult] {
        let target = rawTarget.uppercased()
        var needed: [String] = []
        for r in results {
            if let c = r.stock?.currency?.code, c != target, !needed.contains(c) { needed.append(c) }
        }
        guard !needed.isEmpty else { return results }
        let pairs = needed.map { pairSymbol(from: $0, to: target) }
        var rates: [String: Result<Stock, QuoteError>] = [:]
        for (code, fx) in zip(needed, manager.quotes(for: pairs)) { rates[code] = fx.outcome }
        return convert(results, to: target, rates: rates)
    }
}
