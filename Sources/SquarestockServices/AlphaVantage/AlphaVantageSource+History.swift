import SquarestockCore
import SquarestockNetworking

/// Alpha Vantage's history as CSV: TIME_SERIES_DAILY for dated ranges and `max`, and for `1d`/`5d`
/// TIME_SERIES_INTRADAY at 5 minutes (regular hours only) with the daily series beside it for
/// the previous closes. `outputsize=full` (needed beyond the compact 100 bars) is a premium
/// feature on some functions; when refused, the free compact series is charted with a note.
extension AlphaVantageSource: HistorySource {
    package func history(symbol: String, range: ChartRange, context: SourceContext, transport: HTTPTransport) -> Result<
        FetchedHistory, HistoryError
    > {
        guard let key = context.setting(AlphaVantageService.apiKey) else { return .failure(.response(missingKey)) }
        return AlphaVantageSymbol.ticker(for: symbol, registry: context.registry).mapError(HistoryError.response)
            .flatMap { ticker in
                let known = AlphaVantageSymbol.exchange(symbol: ticker, region: nil, registry: context.registry)
                return HistoryVenue.resolve(symbol: symbol, registry: context.registry, exchange: known, source: name)
                    .flatMap { venue in
                        history(
                            symbol: symbol, ticker: ticker, key: key, venue: venue, range: range, context: context,
                            transport: transport)
                    }
            }
    }

    func history(
        symbol: String, ticker: String, key: String, venue: HistoryVenue, range: ChartRange, context: SourceContext,
        transport: HTTPTransport
    ) -> Result<FetchedHistory, HistoryError> {
        let interval: HistoryInterval = range.isIntraday ? .minutes(5) : .daily
        // The compact series holds 100 bars: a day of 5-minute bars, or about 4.8 months of days.
        let full = ![ChartRange.day1, .month1, .month3].contains(range)
        let symbolParam = "symbol=" + Endpoint.encode(ticker)
        func request(full: Bool) -> HTTPRequest {
            let size = "&outputsize=" + (full ? "full" : "compact")
            if range.isIntraday {
                return HTTPRequest(
                    url: url(
                        "TIME_SERIES_INTRADAY", symbolParam + "&interval=5min" + size + "&extended_hours=false",
                        key: key, context: context))
            }
            return HTTPRequest(url: url("TIME_SERIES_DAILY", symbolParam + size, key: key, context: context))
        }
        let dailyForCloses = HTTPRequest(
            url: url("TIME_SERIES_DAILY", symbolParam + "&outputsize=compact", key: key, context: context))
        var responses = transport.perform(
            range.isIntraday ? [request(full: full), dailyForCloses] : [request(full: full)])
        func decode(_ r: Result<HTTPResponse, TransportError>, _ i: HistoryInterval) -> Result<
            HistorySeries, HistoryError
        > {
            r.mapError { HistoryError.response(.transport(source: name, $0)) }.flatMap {
                AlphaVantageTimeSeriesDecoder.decode($0, symbol: symbol, zone: venue.zone, interval: i, apiKey: key)
            }
        }
        var main = decode(responses[0], interval)
        var shortened = false
        if full, case .failure(let e) = main, case .serviceInformation(_, let message) = e, !e.isRateLimit,
            message.contains("premium")
        {
            responses[0] = transport.perform(request(full: false))
            main = decode(responses[0], interval)
            shortened = true
        }
        return main.map { series in
            var fetched = venue.fetched(series, source: name)
            if shortened {
                fetched.notes.append(
                    .remark(
                        "Alpha Vantage sends free keys only its compact series (outputsize=full is premium), so the chart may start late"
                    ))
            }
            if responses.count > 1 {
                switch decode(responses[1], .daily) {
                case .success(let d):
                    fetched.previousCloses = FetchedHistory.closes(before: series.sessions, daily: d.bars)
                case .failure(let e): fetched.notes.append(.remark("previous close unavailable: " + e.detail))
                }
            }
            return fetched
        }
    }
}
