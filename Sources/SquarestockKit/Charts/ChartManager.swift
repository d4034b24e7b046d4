import SquarestockCore
import SquarestockNetworking
import SquarestockServices

/// One symbol's history for `SquarestockApp.chart` (the facade): validates the symbol, asks one
/// history source for it, cuts the answer to the range and finds the previous close (from the
/// source's own report, or the session before the range in the same history).
public struct ChartManager: Sendable {
    package let source: HistorySource
    package let transport: HTTPTransport
    package let context: SourceContext

    package init(source: HistorySource, transport: HTTPTransport, context: SourceContext) {
        self.source = source
        self.transport = transport
        self.context = context
    }

    /// The symbol as shown (upper-cased, or sanitised when invalid) and the data or the reason.
    public func chart(symbol raw: String, range: ChartRange) -> (
        symbol: String, result: Result<ChartData, HistoryError>
    ) {
        let symbol: String
        switch SymbolSyntax.normalize(raw) {
        case .success(let s): symbol = s
        case .failure(let e): return (TerminalText.visible(raw), .failure(.response(e)))
        }
        let result = source.history(symbol: symbol, range: range, context: context, transport: transport).flatMap {
            fetched in
            ChartManager.data(symbol: symbol, range: range, fetched: fetched)
        }
        return (symbol, result)
    }

    /// The range's part of `fetched` (`FetchedHistory.chartData`); an error when it holds no price at all.
    package static func data(symbol: String, range: ChartRange, fetched: FetchedHistory) -> Result<
        ChartData, HistoryError
    > {
        fetched.chartData(symbol: symbol, range: range)
    }
}
