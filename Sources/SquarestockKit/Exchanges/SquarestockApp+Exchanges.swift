import SquarestockCore
import SquarestockServices

extension SquarestockApp {
    /// `squarestock book PAIR`: the order book of the settings' exchange, `depth` levels a side.
    public func book(_ symbol: String, depth: Int) -> ExchangeReport<OrderBook> {
        exchangeCall(symbol) { adapter, listing, request in
            adapter.book(listing, depth: depth, request).map { $0.cut(to: depth) }.flatMap { b in
                ExchangePriceCheck.problem(b, source: adapter.name).map { .failure($0) } ?? .success(b)
            }
        }
    }

    /// `squarestock trades PAIR`: the latest `limit` trades, newest first.
    public func trades(_ symbol: String, limit: Int) -> ExchangeReport<[MarketTrade]> {
        exchangeCall(symbol) { adapter, listing, request in
            adapter.trades(listing, limit: limit, request).map { Array($0.prefix(limit)) }.flatMap { t in
                ExchangePriceCheck.problem(t, source: adapter.name).map { .failure($0) } ?? .success(t)
            }
        }
    }

    /// `squarestock markets`: the exchange's live pairs (all with `includeDelisted`), only those
    /// quoted in `quote` and whose name contains `search` (case-insensitive), sorted by pair.
    public func markets(quote: String?, search: String?, includeDelisted: Bool) -> ExchangeReport<[PairListing]> {
        let (adapter, request) = exchangeAdapter()
        let needle = search?.uppercased()
        let outcome = ExchangeMarkets.directory(adapter, request).map { directory in
            directory.listings.filter { l in
                (includeDelisted || l.status != .delisted)
                    && (quote.map { l.pair.quote == $0.uppercased() } ?? true)
                    && (needle.map { l.pair.symbol.contains($0) || l.nativeName.uppercased().contains($0) } ?? true)
            }
        }
        return ExchangeReport(
            exchange: adapter.name, exchangeDisplayName: adapter.displayName, symbol: nil, outcome: outcome,
            fetchedAt: request.context.now)
    }

    /// The settings' exchange and a request on this app's transport.
    func exchangeAdapter() -> (ExchangeAdapter, ExchangeRequest) {
        let context = settings.sourceContext
        // `Settings.resolve` checked the name against the catalog.
        let adapter =
            settings.catalog.adapter(named: settings.exchangeName) ?? UnavailableExchange(name: settings.exchangeName)
        return (adapter, ExchangeRequest(context: context, transport: transport))
    }

    /// Resolves `symbol` in the exchange's pair list, then makes `call` for it.
    func exchangeCall<Value: Sendable>(
        _ symbol: String,
        _ call: (ExchangeAdapter, PairListing, ExchangeRequest) -> Result<Value, QuoteError>
    ) -> ExchangeReport<Value> {
        let (adapter, request) = exchangeAdapter()
        let outcome = ExchangeMarkets.directory(adapter, request).flatMap { $0.resolve(symbol) }.flatMap {
            call(adapter, $0, request)
        }
        return ExchangeReport(
            exchange: adapter.name, exchangeDisplayName: adapter.displayName, symbol: symbol.uppercased(),
            outcome: outcome, fetchedAt: request.context.now)
    }
}
