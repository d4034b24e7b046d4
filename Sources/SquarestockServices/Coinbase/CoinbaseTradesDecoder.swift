import SquarestockCore
import SquarestockNetworking

/// `GET /products/{id}/trades?limit=N`: `[{"trade_id","side","size","price","time"}]`, newest
/// first. `side` is the **maker's** side on this REST endpoint (a resting sell order hit by a
/// buyer reads `sell`), so it is flipped: every tape in squarestock shows the taker's side.
package enum CoinbaseTradesDecoder {
    package static func trades(_ response: HTTPResponse) -> Result<[MarketTrade], QuoteError> {
        CoinbaseResponse.json(response).flatMap { body in
            guard let rows = body.array else { return .failure(CoinbaseResponse.malformed("trades is not a list")) }
            var out: [MarketTrade] = []
            out.reserveCapacity(rows.count)
            for row in rows {
                guard let price = CoinbaseResponse.decimal(row["price"]),
                    let size = CoinbaseResponse.decimal(row["size"]),
                    let time = row["time"]?.string.flatMap(EpochTime.init(rfc3339:))
                else { return .failure(CoinbaseResponse.malformed("a trade has no price, size or time")) }
                let maker = row["side"]?.string.flatMap(TradeSide.init(rawValue:))
                out.append(
                    MarketTrade(
                        time: time.instant, nanoseconds: time.nanoseconds, side: maker?.opposite, price: price,
                        size: size,
                        id: CoinbaseResponse.identifier(row["trade_id"])))
            }
            return .success(out)
        }
    }
}
