import SquarestockCore
import SquarestockNetworking

/// `GET /0/public/Depth?pair=XBTUSD&count=N`: `{"XXBTZUSD":{"asks":[[price, volume, time]],
/// "bids":[...]}}`, asks ascending and bids descending; the time is when the level last changed.
/// Up to 500 levels a side, read with a `JSONCursor` straight into exact decimals.
package enum KrakenDepthDecoder {
    /// `keys`: the names Kraken files the pair's book under (`XXBTZUSD`, `XBTUSD`); a book under
    /// another is refused. nil reads whatever pair answered (the fuzz target).
    package static func book(_ response: HTTPResponse, pair: TradingPair, keys: [String]? = nil) -> Result<
        OrderBook, QuoteError
    > {
        KrakenEnvelope.pairAnswer(response, "Depth", keys: keys) { c in
            guard c.take(UInt8(ascii: "{")) else {
                return .failure(KrakenEnvelope.malformed(at: c, "Depth is not an object"))
            }
            var bids: [BookLevel]?
            var asks: [BookLevel]?
            let ok = c.items(closedBy: UInt8(ascii: "}")) { c in
                guard let key = c.key() else { return false }
                if JSONCursor.equals(key, "bids") {
                    bids = levels(&c)
                    return bids != nil
                }
                if JSONCursor.equals(key, "asks") {
                    asks = levels(&c)
                    return asks != nil
                }
                return c.skipValue()
            }
            guard ok, let bids, let asks else {
                return .failure(KrakenEnvelope.malformed(at: c, "a Depth level is not [price, volume, time]"))
            }
            return .success(OrderBook(pair: pair, bids: bids, asks: asks))
        }
    }

    /// One side's rows, the cursor on its `[`; nil when a row has no readable price or volume (a
    /// wrong answer, not a level to skip).
    static func levels(_ c: inout JSONCursor) -> [BookLevel]? {
        guard c.take(UInt8(ascii: "[")) else { return nil }
        var out: [BookLevel] = []
        out.reserveCapacity(500)
        let ok = c.items(closedBy: UInt8(ascii: "]")) { c in
            guard c.take(UInt8(ascii: "[")),
                let price = c.decimal(),
                c.take(UInt8(ascii: ",")), let size = c.decimal()
            else { return false }
            var updated: Instant?
            var field = 2
            while c.take(UInt8(ascii: ",")) {
                defer { field += 1 }
                if field == 2, let text = c.numberText() {
                    updated = EpochTime(bytes: text)?.instant
                } else if !c.skipValue() {
                    return false
                }
            }
            out.append(BookLevel(price: price, size: size, updated: updated))
            return c.take(UInt8(ascii: "]"))
        }
        return ok ? out : nil
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
