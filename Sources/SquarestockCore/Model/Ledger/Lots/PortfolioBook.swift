/// Everything derived from a journal: the open lots of each symbol, cash per currency, every
/// sale's realized gain and the dividends. Built by replaying the entries in date order (the
/// store's id breaks ties), skipping reversed entries, so it can always be recomputed and never
/// disagrees with the journal.
public struct PortfolioBook: Sendable {
    public private(set) var lots: [String: [Lot]] = [:]
    /// Minor units by currency.
    public private(set) var cash: [String: Int64] = [:]
    public private(set) var disposals: [Disposal] = []
    /// Net dividends (gross minus withheld), minor units, by symbol and currency.
    public private(set) var dividends: [String: Int64] = [:]
    public let method: LotMethod
    /// Each symbol's open quantity and remaining cost, kept as the lots change: asked on every
    /// purchase (the holding must stay exact) and sale, a sum over the lots made a write on a
    /// symbol of many lots cost as many additions.
    private var held: [String: (quantity: ExactDecimal, cost: Int64)] = [:]

    /// Replays `entries` under `method`; throws on the first entry that cannot apply (a sale of
    /// more than is held, a sale from a lot that is not open).
    public init(entries: [JournalEntry], method: LotMethod) throws(PortfolioError) {
        self.method = method
        for e in Self.effective(entries) { try apply(e) }
    }

    /// An empty book, for entries applied one at a time in effect order (`JournalReplay`).
    package init(method: LotMethod) { self.method = method }

    /// The entries in effect (no reversal, nothing reversed) in the order they apply: by date,
    /// then as recorded. (`JournalReplay` orders its rows the same way.)
    public static func effective(_ entries: [JournalEntry]) -> [JournalEntry] {
        let reversed = Set(entries.compactMap { $0.kind == .reversal ? $0.reverses : nil })
        return entries.filter { e in e.kind != .reversal && !(e.id.map(reversed.contains) ?? false) }
            .sorted { a, b in a.date != b.date ? a.date < b.date : (a.id ?? .max) < (b.id ?? .max) }
    }

    /// The total remaining cost of `symbol`'s open lots, minor units. (`apply` refuses a purchase
    /// whose holding's cost or quantity would not fit, so these sums do.)
    public func cost(of symbol: String) -> Int64 { held[symbol]?.cost ?? 0 }

    /// Open quantity of `symbol`.
    public func quantity(of symbol: String) -> ExactDecimal { held[symbol]?.quantity ?? ExactDecimal(0) }

