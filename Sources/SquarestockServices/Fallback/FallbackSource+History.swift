import SquarestockCore
import SquarestockNetworking

/// `--source auto` for history: the same chain as for quotes, with the same rule. The symbol
/// moves to the next source only when the earlier one failed as a service (blocked, down, rate
/// limited), never when it said the symbol is unknown; sources without intraday bars are passed
/// over for `1d` and `5d`. The result notes why an earlier source was skipped.
extension FallbackSource: HistorySource {
    package func history(symbol: String, range: ChartRange, context: SourceContext, transport: HTTPTransport) -> Result<
        FetchedHistory, HistoryError
    > {
        let answer = chainHistory(symbol: symbol, range: range, context: context, transport: transport)
        guard case .failure(let why) = answer, let exchangeFallback, TradingPair(symbol: symbol) != nil else {
            return answer
        }
        // A crypto pair the chain could not chart: the exchange's candles, when it lists the pair.
        guard
            case .success(var fetched) = exchangeFallback.history(
                symbol: symbol, range: range, context: context, transport: transport)
        else { return answer }
        fetched.notes.insert(
            .fellBack(from: chain.last?.name ?? name, to: exchangeFallback.name, reason: why.detail), at: 0)
        return .success(fetched)
    }

    /// The chain alone, source by source.
    func chainHistory(symbol: String, range: ChartRange, context: SourceContext, transport: HTTPTransport) -> Result<
        FetchedHistory, HistoryError
    > {
        let sources = chain.compactMap { $0 as? HistorySource }.filter { !range.isIntraday || $0.hasIntradayHistory }
        var skipped: [StockNote] = []
        var last: Result<FetchedHistory, HistoryError> = .failure(.response(.missingFromResponse(source: name)))
        for (i, source) in sources.enumerated() {
            last = source.history(symbol: symbol, range: range, context: context, transport: transport)
            switch last {
            case .success(var fetched):
                fetched.notes.insert(contentsOf: skipped, at: 0)
                return .success(fetched)
            case .failure(let e):
                guard e.isServiceLevel, i < sources.count - 1 else { return last }
                skipped.append(.fellBack(from: source.name, to: sources[i + 1].name, reason: e.detail))
            }
        }
        return last
    }
}
