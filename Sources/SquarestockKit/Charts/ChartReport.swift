import SquarestockCore

/// A chart's data and the notes that go with it.
public struct ChartReport: Sendable {
    public var data: ChartData
    /// Why the fallback skipped a source: printed to standard error, as for quotes.
    public var skipNotes: [String]
    /// The other notes, shown under the chart.
    public var notes: [String]
}

/// Why there is no chart, with the message and exit status the command reports.
public enum ChartFailure: Error, Sendable {
    /// The source serves no history at all.
    case noHistory(source: String)
    /// An intraday range from a source without intraday history.
    case noIntradayHistory(source: String)
    /// The fetch failed, or the range holds no price; `symbol` as shown.
    case fetch(symbol: String, HistoryError)
    /// The source knows no such symbol, and the symbol directory has a close one
    /// (`AAPL (Apple Inc.)`), as `quote` suggests it.
    case unknown(symbol: String, HistoryError, suggestion: String)

    public var message: String {
        switch self {
        case .noHistory(let source): return "\(source) has no history; use another --source"
        case .noIntradayHistory(let source):
            return "\(source) has no intraday history; use --range 1mo or longer, or another --source"
        case .fetch(let symbol, let e): return e.message(symbol: symbol)
        case .unknown(let symbol, let e, let suggestion):
            return e.message(symbol: symbol) + "; did you mean \(TerminalText.stripControls(suggestion))?"
        }
    }

    /// Usage for what the source cannot do; else 3 when the service failed, 1 for this symbol.
    public var exitStatus: ExitStatus {
        switch self {
        case .noHistory, .noIntradayHistory: return .usage
        case .fetch(_, let e), .unknown(_, let e, _): return e.isServiceLevel ? .nothingFetched : .someFailed
        }
    }
}
