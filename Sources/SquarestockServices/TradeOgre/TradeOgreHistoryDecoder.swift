import SquarestockCore
import SquarestockNetworking

/// `GET /history/{market}`: the last 100 trades, `[{"date","type":"buy|sell","price",
/// "quantity"}]`, oldest first in the recordings; `date` is unix seconds, a number in 2018 and a
/// string in 2024. `type` is taken as the taker's side (what ccxt does); several trades share a
/// second. Returned newest first.
package enum TradeOgreHistoryDecoder {
    package static func trades(_ response: HTTPResponse) -> Result<[MarketTrade], QuoteError> {
        TradeOgreResponse.json(response).flatMap { body in
            guard let rows = body.array else { return .failure(TradeOgreResponse.malformed("history is not a list")) }
            var out: [MarketTrade] = []
            out.reserveCapacity(rows.count)
            for row in rows.reversed() {
                let date: Instant? =
                    switch row["date"] {
                    case .number?: row["date"]?.epochInstant
                    case .string(let s)?: EpochTime(text: s)?.instant
                    default: nil
                    }
                guard let date, let price = TradeOgreResponse.decimal(row["price"]),
                    let size = TradeOgreResponse.decimal(row["quantity"])
                else { return .failure(TradeOgreResponse.malformed("a trade has no date, price or quantity")) }
                out.append(
                    MarketTrade(
                        time: date, side: row["type"]?.string.flatMap(TradeSide.init(rawValue:)), price: price,
                        size: size))
            }
            return .success(out)
        }
    }
}
