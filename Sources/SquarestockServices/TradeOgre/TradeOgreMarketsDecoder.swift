import SquarestockCore
import SquarestockNetworking

/// `GET /markets`: an **array of one-key objects**, `[{"BTC-XMR":{"initialprice","price","high",
/// "low","volume","bid","ask"}}, ...]`; `bid` and `ask` are absent when that side of the book is
/// empty. `initialprice` is the price 24 hours ago. It is both the pair list and every ticker.
package enum TradeOgreMarketsDecoder {
    package struct Market {
        package var name: String
        package var ticker: ExchangeTicker
    }

    package static func markets(_ response: HTTPResponse) -> Result<[Market], QuoteError> {
        TradeOgreResponse.json(response).flatMap { body in
            guard let entries = body.array else {
                return .failure(TradeOgreResponse.malformed("markets is not a list"))
            }
            var out: [Market] = []
            for entry in entries {
                guard case .object(let members) = entry else { continue }
                for (name, fields) in members {
                    guard let pair = TradeOgreMarketNames.pair(name) else { continue }
                    out.append(Market(name: name, ticker: ticker(pair: pair, fields)))
                }
            }
            return .success(out)
        }
    }

    /// The fields of `/markets` and `/ticker/{market}` are the same.
    package static func ticker(pair: TradingPair, _ f: JSONValue) -> ExchangeTicker {
        var t = ExchangeTicker(
            pair: pair, last: TradeOgreResponse.decimal(f["price"]), bid: TradeOgreResponse.decimal(f["bid"]),
            ask: TradeOgreResponse.decimal(f["ask"]), reference: TradeOgreResponse.decimal(f["initialprice"]),
            changeBasis: .rolling24h, high: TradeOgreResponse.decimal(f["high"]),
            low: TradeOgreResponse.decimal(f["low"]),
            // TradeOgre's `volume` is in the quote currency (BTC for BTC-XMR in its documentation).
            quoteVolume: TradeOgreResponse.decimal(f["volume"]))
        if t.last == nil { t.unreadableLast = ExchangePriceCheck.unreadable(f["price"]) }
        return t
    }

    /// Prices and amounts in 8 decimals, as TradeOgre writes every one: an amount typed with
    /// more goes down to the step (it was sent with all of them, for the exchange to cut).
    package static func listings(_ markets: [Market]) -> [PairListing] {
        markets.map {
            PairListing(
                pair: $0.ticker.pair, nativeName: $0.name, priceDecimals: 8, sizeIncrement: ExactDecimal("0.00000001"))
        }
    }
}
