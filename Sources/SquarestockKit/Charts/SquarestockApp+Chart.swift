import SquarestockCore
import SquarestockSearch
import SquarestockServices

extension SquarestockApp {
    /// `squarestock chart`: the range's bars of one symbol from the configured source.
    public func chart(_ symbol: String, range: ChartRange) -> Result<ChartReport, ChartFailure> {
        let quoteSource = settings.quoteSource
        // Every source of the catalog serves history too.
        guard let source = ServiceCatalog.history(of: quoteSource) else {
            return .failure(.noHistory(source: quoteSource.name))
        }
        if range.isIntraday && !source.hasIntradayHistory { return .failure(.noIntradayHistory(source: source.name)) }
        // The history answer is kept for the command: asking the quote source below whether it
        // knows the symbol re-serves the bars it needs instead of fetching them again.
        let transport = WatchResponseCache(wrapping: self.transport, clock: SystemMonotonicClock())
        let manager = ChartManager(source: source, transport: transport, context: settings.sourceContext)
        let (shown, result) = manager.chart(symbol: symbol, range: range)
        switch result {
        case .success(let data):
            var skipNotes: [String] = []
            var notes: [String] = []
            for note in data.notes {
                if case .fellBack = note { skipNotes.append(note.text) } else { notes.append(note.text) }
            }
            return .success(ChartReport(data: data, skipNotes: skipNotes, notes: notes))
        case .failure(let e):
            // "Unknown symbol" from the history service for a symbol the same source quotes is
            // not a spelling mistake: say that it has no history for it, not "check the spelling".
            // Only whether it quotes the symbol counts: no day of points is asked for.
            if case .response(let q) = e, q.isUnknownSymbol,
                StockManager(source: quoteSource, transport: transport, context: settings.sourceContext.quotesAlone)
                    .quotes(for: [shown]).first?.stock != nil
            {
                return .failure(
                    .fetch(
                        symbol: shown,
                        .unavailable(
                            source: source.name, what: "history for \(shown), though it quotes it",
                            hint: "try another --range, or another --source")))
            }
            // Neither: the quote's "no quote for this symbol" wording would say the wrong thing
            // of a chart.
            if case .response(.noData(let name)) = e {
                return .failure(
                    .fetch(
                        symbol: shown,
                        .unavailable(
                            source: name, what: "history for \(shown) (its answer holds no data for it)",
                            hint: "check the spelling or the exchange suffix (e.g. .L, .DE, .T)")))
            }
            // Unknown to the source: "did you mean" from the symbol directory, as `quote` says it.
            if case .response(let q) = e, q.meansUnknownSymbol,
                let index = try? SymbolDirectoryStore(environment: settings.environment).loadIndex().get(),
                let suggestion = SymbolSuggester.suggestion(for: shown, in: index)
            {
                return .failure(.unknown(symbol: shown, e, suggestion: suggestion))
            }
            return .failure(.fetch(symbol: shown, e))
        }
    }
}
