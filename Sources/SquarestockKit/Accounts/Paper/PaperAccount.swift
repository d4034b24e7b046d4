import SquarestockCore
import SquarestockPortfolio
import SquarestockServices

/// Practice without money: an exchange's paper account. Its cash and coins are the ledger
/// portfolio `paper-EXCHANGE` (fund it with `portfolio deposit 10000 USD --portfolio
/// paper-kraken`); its orders are a file beside the ledger. An order fills against the live
/// public book at the book's own prices, level by level (a limit order only as far as its
/// price; the rest rests open and fills when a later look at the book crosses it), with the fee
/// of the exchange's public schedule. It never makes a signed request: no key is needed.
struct PaperAccount {
    let app: SquarestockApp

    var exchange: String { app.settings.exchangeName }
    static func portfolioName(_ exchange: String) -> String { "paper-" + exchange }
    var ledgerApp: SquarestockApp { app.onPortfolio(Self.portfolioName(exchange)) }

    var orderFile: Result<PaperOrderFile, AccountError> {
        guard let ledger = app.settings.portfolioPath else {
            return .failure(
                .rejected(exchange: "the \(exchange) paper account", message: "HOME and XDG_DATA_HOME are unset"))
        }
        let folder = String(ledger[..<(ledger.lastIndex(of: "/") ?? ledger.endIndex)])
        do { try PrivateFileStore.preparePrivateFolder(folder) } catch {
            return .failure(.rejected(exchange: "the \(exchange) paper account", message: error.description))
        }
        return .success(PaperOrderFile(path: folder + "/paper-\(exchange)-orders", exchange: exchange))
    }

    func problem(_ text: String) -> AccountError { .rejected(exchange: "the \(exchange) paper account", message: text) }

    // MARK: Balances

    /// Each asset the paper ledger holds and each currency of its cash, with what open orders hold.
    func balances() -> Result<[AssetBalance], AccountError> {
        orderFile.flatMap { file in
            file.update { orders in
                settle(&orders).flatMap { _ in balances(orders) }
            }
        }
    }

    /// What an order may spend of `asset`.
    func available(_ asset: String) -> Result<ExactDecimal, AccountError> {
        orderFile.flatMap { $0.current() }.flatMap { balances($0) }.map { all in
            all.first { $0.asset == asset }?.available ?? .zero
        }
    }

    func balances(_ orders: [AccountOrder]) -> Result<[AssetBalance], AccountError> {
        let book: PortfolioBook
        do throws(PortfolioError) {
            book = try ledgerApp.portfolioLedger(create: true).book()
        } catch { return .failure(problem(error.description)) }
        var totals: [String: ExactDecimal] = [:]
        for (currency, minor) in book.cash {
            let exponent = CurrencyExponent.of(currency) ?? 0
            totals[currency] = ExactDecimal(significand: minor, scale: exponent)
        }
        for symbol in book.lots.keys {
            let asset = String(symbol.prefix { $0 != "-" })
            let q = book.quantity(of: symbol)
            totals[asset] = (totals[asset] ?? .zero) + q ?? q
        }
        var held: [String: ExactDecimal] = [:]
        for o in orders where o.status == .open {
            guard let pair = o.pair, let rest = o.amount - o.filled else { continue }
            if o.side == .sell {
                held[pair.base] = (held[pair.base] ?? .zero) + rest ?? rest
            } else if let price = o.price, let cost = rest * price {
                held[pair.quote] = (held[pair.quote] ?? .zero) + cost ?? cost
            }
        }
        let assets = Set(totals.keys).union(held.keys).sorted()
        return .success(
            assets.compactMap { asset in
                let total = totals[asset] ?? .zero
                let h = held[asset] ?? .zero
                guard !(total.isZero && h.isZero) else { return nil }
                return AssetBalance(asset: asset, total: total, available: (total - h) ?? .zero, held: h)
            })
    }

    // MARK: Orders

    func orders(closed: Bool, limit: Int) -> Result<[AccountOrder], AccountError> {
        orderFile.flatMap { file in
            file.update { orders in
                settle(&orders).map { _ in
                    let chosen = orders.filter { closed ? $0.status != .open : $0.status == .open }
                    return Array(chosen.reversed().prefix(limit))
                }
            }
        }
    }

