import SquarestockCore
import SquarestockNetworking
import SquarestockServices

/// Quotes of many symbols from one source, under the facade (`SquarestockApp`): validates and
/// de-duplicates the symbols, asks the source for all of them in one batch, and returns one
/// result per requested symbol in request order.
public final class StockManager: Sendable {
    package let source: QuoteSource
    package let transport: HTTPTransport
    package let context: SourceContext

    package init(source: QuoteSource, transport: HTTPTransport, context: SourceContext) {
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
        // A share's price is above zero. A future's may not be (WTI crude closed at -37.63 in
        // April 2020), nor an index, a yield (^IRX was 0.00 in 2021) or a spread, and an
        // exchange's pairs are checked by `ExchangePriceCheck` (a new pair's last may be 0, no
        // trade yet), also when `auto` asked the exchange.
        let shares = !(source is ExchangeSource)
        for r in fetched {
            let s = r.symbol
            let share =
                !s.hasPrefix("^") && !s.contains("=") && !s.hasSuffix(".F") && !s.hasSuffix(".B")
            bySymbol[r.symbol] = StockResult(
                symbol: r.symbol,
                outcome: r.outcome.flatMap { stock -> Result<Stock, QuoteError> in
                    if shares, share, !ServiceCatalog.standard.isExchange(stock.source), let last = stock.price.last,
                        last.sign <= 0
                    {
                        return .failure(.impossiblePrice(source: stock.source, price: last))
                    }
                    return .success(stock)
                }.map { stock in
                    var s = Currency.normalizedToMajorUnit(stock)
                    // The venue's decimals, else one figure for the whole quote (`Price.shownDecimals`).
                    if s.priceDecimals == nil {
                        s.priceDecimals = Price.shownDecimals(of: s.price.last, currency: s.currency?.code)
                    }
                    return s
                })
        }
        return zip(requested, normalized).map { raw, n in
            switch n {
            case .failure(let e):
                // Echoed as typed, controls shown (`TerminalText.visible`), but never a
                // 5,000-character wall: the first 24 and an ellipsis.
                let shown = TerminalText.visible(raw)
                return StockResult(
                    symbol: shown.count > 24 ? String(shown.prefix(24)) + "…" : shown, outcome: .failure(e))
            case .success(let s):
                return bySymbol[s]
                    ?? StockResult(symbol: s, outcome: .failure(.missingFromResponse(source: source.name)))
            }
        }
    }
}
