import SquarestockCore
import SquarestockRendering
import SquarestockServices

extension SquarestockApp {
    /// `squarestock line`: fetches `symbols` and stores them in the status line's cache under
    /// the source `asked` for (`LineCache.asked`), each with the source that answered, its
    /// decimals, whether it is a recording, and the time its market opens again when it is
    /// closed now.
    @discardableResult
    public func refreshLineQuotes(_ symbols: [String], asked: String) -> [LineQuote] {
        // The bar shows no sparkline: the quotes alone are asked for.
        let manager = StockManager(
            source: settings.quoteSource, transport: transport, context: settings.sourceContext.quotesAlone)
        let now = settings.now
        let clock = SystemMonotonicClock()
        let started = clock.now()
        let cache = LineCache(environment: settings.environment)
        let previous = cache.load()
        let holdsUnknown = settings.quoteSource.asksPerSymbol
        let quotes = manager.quotes(for: symbols).map { r -> LineQuote in
            guard let s = r.stock, let last = s.price.last else {
                // Written to a cache file: no secret may reach it, whatever path the text took.
                let reason = SecretRedactor.shared.redact(TerminalText.sanitize(r.error?.detail ?? "no price"))
                // A failed fetch keeps the last good price and its time (the bar goes on showing
                // it, marked once it is old) and is not tried again before --max-age has passed.
                if var old = previous[LineKey(symbol: r.symbol, asked: asked)], !old.price.isEmpty {
                    old.fetched = now.secondsSinceEpoch
                    old.error = reason
                    return old
                }
                // A symbol the source does not know, where each symbol costs a request (Alpha
                // Vantage: 25 a day), is held back as `watch` holds it (`UnknownSymbolHold`): a
                // typo on the bar would otherwise be asked every --max-age.
                var askAgain: Int64 = 0
                if holdsUnknown, r.error?.isUnknownSymbol == true {
                    let old = previous[LineKey(symbol: r.symbol, asked: asked)]
                    let lastWait = old.flatMap { $0.closedUntil > $0.fetched ? $0.closedUntil - $0.fetched : nil }
                    askAgain = now.secondsSinceEpoch + UnknownSymbolHold.wait(after: lastWait)
                }
                return LineQuote(
                    symbol: r.symbol, asked: asked, fetched: now.secondsSinceEpoch, price: "", change: "",
                    changePercent: "", currency: "", closedUntil: askAgain, error: reason)
            }
            let market = QuoteFacts.marketStatus(of: s, now: now)
            var closedUntil: Int64 = 0
            if market.report.status == .closed, let next = market.next, next.kind == .opens {
                closedUntil = next.at.secondsSinceEpoch
            }
            return LineQuote(
                symbol: r.symbol, asked: asked, source: s.source, fetched: now.secondsSinceEpoch,
                price: last.description, change: s.price.change?.description ?? "",
                changePercent: s.price.changePercent?.description ?? "", currency: s.currency?.code ?? "",
                decimals: s.priceDecimals, recorded: s.recordedAt != nil, closedUntil: closedUntil, error: "",
                traded: s.price.lastTrade?.secondsSinceEpoch ?? 0,
                trading: market.report.status == .open || market.report.status == .delayed)
        }
        // The clock as they are stored, on the settings' clock (one second of slack: `fetched`
        // is in whole seconds).
        cache.store(quotes, now: now.secondsSinceEpoch + Int64((clock.now() - started).rounded(.up)) + 1)
        return quotes
    }
}
