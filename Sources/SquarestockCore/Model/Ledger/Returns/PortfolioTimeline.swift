/// The journal replayed day by day and valued at each day's close in the base currency: the
/// start (the close of the day before the period, entries before it applied), then every day
/// of the period on which something has a price or an entry, and the period's last day. This
/// is the one walk every return figure reads: the time-weighted return chains its days, the
/// money-weighted return takes its flows and end, the gain split sums its parts.
public struct PortfolioTimeline: Sendable {
    public var base: String
    /// Whether the ledger keeps cash (has a deposit or withdrawal): see `ExternalFlow`.
    public var cashBased: Bool
    /// The close of the day before the period.
    public var start: ValuationDay
    public var days: [ValuationDay]
    public var flows: [ExternalFlow]
    /// Per symbol (asked with `byHolding`): its value at the start and each day, and its own
    /// flows per day (purchases in, sales and dividends out), base minor units.
    public var holdingValues: [String: [Int64]] = [:]
    public var holdingFlows: [String: [Int64]] = [:]

    /// Replays `entries` (all of the portfolio's: reversals are applied as the book applies
    /// them) under `method`, valuing at `prices`, from `from` (default: the first entry's day)
    /// through `to`.
    public static func build(
        entries: [JournalEntry], method: LotMethod, prices: PriceBook, base: String, from: CivilDate?,
        to: CivilDate, keepMarks: Bool, byHolding: Bool
    ) throws(ReturnsError) -> PortfolioTimeline {
        let effective = PortfolioBook.effective(entries)
        guard let first = effective.first else { throw .nothingHeld }
        let start = from ?? first.date
        guard start <= to else { throw .emptyPeriod(from: start, to: to) }
        var walk = Walk(
            base: base, prices: prices, keepMarks: keepMarks,
            cashBased: effective.contains { $0.kind == .deposit || $0.kind == .withdraw },
            book: PortfolioBook(method: method))
        let symbols = Set(effective.compactMap(\.symbol))
        var i = 0
        while i < effective.count, effective[i].date < start {
            try walk.apply(effective[i], counted: false)
            i += 1
        }
        let startDay = start.adding(days: -1)
        var timeline = PortfolioTimeline(
            base: base, cashBased: walk.cashBased, start: try walk.value(on: startDay), days: [], flows: [])
        if byHolding {
            for s in symbols {
                timeline.holdingValues[s] = [walk.lastValues[s] ?? 0]
                timeline.holdingFlows[s] = [0]
            }
        }
        var dates = Set(effective[i...].lazy.map(\.date).filter { $0 <= to })
        for s in symbols { dates.formUnion(prices.dates(of: s).lazy.filter { $0 >= start && $0 <= to }) }
        dates.insert(to)
        for day in dates.sorted() {
            walk.beginDay()
            let currency = try walk.currencyEffect(on: day)
            while i < effective.count, effective[i].date == day {
                try walk.apply(effective[i], counted: true)
                i += 1
            }
            var v = try walk.value(on: day)
            v.flow = walk.dayFlows.reduce(0) { $0 + $1.base }
            v.dividends = walk.dayDividends
            v.fees = walk.dayFees
            v.currencyEffect = currency
            timeline.flows += walk.dayFlows
            timeline.days.append(v)
            if byHolding {
                for s in symbols {
                    timeline.holdingValues[s, default: []].append(walk.lastValues[s] ?? 0)
                    timeline.holdingFlows[s, default: []].append(walk.dayHoldingFlows[s] ?? 0)
                }
            }
        }
        return timeline
    }

    /// The replay's state between days.
    struct Walk {
        let base: String
        let baseExponent: Int
        let prices: PriceBook
        let keepMarks: Bool
        let cashBased: Bool
        var book: PortfolioBook
        /// At the last valuation: each holding's quantity and currency, each cash balance, and
        /// the rate each currency was converted at (what the next day's currency effect moves
        /// from).
        var lastHeld: [(symbol: String, quantity: ExactDecimal, currency: String)] = []
        var lastCash: [String: Int64] = [:]
        var lastRates: [String: ExactDecimal] = [:]
        var lastValues: [String: Int64] = [:]
        var dayFlows: [ExternalFlow] = []
        var dayHoldingFlows: [String: Int64] = [:]
        var dayDividends: Int64 = 0
        var dayFees: Int64 = 0

        init(base: String, prices: PriceBook, keepMarks: Bool, cashBased: Bool, book: PortfolioBook) {
            self.base = base
            baseExponent = CurrencyExponent.of(base) ?? 2
            self.prices = prices
            self.keepMarks = keepMarks
            self.cashBased = cashBased
            self.book = book
        }

        mutating func beginDay() {
            dayFlows = []
            dayHoldingFlows = [:]
            dayDividends = 0
            dayFees = 0
        }

        func toBase(_ minor: Int64, _ currency: String, at rate: ExactDecimal) throws(ReturnsError) -> Int64 {
            if currency == base { return minor }
            guard
                let v = MinorUnits.amount(
                    quantity: MinorUnits.decimal(minor, exponent: CurrencyExponent.of(currency) ?? 2), price: rate,
                    exponent: baseExponent)
            else { throw .overflow("a conversion of \(currency) into \(base)") }
            return v
        }

