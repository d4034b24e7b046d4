import Foundation

/// The Coinbase replay with one pair priced in satoshis, DASH-BTC (`quote_increment` 0.00000001 in
/// the recorded product list): its ticker and stats are the recorded BTC-USD bodies' shape with
/// DASH-BTC's prices, 0.00619345 up 0.00016993 on the day, the numbers a view rounding to 4
/// decimals showed as `0.0062` and `+0.0002`.
public enum CoinbaseSmallPriceReplay {
    public static func server() throws -> LoopbackHTTPServer {
        let routes = CoinbaseReplay.routes()
        routes.add(
            path: "/products/DASH-BTC/ticker",
            response: CoinbaseReplay.json(
                Array(
                    (#"{"ask":"0.00619400","bid":"0.00619345","volume":"1523.118","trade_id":44216207,"price":"0.00619345","#
                        + #""size":"0.412","time":"2026-06-19T16:43:33.016274911Z"}"#).utf8)))
        routes.add(
            path: "/products/DASH-BTC/stats",
            response: CoinbaseReplay.json(
                Array(
                    (#"{"open":"0.00602352","high":"0.00625","low":"0.006","last":"0.00619345","volume":"1523.118","#
                        + #""volume_30day":"40112.5"}"#).utf8)))
        return try CoinbaseReplay.server(routes: routes)
    }
}
