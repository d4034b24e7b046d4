import SquarestockCore
import SquarestockNetworking
import SquarestockServices

extension SquarestockApp {
    /// The store of exchange keys under this environment.
    public var credentialsStore: CredentialsStore { CredentialsStore(environment: settings.environment) }

    /// The settings' exchange's private API with `credentials` (or the stored ones).
    func account(_ credentials: ExchangeCredentials? = nil) -> Result<any ExchangeAccount, AccountError> {
        let exchange = settings.exchangeName
        let capability = settings.catalog.entry(named: exchange)?.account
        let resolved: ExchangeCredentials
        if let credentials {
            resolved = CredentialsStore.registered(credentials)
        } else {
            let variables =
                capability.map { ($0.keyVariable, $0.secretVariable) } ?? AccountCapability.defaultVariables(exchange)
            switch credentialsStore.credentials(exchange, variables: variables) {
            case .success(let c): resolved = c
            case .failure(let e): return .failure(e)
            }
        }
        guard let capability else {
            return .failure(.notSupported(exchange: exchange, what: "account access in this version"))
        }
        let pairs = LazyPairLookup { try? pairDirectory().get() }
        return .success(
            capability.make(
                AccountContext(
                    credentials: resolved, endpoint: settings.endpoint, privateFolder: credentialsStore.folder,
                    timeout: settings.timeout, pairs: { pairs.directory })))
    }

    /// The error an interrupt of `what` ("the order", "the cancellation") in flight to the
    /// settings' exchange is: status unknown, its advice naming only the lists the exchange has
    /// (TradeOgre has no closed orders; its advice named `--closed`, which it refuses).
    public func interruptedInFlight(_ what: String) -> AccountError {
        fitted(.statusUnknown(exchange: settings.exchangeName, detail: "interrupted while \(what) was in flight"))
    }

    /// `e` after an order or a cancellation left (`afterSendingOrder`: an answer that does not
    /// say what happened is status unknown), its advice fitted to the exchange.
    func afterSending(_ e: AccountError) -> AccountError { fitted(e.afterSendingOrder) }

    /// A status-unknown error's advice naming only the lists the exchange has: TradeOgre has no
    /// closed orders (an unreadable answer's advice still named `--closed`, which it refuses).
    func fitted(_ e: AccountError) -> AccountError {
        let lists = settings.catalog.entry(named: settings.exchangeName)?.account?.listsClosedOrders ?? true
        return lists ? e : e.withoutClosedOrderList
    }

    /// The transport for private calls: one attempt, no redirects, so an order is sent at most once.
    var privateTransport: any HTTPTransport {
        makeTransport(TransportOptions(timeout: settings.timeout, maxRedirects: 0, retry: .none))
    }

    func pairDirectory() -> Result<PairDirectory, QuoteError> {
        let (adapter, request) = exchangeAdapter()
        return ExchangeMarkets.directory(adapter, request)
    }

    /// `account login`: the key is checked with a read-only call (balances) before it is saved.
    public func login(_ credentials: ExchangeCredentials) -> Result<String, AccountError> {
        account(credentials).flatMap { $0.balances(transport: privateTransport) }.flatMap { _ in
            credentialsStore.save(credentials, for: settings.exchangeName)
        }
    }

    /// `account logout`: true when a key was stored.
    public func logout() -> Result<Bool, AccountError> { credentialsStore.remove(settings.exchangeName) }

    /// `account balances`: each asset, with its value in `currency` at the exchange's own last
    /// price where it lists a pair for it (the currency itself counts at 1).
    public func balances(currency: String) -> Result<[AssetBalance], AccountError> {
        account().flatMap { $0.balances(transport: privateTransport) }.map { valued($0, in: currency.uppercased()) }
    }

    /// Decimals of a value found by dividing by an inverse pair's price: a quotient, so not
    /// exact as a product is; rounded half away from zero there (the table shows the
    /// currency's own precision, JSON and CSV these decimals).
    static let invertedValueScale = 8

    func valued(_ balances: [AssetBalance], in currency: String) -> [AssetBalance] {
        let (adapter, request) = exchangeAdapter()
        guard let directory = try? ExchangeMarkets.directory(adapter, request).get() else {
            // No prices to be had: the currency itself is still worth its total.
            return balances.map { b in
                var b = b
                b.value = b.asset == currency ? b.total : nil
                return b
            }
        }
        // One price per asset: a staked or earning balance is valued at its asset's price.
        var assets: [String] = []
        for b in balances where b.asset != currency && !assets.contains(b.asset) { assets.append(b.asset) }
        // Each asset's own pair into the currency, else the pair the other way round (Kraken
        // trades EUR/USD, not USD/EUR: dollars in euros divide by it), as `--currency` on a quote
        // does. Without the inverse, `--currency EUR` left the dollars out of the total.
        var listings: [PairListing] = []
        var inverted: Set<String> = []
        for asset in assets {
            if let direct = directory.listing(for: TradingPair(base: asset, quote: currency)) {
                listings.append(direct)
            } else if let other = directory.listing(for: TradingPair(base: currency, quote: asset)) {
                listings.append(other)
                inverted.insert(asset)
            }
        }
        let tickers = listings.isEmpty ? [] : adapter.tickers(listings, request).results
        var last: [String: ExactDecimal] = [:]
        for (listing, result) in zip(listings, tickers) {
            guard case .success(let t) = result, let price = t.last else { continue }
            if inverted.contains(listing.pair.quote) {
                last[listing.pair.quote] = price
            } else {
                last[listing.pair.base] = price
            }
        }
        return balances.map { b in
            var b = b
            if b.asset == currency {
                b.value = b.total
            } else if let price = last[b.asset] {
                b.value =
                    inverted.contains(b.asset)
                    ? (price.isZero ? nil : b.total.divided(by: price, scale: Self.invertedValueScale)?.normalized)
                    : b.total * price
            } else {
                b.value = nil
            }
            return b
        }
    }

