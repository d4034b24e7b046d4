import SquarestockCore
import SquarestockNetworking

/// A service that can send a symbol's price history, for `squarestock chart`.
///
/// The quote sources adopt it in extensions beside this file, so one `--source` name means the
/// same service for quotes and charts. Each asks its service for the bars that suit the range
/// (`ChartRange.preferredInterval` where the service can, plus a few sessions before the range for
/// the previous close) and hands back the series untrimmed; `ChartManager` cuts it to the range.
package protocol HistorySource: Sendable {
    /// The name users pass to `--source`.
    var name: String { get }
    /// Whether the service has intraday bars at all (`1d` and `5d` need them).
    var hasIntradayHistory: Bool { get }
    /// The history of one symbol, already validated and upper-cased.
    func history(symbol: String, range: ChartRange, context: SourceContext, transport: HTTPTransport) -> Result<
        FetchedHistory, HistoryError
    >
}

extension HistorySource {
    package var hasIntradayHistory: Bool { true }

    /// The error for a range the source cannot serve, or nil.
    func unsupported(_ range: ChartRange) -> HistoryError? {
        guard range.isIntraday, !hasIntradayHistory else { return nil }
        return .unavailable(
            source: name, what: "intraday history", hint: "use --range 1mo or longer, or another --source")
    }
}
