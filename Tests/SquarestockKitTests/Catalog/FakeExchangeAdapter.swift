@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockNetworking
@testable import SquarestockServices

/// FakeX's market data: the smallest API that still has every part an adapter serves (pairs,
/// tickers, book, trades, candles), so the test shows what a new exchange must write and no
/// more. Answers are JSON with decimals as strings, screened and parsed by `ExchangeResponse`
/// (the project's `JSONReader`) as the real adapters' are; a missing field is a missing answer.
struct FakeExchangeAdapter: ExchangeAdapter {
    let name = FakeExchangeService.name
    let displayName = FakeExchangeService.displayName
    let baseURL: String? = FakeExchangeService.restURL

    /// `/v1/pairs`: `{"pairs":[{"name":"BTCUSD","base":"BTC","quote":"USD","status":"online"}]}`.
    func listings(_ request: ExchangeRequest) -> Result<[PairListing], QuoteError> {
        json(request.get(self, "/v1/pairs")).flatMap { body in
            guard let rows = body["pairs"]?.array else { return .failure(.missingFromResponse(source: name)) }
            return .success(
                rows.compactMap { r in
                    guard let native = r["name"]?.string, let base = r["base"]?.string, let quote = r["quote"]?.string
                    else { return nil }
                    return PairListing(
                        pair: TradingPair(base: base, quote: quote), nativeName: native,
                        status: PairStatus(wire: r["status"]?.string ?? ""))
                })
        }
    }

    /// `/v1/ticker?pair=BTCUSD` per pair, in one batch: `{"last":..,"bid":..,"ask":..,"open":..}`.
    func tickers(_ pairs: [PairListing], _ request: ExchangeRequest) -> ExchangeTickers {
        let answers = request.get(self, pairs.map { "/v1/ticker?pair=" + Endpoint.encode($0.nativeName) })
        return ExchangeTickers(
            results: zip(pairs, answers).map { listing, answer in
                json(answer).flatMap { t in
                    guard let last = t["last"]?.numberOrStringDecimal else {
                        return .failure(.missingFromResponse(source: name))
                    }
                    return .success(
                        ExchangeTicker(
                            pair: listing.pair, last: last, bid: t["bid"]?.numberOrStringDecimal,
                            ask: t["ask"]?.numberOrStringDecimal, reference: t["open"]?.numberOrStringDecimal))
                }
            })
    }

    /// `/v1/book?pair=BTCUSD&depth=N`: `{"bids":[["price","size"]],"asks":[...]}`, best first.
    func book(_ pair: PairListing, depth: Int, _ request: ExchangeRequest) -> Result<OrderBook, QuoteError> {
        json(request.get(self, "/v1/book?pair=\(Endpoint.encode(pair.nativeName))&depth=\(depth)")).flatMap { b in
            guard let bids = levels(b["bids"]), let asks = levels(b["asks"]) else {
                return .failure(.missingFromResponse(source: name))
            }
            return .success(OrderBook(pair: pair.pair, bids: bids, asks: asks))
        }
    }

    /// `/v1/trades?pair=BTCUSD`: `{"trades":[{"time":epoch,"price":..,"size":..,"side":"buy"}]}`,
    /// newest first already.
    func trades(_ pair: PairListing, limit: Int, _ request: ExchangeRequest) -> Result<[MarketTrade], QuoteError> {
        json(request.get(self, "/v1/trades?pair=" + Endpoint.encode(pair.nativeName))).flatMap { body in
            guard let rows = body["trades"]?.array else { return .failure(.missingFromResponse(source: name)) }
            return .success(
                rows.prefix(limit).compactMap { r in
                    guard let time = r["time"]?.epochInstant, let price = r["price"]?.numberOrStringDecimal,
                        let size = r["size"]?.numberOrStringDecimal
                    else { return nil }
                    return MarketTrade(
                        time: time, side: r["side"]?.string.flatMap(TradeSide.init(rawValue:)), price: price, size: size
                    )
                })
        }
    }

    /// `/v1/candles?pair=BTCUSD&seconds=300&since=epoch`: `{"seconds":300,"candles":[[time,
    /// open, high, low, close, volume]]}`, oldest first. FakeX serves any bucket it is asked for;
    /// a day stands for daily and longer.
    func candles(_ pair: PairListing, interval: HistoryInterval, since: Instant, _ request: ExchangeRequest)
        -> Result<CandleSeries, QuoteError>
    {
        let seconds = interval.seconds ?? 86_400
        let path =
            "/v1/candles?pair=\(Endpoint.encode(pair.nativeName))&seconds=\(seconds)&since=\(since.secondsSinceEpoch)"
        return json(request.get(self, path)).flatMap { body in
            guard let served = body["seconds"]?.int64, let rows = body["candles"]?.array else {
                return .failure(.missingFromResponse(source: name))
            }
            let candles = rows.compactMap { r -> Candle? in
                let n = (1...5).map { r[$0]?.numberOrStringDecimal }
                guard let time = r[0]?.epochInstant, let open = n[0], let high = n[1], let low = n[2], let close = n[3]
                else { return nil }
                return Candle(time: time, open: open, high: high, low: low, close: close, volume: n[4])
            }
            return .success(CandleSeries(pair: pair.pair, seconds: served, candles: candles))
        }
    }

    /// FakeX publishes no status of its own.
    func status(_ request: ExchangeRequest) -> Result<ExchangeSystemStatus, QuoteError>? { nil }

    func json(_ answer: Result<HTTPResponse, QuoteError>) -> Result<JSONValue, QuoteError> {
        answer.flatMap { ExchangeResponse.json($0, source: name) }
    }

    /// `[["price","size"], ...]` as book levels; nil when any level is not two decimals.
    func levels(_ value: JSONValue?) -> [BookLevel]? {
        guard let rows = value?.array else { return nil }
        let levels = rows.compactMap { r -> BookLevel? in
            guard let price = r[0]?.numberOrStringDecimal, let size = r[1]?.numberOrStringDecimal else { return nil }
            return BookLevel(price: price, size: size)
        }
        return levels.count == rows.count ? levels : nil
    }
}
