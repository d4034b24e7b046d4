import SquarestockCore
import SquarestockNetworking

/// Coinbase Exchange's public REST market data (`https://api.exchange.coinbase.com`).
///
/// Product ids are already `BASE-QUOTE`. A quote needs two answers per pair (ticker and 24 h
/// stats), all asked in one concurrent batch; candles longer than 300 buckets are asked in
/// pages of 300, also in one batch.
package struct CoinbaseAdapter: ExchangeAdapter {
    package let name = CoinbaseService.name
    package let displayName = CoinbaseService.displayName
    package let baseURL: String? = "https://api.exchange.coinbase.com"
    /// Pages of candles one chart may ask for: Coinbase allows bursts of 15 public requests.
    static let maxCandlePages: Int64 = 10

    package init() {}

    func product(_ pair: PairListing) -> String { "/products/" + Endpoint.encode(pair.nativeName) }

    package func listings(_ request: ExchangeRequest) -> Result<[PairListing], QuoteError> {
        request.get(self, "/products").flatMap(CoinbaseProductsDecoder.listings)
    }

    package func tickers(_ pairs: [PairListing], _ request: ExchangeRequest) -> ExchangeTickers {
        let responses = request.get(self, pairs.flatMap { [product($0) + "/ticker", product($0) + "/stats"] })
        let results = pairs.enumerated().map { i, listing in
            responses[2 * i].flatMap {
                CoinbaseTickerDecoder.ticker(pair: listing.pair, ticker: $0, stats: try? responses[2 * i + 1].get())
            }
        }
        return ExchangeTickers(results: results)
    }

    package func book(_ pair: PairListing, depth: Int, _ request: ExchangeRequest) -> Result<OrderBook, QuoteError> {
        request.get(self, product(pair) + "/book?level=2").flatMap { CoinbaseBookDecoder.book($0, pair: pair.pair) }
    }

    package func trades(_ pair: PairListing, limit: Int, _ request: ExchangeRequest) -> Result<
        [MarketTrade], QuoteError
    > {
        request.get(self, product(pair) + "/trades?limit=\(min(max(limit, 1), 1000))").flatMap(
            CoinbaseTradesDecoder.trades)
    }

    package func candles(_ pair: PairListing, interval: HistoryInterval, since: Instant, _ request: ExchangeRequest)
        -> Result<CandleSeries, QuoteError>
    {
        let g = CoinbaseCandlesDecoder.seconds(for: interval)
        let now = request.context.now.secondsSinceEpoch
        let span = g * CoinbaseCandlesDecoder.maxBuckets
        // The newest pages first, so a long range cut by the page limit keeps its recent end.
        var paths: [String] = []
        var end = now
        while end > since.secondsSinceEpoch, Int64(paths.count) < Self.maxCandlePages {
            let start = max(since.secondsSinceEpoch, end - span + g)
            paths.append(
                product(pair) + "/candles?granularity=\(g)&start=\(Instant(secondsSinceEpoch: start).iso8601UTC)"
                    + "&end=\(Instant(secondsSinceEpoch: end).iso8601UTC)")
            end = start - g
        }
        var pages: [[Candle]] = []
        for response in request.get(self, paths) {
            switch response.flatMap(CoinbaseCandlesDecoder.candles) {
            case .success(let page): pages.append(page)
            case .failure(let e): return .failure(e)
            }
        }
        return .success(CandleSeries(pair: pair.pair, seconds: g, candles: CoinbaseCandlesDecoder.merge(pages)))
    }

    package func status(_ request: ExchangeRequest) -> Result<ExchangeSystemStatus, QuoteError>? { nil }
}
