import SquarestockCore
import SquarestockNetworking

/// `GET /0/public/Trades?pair=XBTUSD&count=N`: rows `[price, volume, time, "b"|"s", "m"|"l",
/// misc, trade_id]`, **oldest first**. Rows have grown over the years (6 fields in 2013, 7 now,
/// once 8): read by position, ignore extras. The time is a float of seconds, read from its text
/// so no digit is lost; the side is the taker's. Returned newest first, like every tape here.
///
/// A full answer is a thousand rows, so the rows are read with a `JSONCursor` straight from the
/// bytes into exact decimals (BENCHMARKS.md, "exchange").
package enum KrakenTradesDecoder {
    package static func trades(_ response: HTTPResponse) -> Result<[MarketTrade], QuoteError> {
        KrakenEnvelope.pairAnswer(response, "Trades") { c in
            guard c.take(UInt8(ascii: "[")) else {
                return .failure(KrakenEnvelope.malformed(at: c, "Trades is not a list"))
            }
            var out: [MarketTrade] = []
            out.reserveCapacity(1000)
            let ok = c.items(closedBy: UInt8(ascii: "]")) { c in
                guard let trade = trade(&c) else { return false }
                out.append(trade)
                return true
            }
            guard ok else {
                return .failure(KrakenEnvelope.malformed(at: c, "a trade is not [price, volume, time, side, ...]"))
            }
            out.reverse()
            return .success(out)
        }
    }

    /// One row, the cursor on its `[`; nil when it is not a trade.
    static func trade(_ c: inout JSONCursor) -> MarketTrade? {
        guard c.take(UInt8(ascii: "[")),
            let price = c.decimal(),
            c.take(UInt8(ascii: ",")), let size = c.decimal(),
            c.take(UInt8(ascii: ",")), let time = c.numberText().flatMap(EpochTime.init(bytes:))
        else { return nil }
        var side: TradeSide?
        var id: String?
        var field = 3
        while c.take(UInt8(ascii: ",")) {
            defer { field += 1 }
            if field == 3, let s = c.rawString() {  // raw: the side is one byte, compared
                if s.bytes.count == 1 {
                    side = s.bytes[0] == UInt8(ascii: "b") ? .buy : s.bytes[0] == UInt8(ascii: "s") ? .sell : nil
                }
            } else if field == 6, let text = c.numberAsText() {
                if !text.isEmpty { id = text }
            } else if !c.skipValue() {
                return nil
            }
        }
        guard c.take(UInt8(ascii: "]")) else { return nil }
        return MarketTrade(
            time: time.instant, nanoseconds: time.nanoseconds, side: side, price: price, size: size, id: id)
    }
}
