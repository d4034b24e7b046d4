/// `--currency EUR`: re-prices quotes in another currency with FX quotes from the same source
/// (`USDEUR=X`), so the rate is as fresh as the prices it converts. The rate and its time are
/// noted on every converted stock; a pair that cannot be fetched leaves the stock unconverted,
/// with a note saying why. The pure part lives here (the fuzz target `fx-convert` drives it
/// without the facade); the facade's `convert(_:to:manager:)` fetches the rates.
public enum CurrencyConversion {
    /// Yahoo-style FX symbol for converting `from` into `to`.
    public static func pairSymbol(from: String, to: String) -> String { from + to + "=X" }

    /// The rate of a pair traded the other way round (`1 / EUR-USD` for dollars into euros), to
    /// 12 places: the one rule for an exchange's inverted pair wherever a rate is looked up.
    public static func inverseRate(_ price: ExactDecimal) -> ExactDecimal? {
        ExactDecimal(1).divided(by: price, scale: 12)
    }

    /// The arithmetic and notes of a conversion, apart from fetching: `rates` holds the FX quote
    /// (or its failure) for each currency code converted from. Kept pure so the fuzzer can
    /// drive decoded prices and rates through it.
    /// `pairs`: the name each currency's rate was asked under, when not Yahoo's (`pairSymbol`):
    /// an exchange's own pair, perhaps inverted.
    public static func convert(
        _ results: [StockResult], to target: String, rates: [String: Result<Stock, QuoteError>],
        pairs: [String: String] = [:]
    ) -> [StockResult] {
        results.map { r in
            guard var s = r.stock, let from = s.currency?.code, from != target, let fx = rates[from] else { return r }
            let pair = pairs[from] ?? pairSymbol(from: from, to: target)
            switch fx {
            case .failure(let e):
                s.notes.append(.notConverted(to: target, reason: "\(pair) failed: \(e.detail)"))
            case .success(let q):
                guard let rate = q.price.last, rate.sign > 0 else {
                    s.notes.append(.notConverted(to: target, reason: "no rate in \(pair)"))
                    return StockResult(symbol: r.symbol, outcome: .success(s))
                }
                s = s.repriced { ($0 * rate)?.rounded(toScale: 6).normalized }
                s.currency = Currency(code: target)
                // The venue's tick does not carry into another currency: from 1 up, the target
                // currency's minor unit (a dollar price in dinars has 3, in yen none: 39,488, not
                // 39,488.11); below 1, the price's own digits (a 5 yen stock in dollars is 0.0333).
                if let last = s.price.last, let e = CurrencyExponent.of(target), last.magnitude >= ExactDecimal(1) {
                    s.priceDecimals = e
                } else {
                    s.priceDecimals = Price.shownDecimals(of: s.price.last, currency: target)
                }
                let when = q.price.lastTrade.map { " at " + $0.iso8601UTC } ?? ""
                s.notes.append(
                    .remark(
                        "converted from \(from) at \(rate) (\(pair)\(when)); change % is in \(from) terms"
                    ))
            }
            return StockResult(symbol: r.symbol, outcome: .success(s))
        }
    }
}
