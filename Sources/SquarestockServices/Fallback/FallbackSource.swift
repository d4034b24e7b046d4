import SquarestockCore
import SquarestockNetworking

/// `--source auto`: asks each source of a chain in turn, and hands a symbol to the next source
/// only when the earlier one failed as a service (blocked, down, rate limited), never when it
/// said the symbol does not exist. Each stock says which source answered, and notes why an
/// earlier one was skipped.
package struct FallbackSource: QuoteSource {
    package let name = "auto"
    package let chain: [QuoteSource]

    package init(chain: [QuoteSource]) {
        self.chain = chain
    }

    /// yahoo, then Alpha Vantage and Stooq when their keys are configured (keyless Stooq
    /// answers bots with a browser check, so trying it would only add a second error).
    package static func standard(context: SourceContext) -> FallbackSource {
        var chain: [QuoteSource] = [YahooSource()]
        if context.alphaVantageAPIKey != nil { chain.append(AlphaVantageSource()) }
        if context.stooqAPIKey != nil { chain.append(StooqSource()) }
        return FallbackSource(chain: chain)
    }

    package static let skipPrefix = "fell back from "

    package func quotes(for symbols: [String], context: SourceContext, transport: HTTPTransport) -> [StockResult] {
        var final: [String: StockResult] = [:]
        var pending = symbols
        var skipped: [String] = []
        for (i, source) in chain.enumerated() where !pending.isEmpty {
            let isLast = i == chain.count - 1
            var retry: [String] = []
            var reasons: [String] = []
            for r in source.quotes(for: pending, context: context, transport: transport) {
                if let e = r.error, e.isServiceLevel, !isLast {
                    retry.append(r.symbol)
                    if !reasons.contains(e.detail) { reasons.append(e.detail) }
                    final[r.symbol] = r
                } else {
                    final[r.symbol] = StockResult(
                        symbol: r.symbol,
                        outcome: r.outcome.map { stock in
                            var s = stock
                            s.notes.insert(contentsOf: skipped, at: 0)
                            return s
                        })
                }
            }
            if !retry.isEmpty {
                skipped.append(
                    FallbackSource.skipPrefix + "\(source.name) to \(chain[i + 1].name): "
                        + reasons.joined(separator: "; "))
            }
            pending = retry
        }
        return symbols.map {
            final[$0] ?? StockResult(symbol: $0, outcome: .failure(.missingFromResponse(source: name)))
        }
    }
}
