import SquarestockCore

/// What a history source sent for one symbol: the bars, and what it said about them besides.
///
/// The series is as received (oldest first, not yet cut to the range) so the sessions before the
/// range are still there to give the previous close.
package struct FetchedHistory: Sendable {
    /// Bars oldest first; `currency` set when the source or the exchange names it.
    package var series: HistorySeries
    /// Official closes the source reported apart from the bars, keyed by the session they precede:
    /// `previousCloses[d]` is the close of the session before `d` (Yahoo's `chartPreviousClose` and
    /// `previousClose`, or the daily bars fetched beside intraday ones).
    package var previousCloses: [CivilDate: ExactDecimal]
    /// The venue, for its trading hours and calendar; nil when the symbol's venue is not known.
    package var exchange: Exchange?
    /// Company or instrument name, when the source sends one.
    package var name: String?
    /// The source that answered.
    package var source: String
    /// Things the user should know (a recorded sample, a shortened series, a fallback).
    package var notes: [StockNote]

    package init(
        series: HistorySeries, previousCloses: [CivilDate: ExactDecimal] = [:], exchange: Exchange? = nil,
        name: String? = nil,
        source: String, notes: [StockNote] = []
    ) {
        self.series = series
        self.previousCloses = previousCloses
        self.exchange = exchange
        self.name = name
        self.source = source
        self.notes = notes
    }

    /// The close of the session before `session`: reported by the source, else the last close of
    /// an earlier session in the series itself when its bars are daily or longer (an intraday
    /// series' last bar is not the official close).
    package func previousClose(before session: CivilDate) -> ExactDecimal? {
        if let c = previousCloses[session] { return c }
        guard !series.interval.isIntraday else { return nil }
        return series.bars.last { $0.session < session && $0.close != nil }?.close
    }

    /// `previousCloses` for each session of `sessions`, from daily bars: the close of the last
    /// daily bar dated before it.
    static func closes(before sessions: [CivilDate], daily: HistoryBars) -> [CivilDate: ExactDecimal] {
        var out: [CivilDate: ExactDecimal] = [:]
        for s in sessions {
            if let c = daily.last(where: { $0.session < s && $0.close != nil })?.close { out[s] = c }
        }
        return out
    }
}

extension FetchedHistory {
    /// The range's part of the history, as a chart shows it (`ChartManager`, the fuzz target
    /// `yahoo-chart-history`); an error when it holds no price at all.
    package func chartData(symbol: String, range: ChartRange) -> Result<ChartData, HistoryError> {
        let shown = range.trimmed(series)
        guard let first = shown.bars.first(where: { $0.close != nil }) else {
            return .failure(
                .unavailable(
                    source: source, what: "prices for --range \(range.rawValue)",
                    hint: range == .max ? "the symbol may be delisted" : "try a longer --range"))
        }
        return .success(
            ChartData(
                symbol: symbol, range: range, series: shown, previousClose: previousClose(before: first.session),
                exchange: exchange, name: name, source: source, notes: notes))
    }
}
