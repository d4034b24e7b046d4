import SquarestockCore
import SquarestockNetworking

/// A Coinbase ticker is two answers: `/products/{id}/ticker` (`ask`, `bid`, `price`, `size`,
/// `volume`, `time` of the last trade) and `/products/{id}/stats` (rolling 24 h `open`, `high`,
/// `low`, `last`, `volume`). The change is measured from `stats.open`, the price 24 hours ago.
package enum CoinbaseTickerDecoder {
    package static func ticker(pair: TradingPair, ticker: HTTPResponse, stats: HTTPResponse?) -> Result<
        ExchangeTicker, QuoteError
    > {
        CoinbaseResponse.json(ticker).flatMap { t in
            guard case .object = t else { return .failure(CoinbaseResponse.malformed("the ticker is not an object")) }
            var out = ExchangeTicker(
                pair: pair, last: CoinbaseResponse.decimal(t["price"]), lastSize: CoinbaseResponse.decimal(t["size"]),
                bid: CoinbaseResponse.decimal(t["bid"]), ask: CoinbaseResponse.decimal(t["ask"]),
                changeBasis: .rolling24h, volume: CoinbaseResponse.decimal(t["volume"]),
                lastTradeTime: t["time"]?.string.flatMap { EpochTime(rfc3339: $0)?.instant })
            if out.last == nil { out.unreadableLast = ExchangePriceCheck.unreadable(t["price"]) }
            // Without stats the quote still stands, only without its 24 h range and change.
            if let stats, case .success(let s) = CoinbaseResponse.json(stats) {
                out.reference = CoinbaseResponse.decimal(s["open"])
                out.high = CoinbaseResponse.decimal(s["high"])
                out.low = CoinbaseResponse.decimal(s["low"])
                out.volume = CoinbaseResponse.decimal(s["volume"]) ?? out.volume
            }
            return .success(out)
        }
    }
}
