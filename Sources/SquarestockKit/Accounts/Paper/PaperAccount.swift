import SquarestockCore
import SquarestockPortfolio
import SquarestockServices

/// Practice without money: an exchange's paper account. Its cash and coins are the ledger
/// portfolio `paper-EXCHANGE` (fund it with `portfolio deposit 10000 USD --portfolio
/// paper-kraken`); its orders are a file beside the ledger (`PaperOrderFile`). An order fills
/// against the live public book at the book's own prices, level by level (a limit order only as
/// far as its price), with the fee of the exchange's public schedule. What a limit order leaves
/// rests, and fills later only from liquidity that arrived at or inside its price since its last
/// look (the live book never shows paper fills). It never makes a signed request.
struct PaperAccount {
    let app: SquarestockApp

    var exchange: String { app.settings.exchangeName }
    static func portfolioName(_ exchange: String) -> String { "paper-" + exchange }
    var ledgerApp: SquarestockApp { app.onPortfolio(Self.portfolioName(exchange)) }
    var publicFee: ExactDecimal { app.settings.catalog.entry(named: exchange)?.account?.publicTakerFee ?? .zero }
    /// What a resting order pays when the market comes to it (the taker fee where none is published).
    var makerFee: ExactDecimal { app.settings.catalog.entry(named: exchange)?.account?.publicMakerFee ?? publicFee }

    func problem(_ text: String) -> AccountError { .rejected(exchange: "the \(exchange) paper account", message: text) }
    var tooLarge: AccountError { problem("the amounts are too large to add up exactly") }

    var orderFile: Result<PaperOrderFile, AccountError> {
        guard let ledger = app.settings.portfolioPath else {
            return .failure(problem("HOME and XDG_DATA_HOME are unset"))
        }
        let folder = String(ledger[..<(ledger.lastIndex(of: "/") ?? ledger.endIndex)])
        do { try PrivateFileStore.preparePrivateFolder(folder) } catch { return .failure(problem(error.description)) }
        return .success(PaperOrderFile(path: folder + "/paper-\(exchange)-orders", exchange: exchange))
    }

    // MARK: Balances

    /// Each asset the paper ledger holds and each currency of its cash, with what open orders
    /// hold, after the open orders have looked at the book.
    func balances() -> Result<[AssetBalance], AccountError> {
        orderFile.flatMap { file in file.update { orders in settle(&orders).flatMap { balances(orders) } } }
    }

    /// What an order may spend of `asset` now.
    func available(_ asset: String) -> Result<ExactDecimal, AccountError> {
        orderFile.flatMap { $0.current() }.flatMap { balances($0) }.map { all in
            all.first { $0.asset == asset }?.available ?? .zero
        }
    }