    /// `account orders [--closed]`.
    public func orders(closed: Bool, limit: Int) -> Result<[AccountOrder], AccountError> {
        account().flatMap {
            closed
                ? $0.closedOrders(limit: limit, transport: privateTransport)
                : $0.openOrders(transport: privateTransport).map { Array($0.prefix(limit)) }
        }
    }

    /// `account order ID`.
    public func order(id: String) -> Result<AccountOrder, AccountError> {
        account().flatMap { $0.order(id: id, transport: privateTransport) }
    }

    /// Sends the previewed order (`dryRun`: asks the exchange to validate it only) with the
    /// listing the preview resolved. Insufficient funds come back with how much is available.
    public func place(_ preview: OrderPreview, dryRun: Bool) -> Result<PlacedOrder, AccountError> {
        let request = preview.request
        return account().flatMap { account in
            account.place(request, listing: preview.listing, validateOnly: dryRun, transport: privateTransport)
                .mapError { dryRun ? $0 : afterSending($0) }
                .flatMapError { e in
                    guard case .insufficientFunds(let exchange, _) = e else { return .failure(e) }
                    let spends = request.spends
                    let available = (try? account.balances(transport: privateTransport).get())
                        .map { Self.spendable(spends, in: $0) }
                    let detail = available.map { "\($0) \(spends) available" } ?? "the \(spends) balance is too small"
                    return .failure(.insufficientFunds(exchange: exchange, detail: detail))
                }
        }
    }

    /// `cancel ID` before asking: the order, so the user confirms what it is; one that is no
    /// longer open is refused here, saying how it ended.
    public func orderToCancel(id: String) -> Result<AccountOrder, AccountError> {
        order(id: id).flatMap { o in
            switch o.status {
            case .filled, .canceled, .expired:
                return .failure(.orderNotOpen(exchange: settings.exchangeName, id: id, status: o.status.rawValue))
            case .open, .pending, .unknown: return .success(o)
            }
        }
    }

    /// `cancel ID`. An exchange that calls the order unknown is asked about it: an order that
    /// closed meanwhile (filled, say) is reported as closed, not as unknown.
    public func cancel(id: String) -> Result<Int, AccountError> {
        account().flatMap { account in
            // An answer that cannot be read may come after the order was cancelled.
            account.cancel(id: id, transport: privateTransport).mapError(afterSending).flatMapError { e in
                guard case .unknownOrder = e,
                    case .success(let o) = account.order(id: id, transport: privateTransport),
                    o.status != .open && o.status != .pending
                else { return .failure(e) }
                return .failure(.orderNotOpen(exchange: account.exchange, id: id, status: o.status.rawValue))
            }
        }
    }

    /// `cancel --all`.
    public func cancelAll() -> Result<Int, AccountError> {
        account().flatMap { $0.cancelAll(transport: privateTransport).mapError(afterSending) }
    }

    /// What an order may spend of `asset`: the available amounts of its tradable and Kraken
    /// Rewards balances (staked and opt-in earning ones have none). Every balance counts, at
    /// most its last decimals rounded where the exact sum has too many digits.
    static func spendable(_ asset: String, in balances: [AssetBalance]) -> ExactDecimal {
        ExactDecimal.sum(balances.filter { $0.asset == asset }.map(\.available)) ?? .zero
    }
}

extension AccountError {
    /// Kraken's nonce file cannot be used: no private call can be made until it is fixed.
    var isNonceFile: Bool {
        if case .nonceFile = self { return true }
        return false
    }
}

/// The pair directory, read the first time an order names a pair: balances and cancels never
/// need it, so they never read the pair-list cache (or fetch the list).
final class LazyPairLookup: @unchecked Sendable {
    private let lock = Lock()
    private var loaded = false
    private var value: PairDirectory?
    private let load: () -> PairDirectory?

    init(_ load: @escaping () -> PairDirectory?) { self.load = load }

    var directory: PairDirectory? {
        lock.withLock {
            if !loaded {
                value = load()
                loaded = true
            }
            return value
        }
    }
}
