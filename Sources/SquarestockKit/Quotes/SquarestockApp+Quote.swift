import SquarestockCore
import SquarestockNetworking
import SquarestockSearch
import SquarestockServices

extension SquarestockApp {
    /// The symbols last quoted, newest first (`squarestock recent`).
    public var recentSymbols: [String] { RecentSymbols(environment: settings.environment).load() }

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
    public func quote(_ symbols: [String], currency: String?) -> QuoteReport {
        let context = settings.sourceContext
        let recorder = RecordingTransport(transport)
        let manager = StockManager(source: settings.quoteSource, transport: recorder, context: context)
        var results = SymbolSuggester.annotate(manager.quotes(for: symbols)) {
            try? SymbolDirectoryStore(environment: settings.environment).loadIndex().get()
        }
        RecentSymbols(environment: settings.environment).remember(results.compactMap { $0.stock?.company.symbol })
        if let target = currency ?? settings.currency {
            results = CurrencyConversion.convert(results, to: target, manager: manager)
        }
        var notes: [String] = []
        for r in results {
            for note in r.stock?.notes ?? [] where note.hasPrefix(FallbackSource.skipPrefix) && !notes.contains(note) {
                notes.append(note)
            }
        }
        return QuoteReport(
            results: results, now: context.now,
            requestLog: recorder.entries.map { "request" + Doctor.entryLine($0).dropFirst(3) }, skipNotes: notes)
    }
}
