import SquarestockCore
import SquarestockNetworking

/// `GET /products/{id}/book?level=2`: `{"bids":[[price, size, num-orders]], "asks":[...],
/// "sequence":N, "time":"..."}` (no `time` in 2022), best first on both sides.
package enum CoinbaseBookDecoder {
    package static func book(_ response: HTTPResponse, pair: TradingPair) -> Result<OrderBook, QuoteError> {
        CoinbaseResponse.json(response).flatMap { body in
            guard let bids = levels(body["bids"]), let asks = levels(body["asks"]) else {
                return .failure(CoinbaseResponse.malformed("a book level is not [price, size, orders]"))
            }
            return .success(
                OrderBook(
                    pair: pair, bids: bids, asks: asks,
                    time: body["time"]?.string.flatMap { EpochTime(rfc3339: $0)?.instant },
                    sequence: body["sequence"]?.int64))
        }
    }

    package static func levels(_ value: JSONValue?) -> [BookLevel]? {
        guard let rows = value?.array else { return nil }
        var out: [BookLevel] = []
        out.reserveCapacity(rows.count)
        for row in rows {
            guard let price = CoinbaseResponse.decimal(row[0]), let size = CoinbaseResponse.decimal(row[1]) else {
                return nil
            }
            let orders = row[2]?.int64.flatMap { $0 >= 0 && $0 <= Int64(Int32.max) ? Int($0) : nil }
            out.append(BookLevel(price: price, size: size, orders: orders))
        }
        return out
    }
}