        func rate(_ currency: String, on day: CivilDate) throws(ReturnsError) -> PriceObservation {
            guard let r = prices.rate(from: currency, to: base, on: day) else {
                throw .missingRate(from: currency, to: base, date: day)
            }
            return r
        }

        /// Applies `e` to the book; when `counted` (inside the period) also notes the flows,
        /// dividends and fees it makes.
        mutating func apply(_ e: JournalEntry, counted: Bool) throws(ReturnsError) {
            do { try book.apply(e) } catch { throw .ledger(error) }
            guard counted, [.deposit, .withdraw, .buy, .sell, .dividend].contains(e.kind) else { return }
            let r = try entryRate(e)
            func flow(_ signed: Int64) throws(ReturnsError) {
                dayFlows.append(
                    ExternalFlow(
                        date: e.date, kind: e.kind, symbol: e.symbol, currency: e.currency, amount: signed, rate: r,
                        base: try toBase(signed, e.currency, at: r.value)))
            }
            var own: Int64 = 0
            switch e.kind {
            case .deposit: if cashBased { try flow(e.amount) }
            case .withdraw: if cashBased { try flow(-e.amount) }
            case .buy:
                own = e.amount + e.fee
                if !cashBased { try flow(own) }
                dayFees += try toBase(e.fee, e.currency, at: r.value)
            case .sell:
                own = -(e.amount - e.fee)
                if !cashBased { try flow(own) }
                dayFees += try toBase(e.fee, e.currency, at: r.value)
            case .dividend:
                own = -(e.amount - e.withheld)
                if !cashBased { try flow(own) }
                dayDividends += try toBase(e.amount - e.withheld, e.currency, at: r.value)
            case .split, .reversal: break
            }
            if own != 0, let s = e.symbol { dayHoldingFlows[s, default: 0] += try toBase(own, e.currency, at: r.value) }
        }

        /// The rate recorded with the entry, else the day's rate.
        func entryRate(_ e: JournalEntry) throws(ReturnsError) -> PriceObservation {
            if e.currency != base, let r = e.fxRate, r.sign > 0 {
                return PriceObservation(value: r, date: e.date, source: "trade", fetched: nil)
            }
            return try rate(e.currency, on: e.date)
        }

        /// What the rates' move since the last valuation did to what was held then in other
        /// currencies: each holding at today's price, and each cash balance, converted at
        /// today's rate less at the last one.
        mutating func currencyEffect(on day: CivilDate) throws(ReturnsError) -> Int64 {
            var effect: Int64 = 0
            for h in lastHeld where h.currency != base {
                guard let then = lastRates[h.currency] else { continue }
                let now = try rate(h.currency, on: day).value
                guard let p = prices.price(of: h.symbol, currency: h.currency, on: day) else {
                    throw .missingPrice(symbol: h.symbol, date: day)
                }
                guard
                    let local = MinorUnits.amount(
                        quantity: h.quantity, price: p.value, exponent: CurrencyExponent.of(h.currency) ?? 2)
                else { throw .overflow("the value of \(h.symbol)") }
                effect += try toBase(local, h.currency, at: now) - toBase(local, h.currency, at: then)
            }
            for (c, minor) in lastCash where c != base && minor != 0 {
                guard let then = lastRates[c] else { continue }
                let now = try rate(c, on: day).value
                effect += try toBase(minor, c, at: now) - toBase(minor, c, at: then)
            }
            return effect
        }

        /// The book valued at `day`'s close; remembers what it held for the next day.
        mutating func value(on day: CivilDate) throws(ReturnsError) -> ValuationDay {
            var v = ValuationDay(date: day)
            lastHeld = []
            lastValues = [:]
            lastRates = [:]
            for (symbol, lots) in book.lots where !lots.isEmpty {
                let currency = lots[0].currency
                let q = lots.reduce(ExactDecimal(0)) { ($0 + $1.quantity) ?? $0 }
                guard let p = prices.price(of: symbol, currency: currency, on: day) else {
                    throw .missingPrice(symbol: symbol, date: day)
                }
                let r = try rate(currency, on: day)
                guard
                    let local = MinorUnits.amount(
                        quantity: q, price: p.value, exponent: CurrencyExponent.of(currency) ?? 2)
                else { throw .overflow("the value of \(symbol)") }
                let value = try toBase(local, currency, at: r.value)
                v.value += value
                lastHeld.append((symbol, q, currency))
                lastValues[symbol] = value
                lastRates[currency] = r.value
                if keepMarks {
                    v.holdings.append(
                        .init(
                            symbol: symbol, quantity: q, currency: currency, price: p, rate: r, local: local,
                            value: value))
                }
            }
            lastCash = [:]
            if cashBased {
                for (c, minor) in book.cash where minor != 0 {
                    let r = try rate(c, on: day)
                    let value = try toBase(minor, c, at: r.value)
                    v.value += value
                    lastCash[c] = minor
                    lastRates[c] = r.value
                    if keepMarks { v.cash.append(.init(currency: c, minor: minor, rate: r, value: value)) }
                }
            }
            v.holdings.sort { $0.symbol < $1.symbol }
            v.cash.sort { $0.currency < $1.currency }
            return v
        }
    }
}
