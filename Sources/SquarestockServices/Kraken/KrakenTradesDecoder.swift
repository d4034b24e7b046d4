import SquarestockCore
import SquarestockNetworking

/// `GET /0/public/Trades?pair=XBTUSD&count=N`: rows `[price, volume, time, "b"|"s", "m"|"l",
/// misc, trade_id]`, **oldest first**. Rows have grown over the years (6 fields in 2013, 7 now,
/// once 8): read by position, ignore extras. The time is a float of seconds, read from its text
/// so no digit is lost; the side is the taker's. Returned newest first, like every tape here.
package enum KrakenTradesDecoder {
    package static func trades(_ response: HTTPResponse) -> Result<[MarketTrade], QuoteError> {
        KrakenEnvelope.result(response).flatMap { result in
            KrakenPairAnswer.only(result, "Trades").flatMap { rows in
                guard let rows = rows.array else {
                    return .failure(
                        .malformed(source: KrakenEnvelope.source, line: 1, column: 1, detail: "Trades is not a list"))
                }
                var out: [MarketTrade] = []
                out.reserveCapacity(rows.count)
                for row in rows.reversed() {
                    guard let trade = trade(row) else {
                        return .failure(
                            .malformed(
                                source: KrakenEnvelope.source, line: 1, column: 1,
                                detail: "a trade is not [price, volume, time, side, ...]"))
                    }
                    out.append(trade)
                }
                return .success(out)
            }
        }
    }

    package static func trade(_ row: JSONValue) -> MarketTrade? {
        guard let price = KrakenEnvelope.decimal(row[0]), let size = KrakenEnvelope.decimal(row[1]),
            let time = epochTime(row[2])
        else { return nil }
        let side: TradeSide? =
            switch row[3]?.string {
            case "b": .buy
            case "s": .sell
            default: nil
            }
        let id: String? =
            switch row[6] {
            case .number(let n)?: n
            case .string(let s)? where !s.isEmpty: s
            default: nil
            }
        return MarketTrade(
            time: time.instant, nanoseconds: time.nanoseconds, side: side, price: price, size: size, id: id)
    }

    /// Seconds with a fraction, a number on the wire (a string in some samples).
    package static func epochTime(_ value: JSONValue?) -> EpochTime? {
        switch value {
        case .number(let n)?: return EpochTime(text: n)
        case .string(let s)?: return EpochTime(text: s)
        default: return nil
        }
    }
}
