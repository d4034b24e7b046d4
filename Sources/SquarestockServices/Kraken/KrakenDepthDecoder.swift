import SquarestockCore
import SquarestockNetworking

/// `GET /0/public/Depth?pair=XBTUSD&count=N`: `{"XXBTZUSD":{"asks":[[price, volume, time]],
/// "bids":[...]}}`, asks ascending and bids descending; the time is when the level last changed.
package enum KrakenDepthDecoder {
    package static func book(_ response: HTTPResponse, pair: TradingPair) -> Result<OrderBook, QuoteError> {
        KrakenEnvelope.result(response).flatMap { result in
            KrakenPairAnswer.only(result, "Depth").flatMap { sides in
                guard let bids = levels(sides["bids"]), let asks = levels(sides["asks"]) else {
                    return .failure(
                        .malformed(
                            source: KrakenEnvelope.source, line: 1, column: 1,
                            detail: "a Depth level is not [price, volume, time]"))
                }
                return .success(OrderBook(pair: pair, bids: bids, asks: asks))
            }
        }
    }

    /// Nil when a row has no readable price or volume (a wrong answer, not a level to skip).
    package static func levels(_ value: JSONValue?) -> [BookLevel]? {
        guard let rows = value?.array else { return nil }
        var out: [BookLevel] = []
        out.reserveCapacity(rows.count)
        for row in rows {
            guard let price = KrakenEnvelope.decimal(row[0]), let size = KrakenEnvelope.decimal(row[1]) else {
                return nil
            }
            let time = row[2]?.epochInstant
            out.append(BookLevel(price: price, size: size, updated: time))
        }
        return out
    }
}

/// Answers for one pair come as `{"<pair key>": value, "last": cursor}`: the single member
/// that is not `last` is the answer, whatever key Kraken filed it under.
package enum KrakenPairAnswer {
    package static func only(_ result: JSONValue, _ method: String) -> Result<JSONValue, QuoteError> {
        guard case .object(let members) = result, let answer = members.first(where: { $0.0 != "last" }) else {
            return .failure(
                .malformed(source: KrakenEnvelope.source, line: 1, column: 1, detail: "\(method) answered no pair"))
        }
        return .success(answer.1)
    }
}
