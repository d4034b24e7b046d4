import SquarestockCore
import SquarestockNetworking

/// One crypto exchange's public market data: each adapter owns its URLs, its names for pairs
/// and its wire formats, and hands back the shared values of `Core/Model/Crypto`, so
/// `ExchangeSource`, the facade and the renderers never learn an exchange's quirks.
///
/// Every call is one round of requests made through `ExchangeRequest` (one concurrent batch
/// where it needs several), and every error is a `QuoteError` that says what to do next.
package protocol ExchangeAdapter: Sendable {
    /// The name users pass to `--exchange` and `--source` (`kraken`).
    var name: String { get }
    /// The name shown in tables (`Kraken`).
    var displayName: String { get }
    /// The real API's base URL (`https://api.kraken.com`); nil for an exchange without a live
    /// host (TradeOgre), which works only with `--endpoint`.
    var baseURL: String? { get }

    /// Every pair the exchange lists, delisted ones included (the directory filters).
    func listings(_ request: ExchangeRequest) -> Result<[PairListing], QuoteError>

    /// Tickers for `pairs`, one result per pair in the same order, plus the exchange's own status
    /// when it publishes one (fetched in the same batch). One bad pair never fails the others.
    func tickers(_ pairs: [PairListing], _ request: ExchangeRequest) -> ExchangeTickers

    /// The order book, at most `depth` levels a side, best first.
    func book(_ pair: PairListing, depth: Int, _ request: ExchangeRequest) -> Result<OrderBook, QuoteError>

    /// The latest trades, **newest first**, at most `limit`.
    func trades(_ pair: PairListing, limit: Int, _ request: ExchangeRequest) -> Result<[MarketTrade], QuoteError>

    /// Candles of about `interval` (the adapter picks the nearest bucket it serves that is not
    /// shorter) covering `since` up to now, oldest first; the series says the bucket it used.
    func candles(_ pair: PairListing, interval: HistoryInterval, since: Instant, _ request: ExchangeRequest)
        -> Result<CandleSeries, QuoteError>

    /// The exchange's status alone, for `doctor`; nil when it publishes none.
    func status(_ request: ExchangeRequest) -> Result<ExchangeSystemStatus, QuoteError>?
}

/// What `tickers` returns: a result per pair, and the exchange's status when it has one.
package struct ExchangeTickers: Sendable {
    package var results: [Result<ExchangeTicker, QuoteError>]
    package var status: ExchangeSystemStatus?

    package init(results: [Result<ExchangeTicker, QuoteError>], status: ExchangeSystemStatus? = nil) {
        self.results = results
        self.status = status
    }
}
