import SquarestockCore
import SquarestockServices

extension CurrencyConversion {
    /// Converts `results` into `rawTarget` with FX quotes fetched through `manager`, one per
    /// currency converted from; the arithmetic and notes are `convert(_:to:rates:pairs:)`'s.
    /// An exchange lists no `USDEUR=X`: it is asked for its own pair, either way round
    /// (`exchangeRates`).
    public static func convert(_ results: [StockResult], to rawTarget: String, manager: StockManager) -> [StockResult] {
        let target = rawTarget.uppercased()
        var needed: [String] = []
        for r in results {
            if let c = r.stock?.currency?.code, c != target, !needed.contains(c) { needed.append(c) }
        }
        guard !needed.isEmpty else { return results }
        if manager.source is ExchangeSource {
            let (rates, pairs) = exchangeRates(needed, to: target, manager: manager)
            return convert(results, to: target, rates: rates, pairs: pairs)
        }
        let pairs = needed.map { pairSymbol(from: $0, to: target) }
        var rates: [String: Result<Stock, QuoteError>] = [:]
        // The rate is the quote's price: the pair's day of points would be a request for nothing.
        let fx = StockManager(
            source: manager.source, transport: manager.transport, context: manager.context.quotesAlone)
        for (code, answer) in zip(needed, fx.quotes(for: pairs)) { rates[code] = answer.outcome }
        return convert(results, to: target, rates: rates)
    }

    /// Each currency's rate into `target` from an exchange's pairs: `USD-EUR` when it trades
    /// that, else `EUR-USD` inverted (Kraken trades EUR/USD, not USD/EUR), with the name of the
    /// pair it came from; when neither answers, the first one's failure.
    static func exchangeRates(_ codes: [String], to target: String, manager: StockManager) -> (
        rates: [String: Result<Stock, QuoteError>], pairs: [String: String]
    ) {
        let direct = codes.map { $0 + "-" + target }
        let inverse = codes.map { target + "-" + $0 }
        let answers = manager.quotes(for: direct + inverse)
        var rates: [String: Result<Stock, QuoteError>] = [:]
        var pairs: [String: String] = [:]
        for (i, code) in codes.enumerated() {
            let straight = answers[i].outcome
            if case .success(let q) = straight, (q.price.last?.sign ?? 0) > 0 {
                (rates[code], pairs[code]) = (straight, direct[i])
            } else if case .success(var q) = answers[codes.count + i].outcome, let p = q.price.last, p.sign > 0,
                let one = inverseRate(p)
            {
                q.price.last = one.normalized
                (rates[code], pairs[code]) = (.success(q), "1 / " + inverse[i])
            } else {
                (rates[code], pairs[code]) = (straight, direct[i] + " (nor " + inverse[i] + ")")
            }
        }
        return (rates, pairs)
    }
}
