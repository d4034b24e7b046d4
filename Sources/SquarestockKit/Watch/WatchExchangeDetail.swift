import SquarestockCore
import SquarestockNetworking
import SquarestockServices

/// What an exchange's watch row needs beyond its ticker: the ticker carries no intraday points
/// (and Kraken's no trade time), yet the exchange serves both, so a row of `--source kraken`
/// showed "no intraday data" and no last trade. The day's 5-minute candles (since 00:00 UTC, the
/// day a 24/7 market's sparkline spans; the response cache keeps Kraken's a few minutes) become
/// the intraday points, and the newest trade gives the time when the ticker has none (one
/// request a symbol a refresh, once a minute by default). What cannot be fetched leaves the row
/// as the ticker made it. Every row's requests go out together (`RequestPrefetch`), not one row
/// after another: a refresh of 50 pairs takes a round trip or two, not 100.
enum WatchExchangeDetail {
    static func fill(
        _ results: [StockResult], source: ExchangeSource, context: SourceContext, transport: any HTTPTransport
    ) -> [StockResult] {
        guard results.contains(where: { $0.stock != nil }) else { return results }
        let directoryRequest = ExchangeRequest(context: context, transport: transport)
        guard case .success(let directory) = ExchangeMarkets.directory(source.adapter, directoryRequest) else {
            return results
        }
        return RequestPrefetch.run(through: transport) { batched in
            fill(
                results, source: source, directory: directory,
                request: ExchangeRequest(context: context, transport: batched))
        }
    }

    private static func fill(
        _ results: [StockResult], source: ExchangeSource, directory: PairDirectory, request: ExchangeRequest
    ) -> [StockResult] {
        let now = request.context.now.secondsSinceEpoch
        let dayStart = Instant(secondsSinceEpoch: now - ((now % 86_400) + 86_400) % 86_400)
        let day = dayStart...dayStart.adding(seconds: 86_400)
        return results.map { r in
            guard var stock = r.stock, case .success(let listing) = directory.resolve(r.symbol) else { return r }
            if stock.intraday.isEmpty,
                case .success(let series) = source.adapter.candles(
                    listing, interval: .minutes(5), since: dayStart, request)
            {
                let points = series.candles.filter { day.contains($0.time) }.map { c in
                    IntradayPoint(
                        time: Instant(secondsSinceEpoch: min(c.time.secondsSinceEpoch + series.seconds, now)),
                        price: c.close)
                }
                if !points.isEmpty {
                    stock.intraday = points
                    stock.session = day
                    stock.intradayUnavailable = nil
                }
            }
            if stock.price.lastTrade == nil,
                case .success(let trades) = source.adapter.trades(listing, limit: 1, request),
                let newest = trades.map(\.time).max()
            {
                stock.price.lastTrade = newest
            }
            var filled = r
            filled.outcome = .success(stock)
            return filled
        }
    }
}