    func balances(_ orders: [PaperOrder]) -> Result<[AssetBalance], AccountError> {
        let book: PortfolioBook
        do throws(PortfolioError) {
            book = try ledgerApp.portfolioLedger(create: true).book()
        } catch { return .failure(problem(error.description)) }
        var totals: [String: ExactDecimal] = [:]
        var held: [String: ExactDecimal] = [:]
        func add(_ amount: ExactDecimal?, to asset: String, in table: inout [String: ExactDecimal]) -> Bool {
            guard let amount, let sum = (table[asset] ?? .zero) + amount else { return false }
            table[asset] = sum
            return true
        }
        for (currency, minor) in book.cash {
            guard
                add(MinorUnits.decimal(minor, exponent: CurrencyExponent.of(currency) ?? 2), to: currency, in: &totals)
            else { return .failure(tooLarge) }
        }
        for symbol in book.lots.keys {
            guard add(book.quantity(of: symbol), to: String(symbol.prefix { $0 != "-" }), in: &totals) else {
                return .failure(tooLarge)
            }
        }
        for p in orders where p.order.status == .open {
            guard let pair = p.order.pair, let rest = p.order.amount - p.order.filled else { return .failure(tooLarge) }
            if p.order.side == .sell {
                guard add(rest, to: pair.base, in: &held) else { return .failure(tooLarge) }
            } else if let price = p.order.price {
                // A resting purchase holds its cost and the fee it will pay, rounded up to the
                // quote currency's minor unit as the cash it comes from is kept (an available
                // balance of 9470.249903796 dollars was no amount an account holds).
                guard let cost = rest * price, let fee = cost * publicFee, let need = cost + fee else {
                    return .failure(tooLarge)
                }
                let cents = CurrencyExponent.of(pair.quote).flatMap { e in
                    need.normalized.scale > e ? need.roundedUp(toScale: e) : nil
                }
                guard add(cents ?? need, to: pair.quote, in: &held) else { return .failure(tooLarge) }
            }
        }
        var out: [AssetBalance] = []
        for asset in Set(totals.keys).union(held.keys).sorted() {
            let total = totals[asset] ?? .zero
            let h = held[asset] ?? .zero
            if total.isZero && h.isZero { continue }
            guard let available = total - h else { return .failure(tooLarge) }
            out.append(AssetBalance(asset: asset, total: total, available: available, held: h))
        }
        return .success(out)
    }

    // MARK: Orders

    func orders(closed: Bool, limit: Int) -> Result<[AccountOrder], AccountError> {
        orderFile.flatMap { file in
            file.update { orders in
                settle(&orders).map {
                    Array(
                        orders.map(\.order).filter { closed ? $0.status != .open : $0.status == .open }.reversed()
                            .prefix(limit))
                }
            }
        }
    }

    /// One order as the file has it (a look-up never fills anything).
    func order(id: String) -> Result<AccountOrder, AccountError> {
        orderFile.flatMap { $0.current() }.flatMap { all in
            all.first { $0.order.id == id }.map { .success($0.order) }
                ?? .failure(.unknownPaperOrder(exchange: app.settings.exchangeName, id: id))
        }
    }

    /// Cancels one open order (`id`) or all of them (nil); the count cancelled. The book is
    /// asked first, as `orders` asks it, so an order the market has crossed fills rather than
    /// being cancelled (as on the exchange, where a filled order cannot be cancelled); a book
    /// that cannot be read does not stop the cancellation.
    func cancel(id: String?) -> Result<Int, AccountError> {
        orderFile.flatMap { file in
            file.update { orders in
                _ = settle(&orders)
                var count = 0
                for i in orders.indices where orders[i].order.status == .open && (id == nil || orders[i].order.id == id)
                {
                    orders[i].order.status = .canceled
                    orders[i].order.closed = app.settings.now
                    count += 1
                }
                if let id, count == 0 {
                    guard let o = orders.first(where: { $0.order.id == id }) else {
                        return .failure(.unknownPaperOrder(exchange: app.settings.exchangeName, id: id))
                    }
                    return .failure(
                        .paperOrderNotOpen(exchange: app.settings.exchangeName, id: id, status: o.order.status.rawValue)
                    )
                }
                return .success(count)
            }
        }
    }

