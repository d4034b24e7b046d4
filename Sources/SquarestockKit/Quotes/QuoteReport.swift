import SquarestockCore

/// What `squarestock quote` prints: the results and what goes to standard error about them.
public struct QuoteReport: Sendable {
    /// One per requested symbol, in order: suggestions added, converted when asked.
    public var results: [StockResult]
    /// The moment the quotes are shown at.
    public var now: Instant
    /// One line per request made (`request    URL  HTTP 200, ...`), for `--verbose`.
    public var requestLog: [String]
    /// Why the fallback skipped a source, each once, in first-seen order.
    public var skipNotes: [String]

    /// Each price left in its own currency when another was asked for, with its symbol: said on
    /// standard error whatever the format, and then the run is no success.
    public var conversionFailures: [(symbol: String, note: String)] {
        results.flatMap { r in
            (r.stock?.notes ?? []).compactMap { note in
                guard case .notConverted = note else { return nil }
                return (r.symbol, note.text)
            }
        }
    }

    /// 0 all quoted, 1 some failed, 3 none.
    public var status: ExitStatus { ExitStatus.forResults(results) }
}
