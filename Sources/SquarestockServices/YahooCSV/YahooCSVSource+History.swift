import SquarestockCore
import SquarestockNetworking

/// The legacy Yahoo history CSVs, as mirrors and archives still serve them: `table.csv` from
/// `ichart.finance.yahoo.com` (months 0-based in `a`/`d`, newest first), and when a host has no
/// table.csv (HTTP 404), the later `/v7/finance/download/SYM?period1=...&period2=...` on the same
/// host. Daily bars (weekly for `max`); no intraday history at all.
extension YahooCSVSource: HistorySource {
    package var hasIntradayHistory: Bool { false }

    package func history(symbol: String, range: ChartRange, context: SourceContext, transport: HTTPTransport) -> Result<
        FetchedHistory, HistoryError
    > {
        if let e = unsupported(range) { return .failure(e) }
        return HistoryVenue.resolve(symbol: symbol, registry: context.registry, source: name).flatMap { venue in
            let interval: HistoryInterval = range == .max ? .weekly : .daily
            let start = range.fetchStart(today: context.now.utc.date)
            let end = ChartRange.fetchEnd(now: context.now)
            let decoded: Result<HistorySeries, HistoryError>
            switch transport.perform(
                HTTPRequest(url: tableURL(symbol, start: start, end: end, interval: interval, context: context)))
            {
            case .failure(let e):
                decoded = .failure(.response(.transport(source: name, e)))
            case .success(let r) where r.status == 404:
                decoded = transport.perform(
                    HTTPRequest(url: downloadURL(symbol, start: start, end: end, interval: interval, context: context))
                )
                .mapError { HistoryError.response(.transport(source: name, $0)) }
                .flatMap {
                    YahooHistoryCSVDecoder.decode(
                        $0, layout: .download, symbol: symbol, zone: venue.zone, interval: interval)
                }
            case .success(let r):
                decoded = YahooHistoryCSVDecoder.decode(
                    r, layout: .table, symbol: symbol, zone: venue.zone, interval: interval)
            }
            return decoded.map { venue.fetched($0, source: name) }
        }
    }

    /// `table.csv?s=SYM&a=M0&b=D&c=Y&d=M0&e=D&f=Y&g=d&ignore=.csv`; without a start for `max`.
    func tableURL(
        _ symbol: String, start: CivilDate?, end: CivilDate, interval: HistoryInterval, context: SourceContext
    ) -> String {
        var url = "https://ichart.finance.yahoo.com/table.csv?s=" + Endpoint.encode(symbol)
        if let start { url += "&a=\(start.month - 1)&b=\(start.day)&c=\(start.year)" }
        url += "&d=\(end.month - 1)&e=\(end.day)&f=\(end.year)&g=" + (interval == .weekly ? "w" : "d") + "&ignore=.csv"
        return context.url(url)
    }

    /// `/v7/finance/download/SYM?period1=EPOCH&period2=EPOCH&interval=1d&events=history`.
    func downloadURL(
        _ symbol: String, start: CivilDate?, end: CivilDate, interval: HistoryInterval, context: SourceContext
    ) -> String {
        let p1 = start.map { $0.daysSinceEpoch * 86_400 } ?? 0
        let p2 = end.daysSinceEpoch * 86_400
        return context.url(
            "https://query1.finance.yahoo.com/v7/finance/download/" + Endpoint.encode(symbol)
                + "?period1=\(p1)&period2=\(p2)&interval=" + interval.description + "&events=history")
    }
}