    /// Places the previewed order against the book as it is now (read again: the preview's may
    /// be a confirmation old), records what filled in the paper ledger, and keeps the order.
    func place(_ preview: OrderPreview) -> Result<(placed: PlacedOrder, status: OrderStatus), AccountError> {
        let r = preview.request
        let feeRate = preview.feeRate ?? .zero
        return orderFile.flatMap { file in
            file.update { orders in
                let balances: [AssetBalance]
                switch self.balances(orders) {
                case .success(let b): balances = b
                case .failure(let e): return .failure(e)
                }
                let available = balances.first { $0.asset == r.spends }?.available ?? .zero
                let book: OrderBook
                switch self.book(preview.listing) {
                case .success(let b): book = b
                case .failure(let e): return .failure(e)
                }
                guard let walk = BookWalk.take(r.amount, side: r.side, from: book, limit: r.limitPrice) else {
                    return .failure(tooLarge)
                }
                if r.type == .market {
                    guard walk.complete else {
                        return .failure(
                            problem("the book no longer holds \(r.amount) \(r.pair.base) for a market order"))
                    }
                    if let refusal = limitNow(walk.cost, preview) { return .failure(problem(refusal)) }
                    if Self.isDust(walk.cost, in: r.pair.quote) {
                        return .failure(
                            problem("the order is worth less than one unit of \(r.pair.quote): too small to trade"))
                    }
                }
                // A purchase pays its fee on top, as the exchange charges it.
                let cost = r.limitPrice.flatMap { r.amount * $0 } ?? walk.cost
                guard let fee = cost * feeRate, let costAndFee = cost + fee else { return .failure(tooLarge) }
                let needed = r.side == .buy ? costAndFee : r.amount
                if needed > available {
                    return .failure(.insufficientFunds(exchange: "paper", detail: "\(available) \(r.spends) available"))
                }
                // Numbered, with a random tail: an id is never given twice, even after a failed write.
                let id = "PAPER-\(orders.count + 1)-" + String(UInt16.random(in: 0x1000 ... .max), radix: 16)
                var paper = PaperOrder(
                    order: AccountOrder(
                        id: id, pair: r.pair, pairName: preview.listing.nativeName, side: r.side, type: r.type.rawValue,
                        amount: r.amount, filled: .zero, price: r.limitPrice, status: .open, opened: app.settings.now),
                    fills: 0, seen: Self.inside(book, side: r.side, limit: r.limitPrice))
                if walk.filled.sign > 0, case .failure(let e) = fill(&paper, with: walk, feeRate: feeRate) {
                    return .failure(e)
                }
                if r.type == .market || Self.isDone(paper.order) {
                    paper.order.status = .filled
                    paper.order.closed = app.settings.now
                }
                orders.append(paper)
                // What the order holds (a walk of dust is no fill, `fill`).
                let filled =
                    paper.order.filled.sign > 0
                    ? "filled \(paper.order.filled.normalized) \(r.pair.base) at \(paper.order.averagePrice.map { "\($0)" } ?? "?") \(r.pair.quote) on average"
                    : "nothing filled yet"
                let placed = PlacedOrder(
                    ids: [id],
                    description: "paper \(r.side == .buy ? "buy" : "sell") \(r.amount) \(r.pair.symbol): \(filled)",
                    validatedOnly: false)
                return .success((placed, paper.order.status))
            }
        }
    }

    /// A market order's new cost against `max_order_value`, when the book moved between the
    /// preview and the confirmation (at the preview's rate when the currencies differ).
    func limitNow(_ cost: ExactDecimal, _ preview: OrderPreview) -> String? {
        guard let max = app.settings.orderLimits.maxOrderValue else { return nil }
        var value: ExactDecimal? = cost
        if max.currency != preview.request.pair.quote.uppercased() {
            value = preview.convertedValue.flatMap { converted in
                preview.cost.flatMap { old in (converted.amount * cost).flatMap { $0.divided(by: old, scale: 8) } }
            }
        }
        guard let value else { return "the order's value can no longer be compared with max_order_value = \(max)" }
        return value > max.amount ? "the book moved: the order is now worth more than max_order_value = \(max)" : nil
    }

    func book(_ listing: PairListing) -> Result<OrderBook, AccountError> {
        let (adapter, request) = app.exchangeAdapter()
        return adapter.book(listing, depth: SquarestockApp.previewBookDepth, request).mapError {
            problem("the book could not be read: " + $0.detail)
        }
    }

    /// Worth less than one unit of `currency` (8 decimals for a coin): no trade the ledger can
    /// hold, nor one an exchange's minimums allow.
    static func isDust(_ value: ExactDecimal, in currency: String) -> Bool {
        value.rounded(toScale: CurrencyExponent.of(currency) ?? 8).isZero
    }

