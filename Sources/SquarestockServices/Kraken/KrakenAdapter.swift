import SquarestockCore
import SquarestockNetworking

/// Kraken's public REST market data (`https://api.kraken.com/0/public/`).
///
/// Pairs are asked for by altname (`XBTUSD`) and answered under their key (`XXBTZUSD`); the pair
/// directory maps both back. Tickers go in batches, and since one unknown pair fails a whole
/// batch (`EQuery:Unknown asset pair`), such a batch is asked again pair by pair so only the
/// unknown one gets the error.
package struct KrakenAdapter: ExchangeAdapter {
    package let name = KrakenService.name
    package let displayName = KrakenService.displayName
    package let baseURL: String? = "https://api.kraken.com"
    /// Pairs per Ticker request: short URLs, and one bad pair costs a small retry.
    static let tickerBatch = 20

    package init() {}

    package func listings(_ request: ExchangeRequest) -> Result<[PairListing], QuoteError> {
        request.get(self, "/0/public/AssetPairs").flatMap(KrakenAssetPairsDecoder.listings)
    }

    package func tickers(_ pairs: [PairListing], _ request: ExchangeRequest) -> ExchangeTickers {
        let batches = stride(from: 0, to: pairs.count, by: Self.tickerBatch).map {
            Array(pairs[$0..<min($0 + Self.tickerBatch, pairs.count)])
        }
        let responses = request.get(self, batches.map(tickerPath) + ["/0/public/SystemStatus"])
        var results: [Result<ExchangeTicker, QuoteError>] = []
        var retry: [Int] = []
        for (b, batch) in batches.enumerated() {
            let decoded = responses[b].flatMap { KrakenTickerDecoder.tickers($0, pairFor: Self.pairs(of: batch)) }
            if case .failure(.unlistedPair) = decoded, batch.count > 1 { retry.append(b) }
            results += batch.map { Self.pick($0, from: decoded) }
        }
        if !retry.isEmpty {
            let singles = retry.flatMap { batches[$0] }
            let answers = request.get(self, singles.map { tickerPath([$0]) })
            var byKey: [String: Result<ExchangeTicker, QuoteError>] = [:]
            for (listing, response) in zip(singles, answers) {
                byKey[listing.nativeName] = Self.pick(
                    listing,
                    from: response.flatMap { KrakenTickerDecoder.tickers($0, pairFor: Self.pairs(of: [listing])) })
            }
            for (i, listing) in pairs.enumerated() {
                if let answer = byKey[listing.nativeName] { results[i] = answer }
            }
        }
        let status = try? responses[batches.count].flatMap(KrakenStatusDecoder.status).get()
        return ExchangeTickers(results: results, status: status)
    }

    func tickerPath(_ batch: [PairListing]) -> String {
        "/0/public/Ticker?pair=" + batch.map { Endpoint.encode($0.nativeName) }.joined(separator: ",")
    }

    /// Maps an answer key back to the pair asked for: Kraken files it under the key, or (newer
    /// pairs) under the altname.
    static func pairs(of batch: [PairListing]) -> (String) -> TradingPair? {
        var map: [String: TradingPair] = [:]
        for l in batch {
            map[l.answerKey] = l.pair
            map[l.nativeName] = l.pair
        }
        return { map[$0] }
    }

    static func pick(_ listing: PairListing, from decoded: Result<[String: ExchangeTicker], QuoteError>)
        -> Result<ExchangeTicker, QuoteError>
    {
        decoded.flatMap { byKey in
            guard let t = byKey[listing.answerKey] ?? byKey[listing.nativeName] else {
                return .failure(.missingFromResponse(source: "kraken"))
            }
            return .success(t)
        }
    }

    package func book(_ pair: PairListing, depth: Int, _ request: ExchangeRequest) -> Result<OrderBook, QuoteError> {
        let count = min(max(depth, 1), 500)
        return request.get(self, "/0/public/Depth?pair=\(Endpoint.encode(pair.nativeName))&count=\(count)").flatMap {
            KrakenDepthDecoder.book($0, pair: pair.pair, keys: [pair.answerKey, pair.nativeName])
        }
    }

    package func trades(_ pair: PairListing, limit: Int, _ request: ExchangeRequest) -> Result<
        [MarketTrade], QuoteError
    > {
        let count = min(max(limit, 1), 1000)
        return request.get(self, "/0/public/Trades?pair=\(Endpoint.encode(pair.nativeName))&count=\(count)").flatMap(
            KrakenTradesDecoder.trades)
    }

    package func candles(_ pair: PairListing, interval: HistoryInterval, since: Instant, _ request: ExchangeRequest)
        -> Result<CandleSeries, QuoteError>
    {
        let minutes = KrakenOHLCDecoder.minutes(for: interval)
        let path =
            "/0/public/OHLC?pair=\(Endpoint.encode(pair.nativeName))&interval=\(minutes)&since=\(since.secondsSinceEpoch)"
        // A watch row asks for the day's candles (one URL all day, since 00:00 UTC): re-served
        // 4 minutes, as Yahoo's day chart.
        return request.get(self, path, reuseFor: 240).flatMap {
            KrakenOHLCDecoder.candles($0, pair: pair.pair, minutes: minutes)
        }
    }

    package func status(_ request: ExchangeRequest) -> Result<ExchangeSystemStatus, QuoteError>? {
        request.get(self, "/0/public/SystemStatus").flatMap(KrakenStatusDecoder.status)
    }
}
