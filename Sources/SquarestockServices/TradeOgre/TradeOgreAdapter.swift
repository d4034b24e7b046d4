import SquarestockCore
import SquarestockNetworking

/// TradeOgre API v1. The exchange went offline in July 2025 (its platform was seized), so there
/// is no default host: the adapter speaks the format for mirrors and archives given with
/// `--endpoint`. One `/markets` answer is both the pair list and every ticker.
package struct TradeOgreAdapter: ExchangeAdapter {
    package let name = TradeOgreService.name
    package let displayName = TradeOgreService.displayName
    package let baseURL: String? = nil

    package init() {}

    func path(_ endpoint: String, _ pair: PairListing) -> String {
        "/api/v1/\(endpoint)/" + Endpoint.encode(pair.nativeName)
    }

    package func listings(_ request: ExchangeRequest) -> Result<[PairListing], QuoteError> {
        request.get(self, "/api/v1/markets").flatMap(TradeOgreMarketsDecoder.markets).map(
            TradeOgreMarketsDecoder.listings)
    }

    package func tickers(_ pairs: [PairListing], _ request: ExchangeRequest) -> ExchangeTickers {
        let markets = request.get(self, "/api/v1/markets").flatMap(TradeOgreMarketsDecoder.markets)
        return ExchangeTickers(
            results: pairs.map { listing in
                markets.flatMap { all in
                    guard let m = all.first(where: { $0.name == listing.nativeName }) else {
                        return .failure(.missingFromResponse(source: name))
                    }
                    return .success(m.ticker)
                }
            })
    }

    package func book(_ pair: PairListing, depth: Int, _ request: ExchangeRequest) -> Result<OrderBook, QuoteError> {
        request.get(self, path("orders", pair)).flatMap { TradeOgreBookDecoder.book($0, pair: pair.pair) }
    }

    package func trades(_ pair: PairListing, limit: Int, _ request: ExchangeRequest) -> Result<
        [MarketTrade], QuoteError
    > {
        request.get(self, path("history", pair)).flatMap(TradeOgreHistoryDecoder.trades).map { Array($0.prefix(limit)) }
    }

    /// TradeOgre's later `/chart/...` endpoint was never seen answering, so its format is unknown:
    /// no candles rather than invented ones.
    package func candles(_ pair: PairListing, interval: HistoryInterval, since: Instant, _ request: ExchangeRequest)
        -> Result<CandleSeries, QuoteError>
    {
        .failure(
            .notConfigured(
                source: name,
                detail:
                    "its candle format (/chart) was never verified, so squarestock does not read it; chart the pair with --source kraken or coinbase"
            ))
    }

    package func status(_ request: ExchangeRequest) -> Result<ExchangeSystemStatus, QuoteError>? { nil }
}