    /// Filled as far as it ever can be: nothing left, or, once something filled, a remainder
    /// worth less than the quote's smallest unit at the order's price (each fill of it would be
    /// dust, `fill`), whether the fill came as the order was placed or later.
    static func isDone(_ o: AccountOrder) -> Bool {
        guard o.filled < o.amount else { return true }
        guard o.filled.sign > 0, let remainder = o.amount - o.filled, let price = o.price,
            let value = remainder * price
        else { return false }
        return isDust(value, in: o.pair?.quote ?? "")
    }

    /// The opposing levels at or inside `limit` (every one without a limit), price → size.
    static func inside(_ book: OrderBook, side: TradeSide, limit: ExactDecimal?) -> [ExactDecimal: ExactDecimal] {
        var out: [ExactDecimal: ExactDecimal] = [:]
        for level in side == .buy ? book.asks : book.bids {
            if !BookWalk.reaches(level.price, side: side, limit: limit) { break }
            out[level.price] = level.size
        }
        return out
    }

    /// Open orders look at the book (once per pair): each takes, at or inside its price, only
    /// what arrived since its last look, earlier orders first, and what one takes is gone for the
    /// next.
    ///
    /// Every book is read before the first fill is recorded: a fill goes into the ledger at
    /// once, and the orders file is written when this returns. With a book read in between (a
    /// slow exchange, a Ctrl-C meanwhile), the ledger held a fill the file did not, and the
    /// order's next fill was refused as already recorded, for good.
    func settle(_ orders: inout [PaperOrder]) -> Result<Void, AccountError> {
        let open = orders.indices.filter { orders[$0].order.status == .open }
        guard !open.isEmpty else { return .success(()) }
        guard case .success(let directory) = app.pairDirectory() else { return .success(()) }
        var books: [TradingPair: (full: OrderBook, left: OrderBook)] = [:]
        var unread: Set<TradingPair> = []
        for i in open {
            guard let pair = orders[i].order.pair, books[pair] == nil, !unread.contains(pair),
                let listing = directory.listing(for: pair)
            else { continue }
            if case .success(let b) = book(listing) { books[pair] = (b, b) } else { unread.insert(pair) }
        }
        for i in open {
            // Interrupted after a fill: the orders filled so far are written, no more are begun.
            if PaperOrderFile.interrupts.isPending { break }
            guard let pair = orders[i].order.pair, let (full, left) = books[pair] else { continue }
            let o = orders[i].order
            // What is new at each level: its size now less what this order saw there.
            var fresh = left
            let levels = (o.side == .buy ? left.asks : left.bids).map { level -> BookLevel in
                var l = level
                let seen = orders[i].seen[level.price] ?? .zero
                l.size = seen < level.size ? (level.size - seen) ?? .zero : .zero
                return l
            }
            if o.side == .buy { fresh.asks = levels } else { fresh.bids = levels }
            // What it saw this time, kept once its fill is recorded: a fill refused (a price it
            // needs not there yet) left the book's supply seen, and never offered again.
            let seen = Self.inside(full, side: o.side, limit: o.price)
            guard let rest = o.amount - o.filled,
                let walk = BookWalk.take(rest, side: o.side, from: fresh, limit: o.price)
            else { return .failure(tooLarge) }
            guard walk.filled.sign > 0 else {
                orders[i].seen = seen
                continue
            }
            // A resting order is the maker: the market that comes to it trades at its limit
            // price, not at the better price of the level that crossed it, and pays the maker fee.
            var made = walk
            if let price = o.price, let cost = walk.filled * price {
                made.cost = cost.scale > BookWalk.costScale ? cost.rounded(toScale: BookWalk.costScale) : cost
                made.best = price
                made.worst = price
            }
            if case .failure(let e) = fill(&orders[i], with: made, feeRate: makerFee) { return .failure(e) }
            orders[i].seen = seen
            if Self.isDone(orders[i].order) {
                orders[i].order.status = .filled
                orders[i].order.closed = app.settings.now
            }
            // What this order took is gone for the next one on the pair.
            var taken = walk.filled
            var after = left
            var side = o.side == .buy ? after.asks : after.bids
            for j in side.indices where taken.sign > 0 {
                let fromHere = min(taken, levels[j].size)
                side[j].size = (side[j].size - fromHere) ?? .zero
                taken = (taken - fromHere) ?? .zero
            }
            if o.side == .buy { after.asks = side } else { after.bids = side }
            books[pair] = (full, after)
        }
        return .success(())
    }