    package mutating func apply(_ e: JournalEntry) throws(PortfolioError) {
        switch e.kind {
        case .deposit: try move(cash: e.amount, e.currency)
        case .withdraw: try move(cash: -e.amount, e.currency)
        case .buy:
            guard let symbol = e.symbol, let q = e.quantity else {
                throw .invalidEntry("a purchase needs a symbol and a quantity")
            }
            // One currency per holding: a cost in yen and one in dollars cannot be added up.
            if let held = lots[symbol]?.first, held.currency != e.currency {
                throw .currencyMismatch(symbol: symbol, held: held.currency, given: e.currency, date: e.date)
            }
            let paid = try Self.sum(e.amount, e.fee, "the cost of \(symbol)")
            try move(cash: -paid, e.currency, "the cost of \(symbol)")
            // The holding's quantity and cost must stay exact: a lot of 0.123456789012345678
            // beside one of 10 has no 18-digit sum, and a holding shown as 10 while its lots
            // hold more, or a sale taking the wrong lot, would follow.
            // One look-up of the holding, read and written in place.
            var fits = true
            Self.add(q, paid, to: &held[symbol, default: (ExactDecimal(0), 0)], fits: &fits)
            guard fits else { throw .overflow("the holding of \(symbol) with this purchase") }
            let lot = Lot(
                id: e.id ?? 0, symbol: symbol, date: e.date, quantity: q, cost: paid, currency: e.currency,
                fxRate: e.fxRate)
            if method == .average, var pool = lots[symbol]?.first {
                guard pool.currency == e.currency, let total = pool.quantity + q else {
                    throw .invalidEntry(
                        "an average-cost pool holds one currency: \(symbol) was bought in \(pool.currency)")
                }
                pool.quantity = total
                pool.cost &+= lot.cost  // checked above
                lots[symbol] = [pool]
            } else {
                lots[symbol, default: []].append(lot)
            }
        case .sell: try sell(e)
        case .dividend:
            let net = try Self.sum(e.amount, -e.withheld, "the dividend")
            try move(cash: net, e.currency)
            let key = (e.symbol ?? "") + " " + e.currency
            dividends[key] = try Self.sum(dividends[key] ?? 0, net, "the dividends of \(e.symbol ?? "")")
        case .split:
            guard let symbol = e.symbol, let n = e.splitNumerator, let d = e.splitDenominator, n > 0, d > 0 else {
                throw .invalidEntry("a split needs a symbol and a ratio")
            }
            let h = held[symbol]
            let (after, total) = try Self.split(
                lots[symbol] ?? [], holding: h?.quantity ?? ExactDecimal(0), numerator: n, denominator: d,
                symbol: symbol)
            lots[symbol] = after
            if let h { held[symbol] = (total, h.cost) }
        case .interest: try move(cash: Self.sum(e.amount, -e.withheld, "the interest"), e.currency)
        case .fee: try move(cash: -e.amount, e.currency)
        case .exchange: try move(cash: e.amount, e.currency)
        case .reversal: break
        }
    }

    /// `a + b`, or `.overflow(what)` when it does not fit (an amount no account holds, but one a
    /// command line can type: the replay must refuse it, not stop the program).
    /// `held` with `quantity` and `cost` added, left as it was with `fits` false when either sum
    /// does not fit.
    private static func add(
        _ quantity: ExactDecimal, _ cost: Int64, to held: inout (quantity: ExactDecimal, cost: Int64),
        fits: inout Bool
    ) {
        guard let q = held.quantity + quantity, let c = MinorUnits.sum(held.cost, cost) else {
            fits = false
            return
        }
        held = (q, c)
    }

    /// (`what` is made only for the error: a replay applies every entry of a large import.)
    static func sum(_ a: Int64, _ b: Int64, _ what: @autoclosure () -> String) throws(PortfolioError) -> Int64 {
        guard let s = MinorUnits.sum(a, b) else { throw .overflow(what()) }
        return s
    }

    /// Moves the cash balance in `currency` by `minor`.
    mutating func move(
        cash minor: Int64, _ currency: String, _ what: @autoclosure () -> String? = nil
    ) throws(PortfolioError) {
        guard let s = MinorUnits.sum(cash[currency, default: 0], minor) else {
            throw .overflow(what() ?? "the \(currency) cash balance")
        }
        cash[currency] = s
    }