    func order(id: String) -> Result<AccountOrder, AccountError> {
        orders(closed: false, limit: 100_000).flatMap { open in
            orders(closed: true, limit: 100_000).map { open + $0 }
        }.flatMap { all in
            all.first { $0.id == id }.map { .success($0) } ?? .failure(.unknownOrder(exchange: "paper", id: id))
        }
    }

    /// Cancels one open order (`id`) or all of them; the count cancelled.
    func cancel(id: String?) -> Result<Int, AccountError> {
        orderFile.flatMap { file in
            file.update { orders in
                var count = 0
                for i in orders.indices where orders[i].status == .open && (id == nil || orders[i].id == id) {
                    orders[i].status = .canceled
                    orders[i].closed = app.settings.now
                    count += 1
                }
                if let id, count == 0 {
                    guard let o = orders.first(where: { $0.id == id }) else {
                        return .failure(.unknownOrder(exchange: "paper", id: id))
                    }
                    return .failure(.orderNotOpen(exchange: "paper", id: id, status: o.status.rawValue))
                }
                return .success(count)
            }
        }
    }

    /// Places the previewed order: it takes from the book as it is now (read again: the preview's
    /// book may be a confirmation old), records what filled in the paper ledger, and keeps the
    /// order (open while a limit order's rest waits).
    func place(_ preview: OrderPreview) -> Result<PlacedOrder, AccountError> {
        let r = preview.request
        let feeRate = preview.feeRate ?? .zero
        return orderFile.flatMap { file in
            file.update { orders in
                // Funds are checked against the orders as they are under the lock.
                guard case .success(let balances) = balances(orders) else {
                    return balances(orders).map { _ in PlacedOrder(ids: [], description: nil, validatedOnly: false) }
                }
                let available = balances.first { $0.asset == r.spends }?.available ?? .zero
                // Numbered, with a random tail: an id is never given twice, even after a failed write.
                let tail = String(UInt16.random(in: 0x1000 ... .max), radix: 16)
                let id = "PAPER-" + String(orders.count + 1) + "-" + tail
                var order = AccountOrder(
                    id: id, pair: r.pair, pairName: preview.listing.nativeName, side: r.side, type: r.type.rawValue,
                    amount: r.amount, filled: .zero, price: r.limitPrice, status: .open, opened: app.settings.now)
                let walk: BookWalk
                switch takeFromBook(order, listing: preview.listing) {
                case .success(let w): walk = w
                case .failure(let e): return .failure(e)
                }
                if r.type == .market, !walk.complete {
                    return .failure(problem("the book no longer holds \(r.amount) \(r.pair.base) for a market order"))
                }
                // A purchase pays its fee on top, as the exchange charges it.
                let cost = r.limitPrice.flatMap { r.amount * $0 } ?? walk.cost
                let needed = r.side == .buy ? (cost * feeRate).flatMap { cost + $0 } ?? cost : r.amount
                if needed > available {
                    return .failure(
                        .insufficientFunds(exchange: "paper", detail: "\(available) \(r.spends) available"))
                }
                if walk.filled.sign > 0 {
                    if case .failure(let e) = record(walk, of: order, fill: 1, feeRate: feeRate) { return .failure(e) }
                    order.filled = walk.filled.normalized
                    order.averagePrice = walk.averagePrice(scale: (walk.best?.scale ?? 2) + 4)
                }
                if !(walk.filled < order.amount) || r.type == .market {
                    order.status = .filled
                    order.closed = app.settings.now
                }
                orders.append(order)
                let filledText =
                    walk.filled.sign > 0
                    ? "filled \(walk.filled.normalized) \(r.pair.base) at \(order.averagePrice.map { "\($0)" } ?? "?") \(r.pair.quote) on average"
                    : "nothing filled yet"
                return .success(
                    PlacedOrder(
                        ids: [id],
                        description: "paper \(r.side == .buy ? "buy" : "sell") \(r.amount) \(r.pair.symbol): "
                            + filledText, validatedOnly: false))
            }
        }
    }

    /// What `order`'s unfilled rest takes from the book now (up to its limit price).
    func takeFromBook(_ order: AccountOrder, listing: PairListing) -> Result<BookWalk, AccountError> {
        let (adapter, request) = app.exchangeAdapter()
        let book: OrderBook
        switch adapter.book(listing, depth: SquarestockApp.previewBookDepth, request) {
        case .success(let b): book = b
        case .failure(let e): return .failure(problem("the book could not be read: " + e.detail))
        }
        guard let rest = order.amount - order.filled,
            let walk = BookWalk.take(rest, side: order.side, from: book, limit: order.price)
        else { return .failure(problem("the order's numbers are too large")) }
        return .success(walk)
    }

