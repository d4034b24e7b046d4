import SquarestockCore
import SquarestockNetworking

/// `GET /orders/{market}`: `{"success":"true","buy":{"0.02425501":"36.46986607",...},
/// "sell":{...}}`: levels are objects keyed by the price text, in no promised order, so they
/// are sorted here by exact value (bids highest first, asks lowest first).
package enum TradeOgreBookDecoder {
    package static func book(_ response: HTTPResponse, pair: TradingPair) -> Result<OrderBook, QuoteError> {
        TradeOgreResponse.json(response).flatMap { body in
            guard let bids = levels(body["buy"]), let asks = levels(body["sell"]) else {
                return .failure(TradeOgreResponse.malformed("a book side is not an object of price: quantity"))
            }
            return .success(
                OrderBook(
                    pair: pair, bids: bids.sorted { $0.price > $1.price }, asks: asks.sorted { $0.price < $1.price }))
        }
    }

    package static func levels(_ value: JSONValue?) -> [BookLevel]? {
        guard case .object(let members)? = value else { return value == nil ? [] : nil }
        var out: [BookLevel] = []
        out.reserveCapacity(members.count)
        for (price, size) in members {
            guard let p = ExactDecimal(price), let s = TradeOgreResponse.decimal(size) else { return nil }
            out.append(BookLevel(price: p, size: s))
        }
        return out
    }
}