    /// Takes the sale's quantity from the lots the method picks, each part's cost in proportion
    /// to the quantity it takes (what is left of a lot keeps the exact remainder).
    mutating func sell(_ e: JournalEntry) throws(PortfolioError) {
        guard let symbol = e.symbol, var left = e.quantity else {
            throw .invalidEntry("a sale needs a symbol and a quantity")
        }
        var open = lots[symbol] ?? []
        let held = quantity(of: symbol)
        guard !(held < left) else {
            throw .sellingMoreThanHeld(symbol: symbol, selling: left, held: held, date: e.date)
        }
        if let lotCurrency = open.first?.currency, lotCurrency != e.currency {
            throw .currencyMismatch(symbol: symbol, held: lotCurrency, given: e.currency, date: e.date)
        }
        let order: [Int]
        if let named = e.lot {
            guard let i = open.firstIndex(where: { $0.id == named }) else {
                throw .noSuchLot(symbol: symbol, lot: named)
            }
            guard !(open[i].quantity < left) else {
                throw .sellingMoreThanLotHolds(
                    symbol: symbol, lot: named, selling: left, held: open[i].quantity, date: e.date)
            }
            order = [i]
        } else {
            order = Self.order(open, method: method)
        }
        var parts: [Disposal.Part] = []
        for i in order where !left.isZero {
            let take = open[i].quantity < left ? open[i].quantity : left
            guard let basis = MinorUnits.share(of: open[i].cost, part: take, whole: open[i].quantity),
                let rest = open[i].quantity - take, let stillLeft = left - take
            else { throw .overflow("the sale of \(symbol)") }
            parts.append(Disposal.Part(lot: open[i].id, acquired: open[i].date, quantity: take, basis: basis))
            // Normalized: 1.25 less 0.05 is 1.2, not `1.20` in the lots and the holdings.
            open[i].quantity = rest.normalized
            open[i].cost -= basis
            left = stillLeft
        }
        lots[symbol] = open.filter { !$0.quantity.isZero }
        let basis = parts.reduce(0) { $0 &+ $1.basis }
        guard let rest = held - (e.quantity ?? held) else { throw .overflow("the sale of \(symbol)") }
        self.held[symbol] = (rest.normalized, cost(of: symbol) &- basis)
        try move(cash: Self.sum(e.amount, -e.fee, "the proceeds of \(symbol)"), e.currency)
        disposals.append(
            Disposal(
                entry: e.id ?? 0, date: e.date, symbol: symbol, currency: e.currency, quantity: e.quantity ?? left,
                proceeds: e.amount &- e.fee, fee: e.fee, basis: parts.reduce(0) { $0 &+ $1.basis }, parts: parts))
    }

    /// The lots after a split of `numerator` new shares for `denominator` old: the holding's new
    /// total is computed once (to 8 places when it is not whole), each lot but the last gets its
    /// share rounded and the last the exact rest, so three lots of 100 reverse-split 1:3 still
    /// add up to 100. Costs and dates do not change.
    /// `holding` is the lots' total quantity; answers the lots and their new total.
    static func split(
        _ lots: [Lot], holding total: ExactDecimal, numerator n: Int64, denominator d: Int64, symbol: String
    ) throws(PortfolioError) -> (lots: [Lot], total: ExactDecimal) {
        guard !lots.isEmpty else { return (lots, total) }
        func scaled(_ q: ExactDecimal) -> ExactDecimal? { q.scaledBy(n, d) }
        guard let newTotal = scaled(total) else { throw .overflow("the split of \(symbol)") }
        var out = lots
        var assigned = ExactDecimal(0)
        for i in out.indices {
            if i == out.count - 1 {
                guard let rest = newTotal - assigned else { throw .overflow("the split of \(symbol)") }
                out[i].quantity = rest.normalized
            } else {
                guard let q = scaled(out[i].quantity), let sum = assigned + q else {
                    throw .overflow("the split of \(symbol)")
                }
                out[i].quantity = q
                assigned = sum
            }
        }
        return (out, newTotal)
    }

    /// The lots in the order a sale takes them.
    static func order(_ lots: [Lot], method: LotMethod) -> [Int] {
        let idx = Array(lots.indices)
        switch method {
        case .fifo, .average:
            return idx.sorted { (lots[$0].date, lots[$0].id) < (lots[$1].date, lots[$1].id) }
        case .lifo:
            return idx.sorted { (lots[$0].date, lots[$0].id) > (lots[$1].date, lots[$1].id) }
        case .hifo:
            // Unit costs compared exactly: a.cost / a.qty > b.cost / b.qty, cross-multiplied.
            return idx.sorted { i, j in
                let a = lots[i]
                let b = lots[j]
                let s = max(a.quantity.scale, b.quantity.scale)
                let qa = Int128(a.quantity.rescaled(to: s)?.significand ?? 1)
                let qb = Int128(b.quantity.rescaled(to: s)?.significand ?? 1)
                let left = Int128(a.cost) * qb
                let right = Int128(b.cost) * qa
                return left != right ? left > right : (a.date, a.id) < (b.date, b.id)
            }
        }
    }
}