    /// Adds `walk` to the order: its filled amount and average first (so nothing is recorded for
    /// numbers that do not fit), then the fill in the paper ledger, keyed by the order and the
    /// fill's number.
    func fill(_ paper: inout PaperOrder, with walk: BookWalk, feeRate: ExactDecimal) -> Result<Void, AccountError> {
        let o = paper.order
        // Dust worth less than the quote currency's smallest unit (0.00000001 BTC at 30,290
        // dollars) is no trade the ledger can hold, nor one an exchange's minimums allow: not
        // taken, the order stays as it was (it failed the whole settlement, and the fill was lost).
        if let quote = o.pair?.quote, Self.isDust(walk.cost, in: quote) {
            return .success(())
        }
        let places = (walk.best?.scale ?? 2) + 4
        guard let filled = o.filled + walk.filled,
            let earlier = o.averagePrice.map({ o.filled * $0 }) ?? ExactDecimal.zero,
            let total = earlier + walk.cost, let average = total.divided(by: filled, scale: places),
            let fee = walk.cost * feeRate, let pair = o.pair
        else { return .failure(tooLarge) }
        let number = paper.fills + 1
        let reference = o.id + "-" + String(number)
        let buy = o.side == .buy
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
                switch status {
                case .new: continue
                case .refused(let why): return .failure(problem("the fill cannot be recorded: " + why))
                default: return .failure(problem("the fill \(reference) is already in the paper ledger"))
                }
            }
            _ = try ledgerApp.writeSync(plan, skippingRefused: false)
            // From the fill's record to the orders file's write, an interrupt waits (`update`);
            // not while the first fill's write waits for the ledger (a Ctrl-C then ends it,
            // nothing written), and no later fill is begun once one came.
            PaperOrderFile.interrupts.begin(
                saying: "squarestock: interrupted after the paper fill \(reference) was recorded; see it with "
                    + "`squarestock account orders --paper --exchange \(exchange)`\n")
        } catch { return .failure(problem(error.description)) }
        paper.fills = number
        paper.order.filled = filled.normalized
        paper.order.averagePrice = average.normalized
        return .success(())
    }
}

extension SquarestockApp {
    /// `account --paper`: the paper account of the settings' exchange, valued as `balances` is.
    public func paperBalances(currency: String) -> Result<[AssetBalance], AccountError> {
        PaperAccount(app: self).balances().map { valued($0, in: currency.uppercased()) }
    }

    public func paperOrders(closed: Bool, limit: Int) -> Result<[AccountOrder], AccountError> {
        PaperAccount(app: self).orders(closed: closed, limit: limit)
    }

    public func paperOrder(id: String) -> Result<AccountOrder, AccountError> { PaperAccount(app: self).order(id: id) }

    /// `cancel --paper ID` (nil: `--all`).
    public func paperCancel(id: String?) -> Result<Int, AccountError> { PaperAccount(app: self).cancel(id: id) }

    /// `buy --paper` / `sell --paper` after the confirmation: the order and where it stands.
    public func placePaper(_ preview: OrderPreview) -> Result<(placed: PlacedOrder, status: OrderStatus), AccountError>
    {
        PaperAccount(app: self).place(preview)
    }
}
