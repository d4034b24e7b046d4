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
        let now = context.now
        let result = source.history(symbol: symbol, range: range, context: context, transport: transport).flatMap {
            fetched in
            ChartManager.data(symbol: symbol, range: range, fetched: fetched).map { Self.dated($0, now: now) }
        }
        return (symbol, result)
    }

    /// `data` with a note when its newest bar is older than the range's bars can be without
    /// news (a long weekend for intraday bars, two weeks for daily, two months for weekly or
    /// monthly): a service answering with an old series is otherwise shown as today's chart,
    /// its axis naming months without a year. A recording says so already.
    package static func dated(_ data: ChartData, now: Instant) -> ChartData {
        guard let last = data.series.bars.last,
            !data.notes.contains(where: { $0.text.hasPrefix("recorded") })
        else { return data }
        let limit: Int64
        switch data.series.interval {
        case .minutes: limit = 4 * 86_400
        case .daily: limit = 14 * 86_400
        case .weekly, .monthly: limit = 62 * 86_400
        }
        let age = now.seconds(since: last.time)
        guard age > limit else { return data }
        var dated = data
        dated.notes.append(
            .remark(
                "the newest bar is of \(last.session) (\(AgeFormatter.describe(seconds: age)) ago): the source sent no later one"
            ))
        return dated
    }

    /// The range's part of `fetched` (`FetchedHistory.chartData`); an error when it holds no price at all.
    package static func data(symbol: String, range: ChartRange, fetched: FetchedHistory) -> Result<
        ChartData, HistoryError
    > {
        fetched.chartData(symbol: symbol, range: range)
    }
}
