/// One lot's part of a sale, for a tax return in another currency than the trade's: its share
/// of the proceeds and its cost basis, each converted at the rate of its own day (the basis at
/// the purchase's, the proceeds at the sale's), so the gain in the base currency includes what
/// the exchange rate did while the lot was held. A sale that took both short- and long-term lots
/// is split by them.
public struct RealizedLot: Sendable, Equatable {
    /// The sale's entry id.
    public var sale: Int64
    public var sold: CivilDate
    public var symbol: String
    public var currency: String
    public var lot: Int64
    public var acquired: CivilDate
    public var quantity: ExactDecimal
    /// "short" or "long": held past the purchase's anniversary.
    public var term: String
    /// This part's share of the sale's proceeds after fees, and its basis, minor units of
    /// `currency`.
    public var proceeds: Int64
    public var basis: Int64
    public var acquiredRate: PriceObservation
    public var soldRate: PriceObservation
    /// Minor units of the base currency.
    public var baseProceeds: Int64
    public var baseBasis: Int64
    public var baseGain: Int64 { baseProceeds - baseBasis }

    /// Every lot part of `disposals`, converted into `base` at the rate recorded with each trade
    /// in `entries` (the sale's, the purchase's), else at `prices`' rate of its day: the proceeds
    /// are shared among the parts in proportion to their quantities, the last part taking the
    /// exact rest (in `base` too), so the parts add up to the sale. Under `.average` a sale's one part is of a pool
    /// bought over many days: its basis in `base` is its share of the pool's cost in `base` as
    /// the pool was built, each purchase at its own day's rate (`entries`, the journal the
    /// disposals were replayed from), not the whole basis at the first purchase's rate.
    public static func of(
        _ disposals: [Disposal], base: String, prices: PriceBook, entries: [JournalEntry] = [],
        method: LotMethod = .fifo
    ) throws(ReturnsError) -> [RealizedLot] {
        func convert(_ minor: Int64, _ currency: String, _ rate: PriceObservation) throws(ReturnsError) -> Int64 {
            guard let v = MinorUnits.converted(minor, from: currency, into: base, at: rate.value) else {
                throw .overflow("a conversion of \(currency) into \(base)")
            }
            return v
        }
        func rate(_ currency: String, _ day: CivilDate) throws(ReturnsError) -> PriceObservation {
            guard let r = prices.rate(from: currency, to: base, on: day) else {
                throw .missingRate(from: currency, to: base, date: day)
            }
            return r
        }
        // The rate recorded with a trade is the one it was made at: it wins over the pair's
        // close of that day (a close stored later, for any portfolio, must not rewrite a tax
        // figure), as the returns' flows take it.
        var recorded: [Int64: ExactDecimal] = [:]
        for e in entries where e.currency != base {
            if let id = e.id, let r = e.fxRate, r.sign > 0 { recorded[id] = r }
        }
        func rate(of entry: Int64, _ currency: String, _ day: CivilDate) throws(ReturnsError) -> PriceObservation {
            if let r = recorded[entry] { return PriceObservation(value: r, date: day, source: "trade", fetched: nil) }
            return try rate(currency, day)
        }
        // A missing rate is asked for at its earliest day: a rate is taken on or before the day
        // wanted, so the one recorded there serves the later days too (asked at the sale's day
        // first, then the purchase's, the user recorded rates one run at a time).
        var earliest: (currency: String, day: CivilDate)?
        for d in disposals {
            let days = [(d.entry, d.date)] + d.parts.map { ($0.lot, $0.acquired) }
            for (entry, day) in days
            where recorded[entry] == nil && earliest.map({ day < $0.day }) ?? true
                && prices.rate(from: d.currency, to: base, on: day) == nil
            {
                earliest = (d.currency, day)
            }
        }
        if let earliest { throw .missingRate(from: earliest.currency, to: base, date: earliest.day) }
        let pooled =
            method == .average
            ? try poolBases(
                entries: entries, wanted: Set(disposals.map(\.entry)), base: base,
                rate: { e throws(ReturnsError) in try rate(of: e.id ?? -1, e.currency, e.date) }, convert: convert)
            : [:]
        var out: [RealizedLot] = []
        for d in disposals {
            let sold = try rate(of: d.entry, d.currency, d.date)
            var proceedsLeft = d.proceeds
            // The sale converted once, the last part taking the rest: parts converted one by one
            // each round, and added up to a cent more or less than the sale.
            var baseProceedsLeft = try convert(d.proceeds, d.currency, sold)
            var quantityLeft = d.parts.reduce(ExactDecimal(0)) { ($0 + $1.quantity) ?? $0 }
            for (i, p) in d.parts.enumerated() {
                let share: Int64
                if i == d.parts.count - 1 {
                    share = proceedsLeft
                } else {
                    guard let s = MinorUnits.share(of: proceedsLeft, part: p.quantity, whole: quantityLeft),
                        let rest = quantityLeft - p.quantity
                    else { throw .overflow("the sale of \(d.symbol)") }
                    share = s
                    quantityLeft = rest
                }
                proceedsLeft -= share
                let baseProceeds = i == d.parts.count - 1 ? baseProceedsLeft : try convert(share, d.currency, sold)
                baseProceedsLeft -= baseProceeds
                var acquired = try rate(of: p.lot, d.currency, p.acquired)
                var baseBasis = try convert(p.basis, d.currency, acquired)
                if d.parts.count == 1, let pool = pooled[d.entry] {
                    // The pool's rate: what its cost in `base` is per unit of its own cost.
                    baseBasis = pool
                    if p.basis != 0,
                        let r = ExactDecimal(significand: pool, scale: 0).divided(
                            by: ExactDecimal(significand: p.basis, scale: 0), scale: 8)
                    {
                        acquired = PriceObservation(
                            value: r.normalized, date: p.acquired, source: "the pool's purchases", fetched: nil)
                    }
                }
                out.append(
                    RealizedLot(
                        sale: d.entry, sold: d.date, symbol: d.symbol, currency: d.currency, lot: p.lot,
                        acquired: p.acquired, quantity: p.quantity,
                        term: d.date > Disposal.anniversary(of: p.acquired) ? "long" : "short", proceeds: share,
                        basis: p.basis, acquiredRate: acquired, soldRate: sold,
                        baseProceeds: baseProceeds,
                        baseBasis: baseBasis))
            }
        }
        return out
    }

