import SquarestockCore
import SquarestockNetworking

/// `GET /0/public/Ticker?pair=XBTUSD,ETHUSD`: answers keyed by each pair's key (`XXBTZUSD`), not
/// the name asked for. Fields: `a`/`b` [price, whole-lot volume, lot volume] (two elements in
/// 2014), `c` last trade [price, volume], `v`/`p`/`t`/`l`/`h` [today, last 24 h], `o` today's
/// open (00:00 UTC). No time stamp: staleness is the receive time's business.
package enum KrakenTickerDecoder {
    /// The tickers by the key they arrived under.
    package static func tickers(_ response: HTTPResponse, pairFor: (String) -> TradingPair?)
        -> Result<[String: ExchangeTicker], QuoteError>
    {
        KrakenEnvelope.result(response).flatMap { result in
            KrakenEnvelope.members(result, "Ticker").map { members in
                var out: [String: ExchangeTicker] = [:]
                for (key, fields) in members {
                    guard let pair = pairFor(key) else { continue }
                    out[key] = ticker(pair: pair, fields)
                }
                return out
            }
        }
    }

    package static func ticker(pair: TradingPair, _ f: JSONValue) -> ExchangeTicker {
        func at(_ key: String, _ i: Int) -> ExactDecimal? { KrakenEnvelope.decimal(f[key]?[i]) }
        // The 24 h element of `t` is a count; a number on the wire.
        let trades = KrakenEnvelope.integer(f["t"]?[1]).flatMap { $0 >= 0 && $0 <= Int64(Int32.max) ? Int($0) : nil }
        var t = ExchangeTicker(
            pair: pair, last: at("c", 0), lastSize: at("c", 1), bid: at("b", 0), bidSize: at("b", 2) ?? at("b", 1),
            ask: at("a", 0), askSize: at("a", 2) ?? at("a", 1), reference: KrakenEnvelope.decimal(f["o"]),
            changeBasis: .utcMidnight, high: at("h", 1), low: at("l", 1), volume: at("v", 1), vwap: at("p", 1),
            tradeCount: trades)
        if t.last == nil { t.unreadableLast = ExchangePriceCheck.unreadable(f["c"]?[0]) }
        return t
    }
}
