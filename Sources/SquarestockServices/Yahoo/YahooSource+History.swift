import SquarestockCore
import SquarestockNetworking

/// Yahoo's history: one `/v8/finance/chart/SYM?range=...&interval=...` request, which needs no
/// crumb, only a browser-like User-Agent; a cached session's cookies are sent when there is one
/// (as a browser would), but no session is made for it.
extension YahooSource: HistorySource {
    package func history(symbol: String, range: ChartRange, context: SourceContext, transport: HTTPTransport) -> Result<
        FetchedHistory, HistoryError
    > {
        let interval = range.preferredInterval
        let request = historyRequest(symbol, range: range, context: context)
        return transport.perform(request).mapError { HistoryError.response(.transport(source: name, $0)) }.flatMap {
            YahooChartHistory.fetched(
                $0, symbol: symbol, registry: context.registry, requested: interval, sourceName: name)
        }
    }

    /// `range` is Yahoo's own (`1d` ... `max`, `ytd`), `interval` the range's preferred bar.
    func historyRequest(_ symbol: String, range: ChartRange, context: SourceContext) -> HTTPRequest {
        var url =
            "https://query1.finance.yahoo.com/v8/finance/chart/"
            + Endpoint.encode(YahooTicker.wire(symbol, registry: context.registry))
            + "?range=" + range.rawValue + "&interval=" + range.preferredInterval.description
        if range.isIntraday { url += "&includePrePost=false" }
        var headers = ["User-Agent: " + context.yahooUserAgent, "Accept: application/json"]
        if let session = YahooSessionStore(cacheDirectory: context.cacheDirectory).load(
            origin: YahooSession.origin(endpoint: context.endpoint)),
            session.isUsable(now: context.now),
            let cookie = session.cookies.headerLine
        {
            headers.append(cookie)
        }
        return HTTPRequest(url: context.url(url), headers: headers, reuseFor: 240)
    }
}