    /// Open limit orders take what the book now offers at or inside their price.
    func settle(_ orders: inout [AccountOrder]) -> Result<Void, AccountError> {
        guard orders.contains(where: { $0.status == .open }) else { return .success(()) }
        guard case .success(let directory) = app.pairDirectory() else { return .success(()) }
        for i in orders.indices where orders[i].status == .open {
            guard let pair = orders[i].pair, let listing = directory.listing(for: pair),
                case .success(let walk) = takeFromBook(orders[i], listing: listing), walk.filled.sign > 0
            else { continue }
            let fill = 2 + (orders[i].filled.sign > 0 ? 1 : 0)
            let feeRate = app.settings.catalog.entry(named: exchange)?.account?.publicTakerFee ?? .zero
            if case .failure(let e) = record(walk, of: orders[i], fill: fill, feeRate: feeRate) { return .failure(e) }
            let before = orders[i].filled
            guard let filled = before + walk.filled else { continue }
            // The average over every fill: the earlier fills' cost and this one's.
            if let earlier = orders[i].averagePrice.flatMap({ before * $0 }), let total = earlier + walk.cost {
                orders[i].averagePrice = total.divided(by: filled, scale: (walk.best?.scale ?? 2) + 4)?.normalized
            } else {
                orders[i].averagePrice = walk.averagePrice(scale: (walk.best?.scale ?? 2) + 4)
            }
            orders[i].filled = filled.normalized
            if !(filled < orders[i].amount) {
                orders[i].status = .filled
                orders[i].closed = app.settings.now
            }
        }
        return .success(())
    }

    /// Writes a fill into the paper ledger as a sync writes an exchange's trade: two legs, the
    /// fee on the quote's, keyed by the order and the fill's number.
    func record(_ walk: BookWalk, of order: AccountOrder, fill: Int, feeRate: ExactDecimal) -> Result<
        Void, AccountError
    > {
        guard let pair = order.pair else { return .failure(problem("the order has no pair")) }
        let reference = order.id + "-" + String(fill)
        let fee = (walk.cost * feeRate) ?? .zero
        let buy = order.side == .buy
        let legs = [
            AccountMovement(
                id: reference + "|base", reference: reference, time: app.settings.now, kind: .trade, asset: pair.base,
                amount: buy ? walk.filled : walk.filled.negated),
            AccountMovement(
                id: reference + "|quote", reference: reference, time: app.settings.now, kind: .trade,
                asset: pair.quote, amount: buy ? walk.cost.negated : walk.cost, fee: fee),
        ]
        do throws(PortfolioError) {
            let plan = try ledgerApp.planSync(legs)
            for status in plan.status {
                if case .refused(let why) = status { return .failure(problem("the fill cannot be recorded: " + why)) }
            }
            _ = try ledgerApp.writeSync(plan, skippingRefused: false)
            return .success(())
        } catch { return .failure(problem(error.description)) }
    }
}

extension SquarestockApp {
    /// The paper account of the settings' exchange.
    public func paperBalances(currency: String) -> Result<[AssetBalance], AccountError> {
        PaperAccount(app: self).balances().map { valued($0, in: currency.uppercased()) }
    }

    public func paperOrders(closed: Bool, limit: Int) -> Result<[AccountOrder], AccountError> {
        PaperAccount(app: self).orders(closed: closed, limit: limit)
    }

    public func paperOrder(id: String) -> Result<AccountOrder, AccountError> { PaperAccount(app: self).order(id: id) }

    /// `cancel --paper ID` (nil: `--all`).
    public func paperCancel(id: String?) -> Result<Int, AccountError> { PaperAccount(app: self).cancel(id: id) }

    /// `buy --paper` / `sell --paper` after the confirmation.
    public func placePaper(_ preview: OrderPreview) -> Result<PlacedOrder, AccountError> {
        PaperAccount(app: self).place(preview)
    }

    /// The paper account's portfolio in the ledger (`paper-kraken`).
    public var paperPortfolioName: String { PaperAccount.portfolioName(settings.exchangeName) }
}
