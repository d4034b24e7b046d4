import SquarestockCore
import SquarestockNetworking

/// `--source auto`: asks each source of a chain in turn, and hands a symbol to the next source
/// only when the earlier one failed as a service (blocked, down, rate limited), never when it
/// said the symbol does not exist. Each stock says which source answered, and notes why an
/// earlier one was skipped.
package struct FallbackSource: QuoteSource {
    package let name = FallbackService.name
    package let isChain = true
    package let chain: [QuoteSource]
    /// Asked last for crypto pairs (`XMR-BTC`) the chain could not quote, whatever the reason:
    /// Yahoo lists only some pairs. Its answer replaces the chain's error only when it has a quote.
    package let exchangeFallback: ExchangeSource?

    package init(chain: [QuoteSource], exchangeFallback: ExchangeSource? = nil) {
        self.chain = chain
        self.exchangeFallback = exchangeFallback
    }

    /// yahoo, then Alpha Vantage and Stooq when their keys are configured (keyless Stooq
    /// answers bots with a browser check, so trying it would only add a second error), then
    /// `exchange` for crypto pairs.
    package static func standard(context: SourceContext, exchange: ExchangeAdapter?) -> FallbackSource {
        var chain: [QuoteSource] = [YahooSource()]
        if context.setting(AlphaVantageService.apiKey) != nil { chain.append(AlphaVantageSource()) }
        if context.setting(StooqService.apiKey) != nil { chain.append(StooqSource()) }
        return FallbackSource(
            chain: chain, exchangeFallback: exchange.map(ExchangeSource.init))
    }

    package func quotes(for symbols: [String], context: SourceContext, transport: HTTPTransport) -> [StockResult] {
        var final: [String: StockResult] = [:]
        var pending = symbols
        var skipped: [StockNote] = []
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
                    .fellBack(from: source.name, to: chain[i + 1].name, reason: reasons.joined(separator: "; ")))
            }
            pending = retry
        }
        if let exchangeFallback {
            let failed = symbols.filter { final[$0]?.error != nil && TradingPair(symbol: $0) != nil }
            if !failed.isEmpty {
                for r in exchangeFallback.quotes(for: failed, context: context, transport: transport) {
                    guard var stock = r.stock, let earlier = final[r.symbol], let why = earlier.error else { continue }
                    let from = chain.last?.name ?? name
                    stock.notes.insert(.fellBack(from: from, to: exchangeFallback.name, reason: why.detail), at: 0)
                    final[r.symbol] = StockResult(symbol: r.symbol, outcome: .success(stock))
                }
            }
        }
        return symbols.map {
            final[$0] ?? StockResult(symbol: $0, outcome: .failure(.missingFromResponse(source: name)))
        }
    }
}
