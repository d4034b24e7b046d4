import SquarestockCore

/// An exchange name this build has no adapter for: every call fails with one clear message
/// instead of the facade having to handle a missing adapter at each step.
package struct UnavailableExchange: ExchangeAdapter {
    package let name: String
    package var displayName: String { name }
    package var baseURL: String? { nil }

    package init(name: String) { self.name = name }

    var error: QuoteError {
        .notConfigured(source: name, detail: "this build of squarestock has no adapter for it")
    }

    package func listings(_ request: ExchangeRequest) -> Result<[PairListing], QuoteError> { .failure(error) }
    package func tickers(_ pairs: [PairListing], _ request: ExchangeRequest) -> ExchangeTickers {
        ExchangeTickers(results: pairs.map { _ in .failure(error) })
    }
    package func book(_ pair: PairListing, depth: Int, _ request: ExchangeRequest) -> Result<OrderBook, QuoteError> {
        .failure(error)
    }
    package func trades(_ pair: PairListing, limit: Int, _ request: ExchangeRequest) -> Result<
        [MarketTrade], QuoteError
    > {
        .failure(error)
    }
    package func candles(_ pair: PairListing, interval: HistoryInterval, since: Instant, _ request: ExchangeRequest)
        -> Result<CandleSeries, QuoteError>
    {
        .failure(error)
    }
    package func status(_ request: ExchangeRequest) -> Result<ExchangeSystemStatus, QuoteError>? { nil }
}
