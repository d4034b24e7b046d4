import SquarestockCore
import SquarestockNetworking

/// Stooq's history from `/q/d/l/`: daily bars (`i=d`) limited by `d1`/`d2` for dated ranges,
/// weekly bars (`i=w`) for `max`, and for `1d`/`5d` the 5-minute bars (`i=5`, a few days deep)
/// with three weeks of daily bars beside them for the previous closes, in one concurrent batch.
extension StooqSource: HistorySource {
    package func history(symbol: String, range: ChartRange, context: SourceContext, transport: HTTPTransport) -> Result<
        FetchedHistory, HistoryError
    > {
        StooqSymbol.ticker(for: symbol, registry: context.registry).mapError(HistoryError.response).flatMap { ticker in
            HistoryVenue.resolve(symbol: symbol, registry: context.registry, source: name).flatMap { venue in
                history(
                    symbol: symbol, ticker: ticker, venue: venue, range: range, context: context, transport: transport)
            }
        }
    }

    func history(
        symbol: String, ticker: String, venue: HistoryVenue, range: ChartRange, context: SourceContext,
        transport: HTTPTransport
    ) -> Result<FetchedHistory, HistoryError> {
        let end = ChartRange.fetchEnd(now: context.now)
        let start = range.fetchStart(today: context.now.utc.date)
        let daily = historyRequest(ticker, interval: "d", from: start, to: end, context: context)
        let (requests, interval): ([HTTPRequest], HistoryInterval)
        switch range {
        case .day1, .day5:
            (requests, interval) = (
                [historyRequest(ticker, interval: "5", from: nil, to: nil, context: context), daily],
                .minutes(5)
            )
        case .max:
            (requests, interval) = (
                [historyRequest(ticker, interval: "w", from: nil, to: nil, context: context)], .weekly
            )
        default: (requests, interval) = ([daily], .daily)
        }
        let responses = transport.perform(requests)
        func decode(_ k: Int, _ i: HistoryInterval) -> Result<HistorySeries, HistoryError> {
            responses[k].mapError { HistoryError.response(.transport(source: name, $0)) }.flatMap {
                StooqHistoryDecoder.decode($0, symbol: symbol, zone: venue.zone, interval: i)
            }
        }
        return decode(0, interval).map { series in
            var fetched = venue.fetched(series, source: name)
            if responses.count > 1 {
                switch decode(1, .daily) {
                case .success(let d):
                    fetched.previousCloses = FetchedHistory.closes(before: series.sessions, daily: d.bars)
                case .failure(let e): fetched.notes.append(.remark("previous close unavailable: " + e.detail))
                }
            }
            return fetched
        }
    }
}
