import SquarestockCore
import SquarestockNetworking
import SquarestockSearch
import SquarestockServices

extension SquarestockApp {
    /// The symbols last quoted, newest first (`squarestock recent`).
    public var recentSymbols: [String] { RecentSymbols(environment: settings.environment).load().map(\.symbol) }

    /// The source each recent symbol was quoted through, for quoting it again through the same
    /// (`quote(_:currency:sources:)`); symbols remembered without one are left out.
    public var recentSources: [String: String] {
        var out: [String: String] = [:]
        for e in RecentSymbols(environment: settings.environment).load() { out[e.symbol] = e.source }
        return out
    }

    /// Forgets them (`squarestock recent --clear`).
    public func clearRecentSymbols() { RecentSymbols(environment: settings.environment).clear() }

    /// Whether `word` is a symbol of the offline directory (for telling a mistyped command from
    /// a ticker).
    public func isListedSymbol(_ word: String) -> Bool {
        guard let index = try? SymbolDirectoryStore(environment: settings.environment).loadIndex().get() else {
            return false
        }
        return index.suggestion(forUnknownSymbol: word.uppercased())?.score == 100
    }

    /// `squarestock quote`: one result per symbol, with "did you mean" suggestions for unknown
    /// ones, converted to `currency` (else the config's) with FX quotes from the same source.
    /// A symbol named in `sources` (`recent`: the source it was last quoted through) is asked of
    /// that source instead of the settings' one.
    public func quote(_ symbols: [String], currency: String?, sources: [String: String] = [:]) -> QuoteReport {
        let context = settings.sourceContext
        let recorder = RecordingTransport(transport)
        // History the command has fetched once (a sparkline's bars, an FX pair's) is served
        // again rather than asked again when a later call of the same command needs it.
        let reused = WatchResponseCache(wrapping: recorder, clock: SystemMonotonicClock())
        let manager = StockManager(source: settings.quoteSource, transport: reused, context: context)
        // Symbols by the source to ask: the settings' one (named "") first, then the others by name.
        let groups = Dictionary(grouping: symbols.indices) { i -> String in
            guard let name = sources[symbols[i]], name != settings.sourceName,
                settings.catalog.quoteSource(named: name, context: context) != nil
            else { return "" }
            return name
        }
        var fetched = symbols.map { StockResult(symbol: $0, outcome: .failure(.missingFromResponse(source: "none"))) }
        var sourceOf = [String](repeating: settings.sourceName, count: symbols.count)
        for name in groups.keys.sorted() {
            let indices = groups[name] ?? []
            let asked =
                name.isEmpty
                ? manager
                : StockManager(
                    source: settings.catalog.quoteSource(named: name, context: context) ?? settings.quoteSource,
                    transport: reused, context: context)
            for (k, result) in asked.quotes(for: indices.map { symbols[$0] }).enumerated() where k < indices.count {
                fetched[indices[k]] = result
                if !name.isEmpty { sourceOf[indices[k]] = name }
            }
        }
        var results = SymbolSuggester.annotate(fetched) {
            try? SymbolDirectoryStore(environment: settings.environment).loadIndex().get()
        }
        RecentSymbols(environment: settings.environment).remember(
            results.indices.compactMap { i in
                results[i].stock.map { RecentSymbols.Entry(symbol: $0.company.symbol, source: sourceOf[i]) }
            })
        if let target = currency ?? settings.currency {
            results = CurrencyConversion.convert(results, to: target, manager: manager)
        }
        var skipNotes: [String] = []
        for r in results {
            for note in r.stock?.notes ?? [] {
                guard case .fellBack = note, !skipNotes.contains(note.text) else { continue }
                skipNotes.append(note.text)
            }
        }
        return QuoteReport(
            results: results, now: context.now,
            requestLog: recorder.entries.map { "request" + Doctor.entryLine($0).dropFirst(3) }, skipNotes: skipNotes)
    }
}