    /// Under `.average`, the basis in `base` of each sale of `wanted` (entry ids), by id: the
    /// effective `entries` replayed, each pool's cost kept in its own currency (as
    /// `PortfolioBook` keeps it) and in `base` (each purchase converted at its day's rate), a
    /// sale taking from the second the share it takes from the first, all of it when it empties
    /// the pool. A rate is asked only for a pool a wanted sale takes from (the others' days
    /// may have none fetched), and its absence is an error only when such a sale needs it.
    static func poolBases(
        entries: [JournalEntry], wanted: Set<Int64>, base: String,
        rate: (JournalEntry) throws(ReturnsError) -> PriceObservation,
        convert: (Int64, String, PriceObservation) throws(ReturnsError) -> Int64
    ) throws(ReturnsError) -> [Int64: Int64] {
        let effective = PortfolioBook.effective(entries)
        // The last wanted sale of each symbol: purchases after it are of no wanted sale.
        var lastWanted: [String: Int] = [:]
        for (i, e) in effective.enumerated() where e.kind == .sell {
            if let id = e.id, wanted.contains(id), let s = e.symbol { lastWanted[s] = i }
        }
        /// A pool's cost in `base`, or the purchase whose rate is missing.
        enum PoolBase {
            case known(Int64)
            case missing(ReturnsError)
        }
        var pools: [String: PoolBase] = [:]
        var out: [Int64: Int64] = [:]
        var book = PortfolioBook(method: .average)
        for (i, e) in effective.enumerated() {
            do { try book.apply(e) } catch { throw .ledger(error) }
            guard let symbol = e.symbol, let last = lastWanted[symbol], i <= last else { continue }
            let pool = pools[symbol] ?? .known(0)
            switch e.kind {
            case .buy:
                guard case .known(let held) = pool else { continue }
                let added = e.amount + e.fee
                do {
                    pools[symbol] = .known(held + (try convert(added, e.currency, rate(e))))
                } catch { pools[symbol] = .missing(error) }
            case .sell:
                let after = book.cost(of: symbol)
                let empty = book.quantity(of: symbol).isZero
                guard let id = e.id, let disposal = book.disposals.last, disposal.entry == id else { continue }
                let taken = disposal.basis
                let before = after + taken
                switch pool {
                case .missing(let error):
                    if wanted.contains(id) { throw error }
                case .known(let held):
                    // A pool that cost nothing (bought at prices that round to 0.00) has nothing to share.
                    let share: Int64? =
                        empty
                        ? held
                        : before == 0
                            ? 0
                            : MinorUnits.share(
                                of: held, part: ExactDecimal(significand: taken),
                                whole: ExactDecimal(significand: before))
                    guard let share else { throw .overflow("the pool of \(symbol)") }
                    out[id] = share
                    pools[symbol] = .known(held - share)
                }
                if empty { pools[symbol] = .known(0) }
            default: continue
            }
        }
        return out
    }
}
