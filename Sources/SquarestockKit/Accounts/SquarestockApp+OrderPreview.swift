import SquarestockCore
import SquarestockServices

extension SquarestockApp {
    /// Levels a side read for the preview: enough for a market order's walk on every exchange
    /// (Kraken's Depth gives at most 500).
    static let previewBookDepth = 500

    /// `buy`/`sell` before sending: the order on the pair's grid, the public book (its mid; a
    /// market order's expected price), the user's limits, then the balance it uses and the fee.
    /// The limits need only public data and are checked first: an order a limit refuses makes no
    /// private request at all. A paper order (`paper`) reads its balance from the paper account
    /// and its fee from the exchange's public schedule, and makes no private request either.
    public func preview(_ typed: OrderRequest, far: Bool = false, paper: Bool = false) -> Result<
        OrderPreview, AccountError
    > {
        let adapter = exchangeAdapter().0
        let directory: PairDirectory
        let listing: PairListing
        switch pairDirectory().flatMap({ d in d.resolve(typed.pair.symbol).map { (d, $0) } }) {
        case .success(let (d, l)): (directory, listing) = (d, l)
        // Not reached is not refused: the exit code says which (3, as for `book`).
        case .failure(.transport(_, let t)): return .failure(.transport(exchange: adapter.name, t))
        case .failure(let e): return .failure(.rejected(exchange: adapter.name, message: e.detail))
        }
        // What is sent: the amount and price on the pair's grid, shown beside what was typed.
        let request = typed.rounded(to: listing)
        var preview = OrderPreview(
            exchange: adapter.name, exchangeDisplayName: adapter.displayName, request: request,
            listing: listing, cost: request.cost, spends: request.spends, available: nil, problems: [])
        preview.paper = paper
        if request != typed { preview.typed = typed }

        if paper || request.type == .market || !far { readBook(into: &preview) }
        var limits = settings.orderLimits
        limits.far = far
        let (limitProblems, converted) = OrderLimitChecks.problems(
            preview, limits: limits, configPath: settings.configPath,
            rate: { exchangeRate(from: $0, to: $1, in: directory) })
        preview.convertedValue = converted
        let refused = settings.orderLimitProblems + limitProblems
        var listingProblems: [String] {
            var problems = OrderChecks.problems(
                request, listing: listing, available: preview.available, expectedCost: preview.walk?.cost)
            if request.amount.isZero, typed.amount.sign > 0, let step = listing.sizeIncrement {
                problems.insert(
                    "the amount \(typed.amount) is below the pair's step of \(step) \(typed.pair.base)", at: 0)
            }
            return problems
        }
        // The paper account is local, so a refused paper order still shows its balance and fee;
        // a real one is refused before its first private request.
        if paper {
            switch PaperAccount(app: self).available(request.spends) {
            case .success(let a): preview.available = a
            // A refusal by the limits is the answer; an unreadable paper account is otherwise.
            case .failure(let e): if refused.isEmpty { return .failure(e) }
            }
            preview.feeRate = settings.catalog.entry(named: adapter.name)?.account?.publicTakerFee
        }
        // An order the exchange does not take is refused before the confirmation, a paper fill
        // (practice is of what the exchange would do) or any signed request.
        if request.type == .market, settings.catalog.entry(named: adapter.name)?.account?.marketOrders == false {
            preview.problems = ["\(adapter.displayName) does not take market orders; give --limit PRICE"] + refused
            return .success(preview)
        }
        guard refused.isEmpty else {
            preview.refusedByLimit = true
            preview.problems = refused + listingProblems
            return .success(preview)
        }

        if !paper {
            let account: any ExchangeAccount
            switch self.account() {
            case .success(let a): account = a
            case .failure(let e): return .failure(e)
            }
            switch account.balances(transport: privateTransport) {
            case .success(let balances): preview.available = Self.spendable(request.spends, in: balances)
            // A nonce file that cannot be used stops every call: say so before asking to confirm.
            case .failure(let e) where e.isNonceFile: return .failure(e)
            case .failure(let e):
                preview.available = nil
                preview.balanceProblem = e.message
            }
            preview.feeRate = account.takerFee(listing, transport: privateTransport)
        }
        preview.problems = listingProblems
        return .success(preview)
    }

    /// The pair's public book read into `p`: its mid, and for a market order the walk of its size
    /// through the book (and, when the book fills it, its expected cost); why not, when the book
    /// cannot be read. The preview reads it, and a market order's recheck reads it again.
    func readBook(into p: inout OrderPreview) {
        let (adapter, publicRequest) = exchangeAdapter()
        let request = p.request
        switch adapter.book(p.listing, depth: Self.previewBookDepth, publicRequest) {
        case .success(let book):
            p.mid = book.mid
            if request.type == .market {
                p.walk = BookWalk.take(request.amount, side: request.side, from: book)
                if let walk = p.walk, walk.complete { p.cost = walk.cost }
            }
        case .failure(let e): p.bookProblem = e.detail
        }
    }

    /// The exchange's own rate from one currency to another: the last trade of FROM-TO, or one
    /// over that of TO-FROM, looked up in the preview's own pair list; why not, when it lists
    /// neither or its price cannot be read.
    func exchangeRate(from: String, to: String, in directory: PairDirectory) -> Result<
        ExactDecimal, OrderLimitChecks.RateUnavailable
    > {
        let (adapter, request) = exchangeAdapter()
        for (pair, inverse) in [
            (TradingPair(base: from, quote: to), false), (TradingPair(base: to, quote: from), true),
        ] {
            guard let listing = directory.listing(for: pair) else { continue }
            switch adapter.tickers([listing], request).results.first {
            case .success(let ticker)?:
                guard let price = ticker.last, price.sign > 0 else {
                    return .failure(
                        OrderLimitChecks.RateUnavailable("\(adapter.displayName)'s \(pair.symbol) has no last trade"))
                }
                guard inverse else { return .success(price) }
                return CurrencyConversion.inverseRate(price).map { .success($0) }
                    ?? .failure(OrderLimitChecks.RateUnavailable("\(pair.symbol)'s price is out of range"))
            case .failure(let e)?:
                return .failure(
                    OrderLimitChecks.RateUnavailable(
                        "\(adapter.displayName)'s \(pair.symbol) price could not be read: \(e.detail)"))
            case nil: continue
            }
        }
        return .failure(
            OrderLimitChecks.RateUnavailable("\(adapter.displayName) lists no \(from)-\(to) or \(to)-\(from) pair"))
    }
}
