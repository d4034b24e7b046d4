import SquarestockCore
import SquarestockNetworking

/// Kraken's private REST API with one key: `BalanceEx`, `OpenOrders`, `ClosedOrders`,
/// `QueryOrders`, `AddOrder` (with `validate` for a dry run), `CancelOrder`, `CancelAll`, and
/// `Ledgers` for `portfolio sync`.
package struct KrakenAccount: ExchangeAccount {
    package let exchange = "kraken"
    let client: KrakenPrivateClient
    /// The pair of an order's `descr.pair` (an altname such as `XBTUSD`).
    let pairs: @Sendable (String) -> TradingPair?

    package init(client: KrakenPrivateClient, pairs: @escaping @Sendable (String) -> TradingPair?) {
        self.client = client
        self.pairs = pairs
    }

    package func balances(transport: any HTTPTransport) -> Result<[AssetBalance], AccountError> {
        client.call("BalanceEx", transport: transport).flatMap(KrakenAccountDecoder.balances)
    }

    package func openOrders(transport: any HTTPTransport) -> Result<[AccountOrder], AccountError> {
        client.call("OpenOrders", transport: transport).flatMap {
            KrakenAccountDecoder.orders($0, under: "open", pairs: pairs)
        }
    }

    /// Kraken answers 50 closed orders a call, newest first, with the `count` of all: pages are
    /// read from `ofs` on until `limit` or the count is reached (`--limit 500` showed 50). An
    /// order met again on a later page (the pages shifted as one closed) is kept once.
    package func closedOrders(limit: Int, transport: any HTTPTransport) -> Result<[AccountOrder], AccountError> {
        var all: [AccountOrder] = []
        var ids: Set<String> = []
        var offset = 0
        for _ in 0..<Self.closedPages {
            let page = client.call(
                "ClosedOrders", offset > 0 ? [("ofs", String(offset))] : [], transport: transport)
            guard case .success(let result) = page else { return page.map { _ in all } }
            let orders: [AccountOrder]
            switch KrakenAccountDecoder.orders(result, under: "closed", pairs: pairs) {
            case .success(let o): orders = o
            case .failure(let e): return .failure(e)
            }
            let new = orders.filter { ids.insert($0.id).inserted }
            all += new
            offset += orders.count
            let count = result["count"]?.decimal.flatMap { Int(exactly: $0.normalized.significand) } ?? 0
            if all.count >= limit || new.isEmpty || offset >= count { break }
        }
        // Newest opened first across the pages, as each page is.
        let sorted = all.sorted { ($0.opened?.secondsSinceEpoch ?? 0) > ($1.opened?.secondsSinceEpoch ?? 0) }
        return .success(Array(sorted.prefix(limit)))
    }

    /// Calls of 50 read at most (above `--limit`'s 500).
    static let closedPages = 11

    package func order(id: String, transport: any HTTPTransport) -> Result<AccountOrder, AccountError> {
        client.call("QueryOrders", [("txid", id)], transport: transport)
            .mapError { $0.naming(orderID: id) }
            .flatMap { KrakenAccountDecoder.orders($0, under: nil, pairs: pairs) }
            .flatMap { $0.first.map { .success($0) } ?? .failure(.unknownOrder(exchange: exchange, id: id)) }
    }

    package func place(
        _ request: OrderRequest, listing: PairListing, validateOnly: Bool, transport: any HTTPTransport
    ) -> Result<PlacedOrder, AccountError> {
        var parameters = [
            ("ordertype", request.type.rawValue), ("pair", listing.nativeName),
            ("type", request.side == .buy ? "buy" : "sell"), ("volume", request.amount.description),
        ]
        if let price = request.limitPrice { parameters.append(("price", price.description)) }
        // The field's presence makes it a dry run, whatever its value: sent only for one.
        if validateOnly { parameters.append(("validate", "true")) }
        return client.call("AddOrder", parameters, isOrder: !validateOnly, transport: transport)
            .flatMap { KrakenAccountDecoder.placed($0, validateOnly: validateOnly) }
            .mapError { validateOnly ? $0 : KrakenOrderOutcome.afterSending($0) }
    }

    package func cancel(id: String, transport: any HTTPTransport) -> Result<Int, AccountError> {
        client.call("CancelOrder", [("txid", id)], isOrder: true, transport: transport)
            .mapError { $0.naming(orderID: id) }
            .flatMap(KrakenAccountDecoder.cancelled)
            .mapError { KrakenOrderOutcome.afterSending($0, what: "the cancellation") }
    }

    package func cancelAll(transport: any HTTPTransport) -> Result<Int, AccountError> {
        client.call("CancelAll", isOrder: true, transport: transport).flatMap(KrakenAccountDecoder.cancelled)
            .mapError { KrakenOrderOutcome.afterSending($0, what: "the cancellation") }
    }

    /// `TradeVolume?pair=XBTUSD`: `{"fees":{"XXBTZUSD":{"fee":"0.2600",...}}}`, a percent.
    package func takerFee(_ listing: PairListing, transport: any HTTPTransport) -> ExactDecimal? {
        guard let result = try? client.call("TradeVolume", [("pair", listing.nativeName)], transport: transport).get(),
            case .object(let fees)? = result["fees"], let entry = fees.first?.1,
            let percent = KrakenEnvelope.decimal(entry["fee"])
        else { return nil }
        return percent.divided(by: ExactDecimal(100), scale: min(18, percent.scale + 2))
    }

    /// `Ledgers?ofs=N[&start=T]`: 50 rows a page, newest first; the cursor is the offset.
    package func movements(since: Instant?, cursor: String?, transport: any HTTPTransport) -> Result<
        AccountMovement.Page, AccountError
    > {
        let offset = cursor.flatMap { Int($0) } ?? 0
        var parameters = [("ofs", String(offset))]
        if let since { parameters.append(("start", String(since.secondsSinceEpoch))) }
        return client.call("Ledgers", parameters, transport: transport).flatMap {
            KrakenLedgerDecoder.page($0, offset: offset)
        }
    }
}
