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
    /// The price each holding of the last valuation was valued at (its own day, source and age),
    /// so the end value can say which prices are older than its day.
    public var endPrices: [String: PriceObservation] = [:]

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
                timeline.holdingValues[s] = [walk.lastValue(s)]
                timeline.holdingFlows[s] = [0]
            }
        }
        let firstDay = start.daysSinceEpoch
        let lastDay = to.daysSinceEpoch
        // The valuation days: the period's days with an entry (those left start on or after
        // its first day) or a price of a symbol held, and its last; one flag a day, since 1.3
        // million prices' days fall on a few thousand of them.
        var valued = [Bool](repeating: false, count: Int(lastDay - firstDay + 1))
        for e in effective[i...] where e.date.daysSinceEpoch <= lastDay {
            valued[Int(e.date.daysSinceEpoch - firstDay)] = true
        }
        for s in symbols {
            for d in prices.days(of: s) where d >= firstDay && d <= lastDay { valued[Int(d - firstDay)] = true }
        }
        valued[valued.count - 1] = true
        for day in valued.indices.lazy.filter({ valued[$0] }).map({ CivilDate(daysSinceEpoch: firstDay + Int64($0)) }) {
            walk.beginDay()
            let currency = try walk.currencyEffect(on: day)
            while i < effective.count, effective[i].date == day {
                try walk.apply(effective[i], counted: true)
                i += 1
            }
            var v = try walk.value(on: day)
            v.flow = walk.dayFlows.reduce(0) { $0 + $1.base }
            v.bought = walk.dayBought
            v.dividends = walk.dayDividends
            v.fees = walk.dayFees
            v.currencyEffect = currency + walk.dayConversions
            timeline.flows += walk.dayFlows
            timeline.days.append(v)
            if byHolding {
                for s in symbols {
                    timeline.holdingValues[s, default: []].append(walk.lastValue(s))
                    timeline.holdingFlows[s, default: []].append(walk.dayHoldingFlows[s] ?? 0)
                }
            }
        }
        if let last = timeline.days.last?.date {
            for t in walk.tracks where !t.quantity.isZero {
                timeline.endPrices[t.symbol] = prices.price(of: t.symbol, currency: t.currency, on: last)
            }
        }
        return timeline
    }

    /// The replay's state between days.
    struct Walk {
        let base: String
        let prices: PriceBook
        let keepMarks: Bool
        let cashBased: Bool
        var book: PortfolioBook
        /// One symbol the book has held: its open quantity and currency (kept up to date as
        /// entries apply, so a day's valuation reads no dictionary), its price and rate cursors,
        /// and what the last valuation found (the next day's currency effect moves from it).
        struct Track {
            var symbol: String
            var currency: String
            var quantity: ExactDecimal
            var prices: PriceBook.Cursor
            var rates: PriceBook.Cursor
            /// The currency's minor-unit digits.
            var exponent: Int
            /// Whether the currency is the base (no rate to look up).
            var inBase: Bool
            var lastQuantity = ExactDecimal(0)
            /// The day number of the last valuation, whose shares `lastQuantity` counts.
            var lastDay: Int64 = 0
            var lastRate: ExactDecimal?
            var lastValue: Int64 = 0
        }

        var tracks: [Track] = []
        var trackOf: [String: Int] = [:]
        /// Each cash balance and the rate it was converted at, at the last valuation.
        var lastCash: [String: (minor: Int64, rate: ExactDecimal)] = [:]
        var dayFlows: [ExternalFlow] = []
        var dayHoldingFlows: [String: Int64] = [:]
        var dayDividends: Int64 = 0
        var dayBought: Int64 = 0
        var dayFees: Int64 = 0
        /// What the day's currency conversions gained or lost against the rates they are valued
        /// at (their legs, each at its rate, summed: a spread is negative), with cash counted.
        var dayConversions: Int64 = 0

        init(base: String, prices: PriceBook, keepMarks: Bool, cashBased: Bool, book: PortfolioBook) {
            self.base = base
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
            dayBought = 0
            dayConversions = 0
        }

        func toBase(_ minor: Int64, _ currency: String, at rate: ExactDecimal) throws(ReturnsError) -> Int64 {
            guard let v = MinorUnits.converted(minor, from: currency, into: base, at: rate) else {
                throw .overflow("a conversion of \(currency) into \(base)")
            }
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
            if let symbol = e.symbol, [.buy, .sell, .split].contains(e.kind) { track(symbol) }
            guard counted, e.kind != .split, e.kind != .reversal else { return }
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
                dayBought += try toBase(own, e.currency, at: r.value)
                dayFees += try toBase(e.fee, e.currency, at: r.value)
            case .sell:
                own = -(e.amount - e.fee)
                if !cashBased { try flow(own) }
                dayFees += try toBase(e.fee, e.currency, at: r.value)
            case .dividend:
                own = -(e.amount - e.withheld)
                if !cashBased { try flow(own) }
                dayDividends += try toBase(e.amount - e.withheld, e.currency, at: r.value)
            case .interest:
                // Income of the cash, like a dividend of no holding.
                if !cashBased { try flow(-(e.amount - e.withheld)) }
                dayDividends += try toBase(e.amount - e.withheld, e.currency, at: r.value)
            case .fee:
                if !cashBased { try flow(e.amount) }
                dayFees += try toBase(e.amount, e.currency, at: r.value)
            case .exchange:
                // Cash changing currency inside the account: no flow when cash is counted (the
                // spread is a loss of value, a part of the currency effect: it read as "prices" in
                // a book that held no security); without cash, each leg leaves or enters like a
                // trade.
                if !cashBased {
                    try flow(-e.amount)
                } else {
                    dayConversions += try toBase(e.amount, e.currency, at: r.value)
                }
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

        /// Brings `symbol`'s track up to the book (after an entry of it applied).
        mutating func track(_ symbol: String) {
            let lots = book.lots[symbol] ?? []
            let q = lots.reduce(ExactDecimal(0)) { ($0 + $1.quantity) ?? $0 }
            if let i = trackOf[symbol] {
                tracks[i].quantity = q
                if let c = lots.first?.currency, c != tracks[i].currency {
                    tracks[i].currency = c
                    tracks[i].inBase = c == base
                    tracks[i].exponent = CurrencyExponent.of(c) ?? 2
                    tracks[i].prices = prices.cursor(symbol, currency: c)
                    tracks[i].rates = prices.rateCursor(from: c, to: base)
                }
            } else if let c = lots.first?.currency {
                trackOf[symbol] = tracks.count
                tracks.append(
                    Track(
                        symbol: symbol, currency: c, quantity: q, prices: prices.cursor(symbol, currency: c),
                        rates: prices.rateCursor(from: c, to: base), exponent: CurrencyExponent.of(c) ?? 2,
                        inBase: c == base))
            }
        }

        /// The value `symbol` had at the last valuation (0 when not held).
        func lastValue(_ symbol: String) -> Int64 { trackOf[symbol].map { tracks[$0].lastValue } ?? 0 }

        /// `track`'s rate into the base on `day` (numbered `dayNumber`; 1 in the base currency),
        /// and the rate's observation when marks are kept.
        mutating func rate(of i: Int, on day: CivilDate, dayNumber: Int64) throws(ReturnsError) -> (
            value: ExactDecimal, mark: PriceObservation?
        ) {
            if tracks[i].inBase {
                return (
                    ExactDecimal(1),
                    keepMarks ? PriceObservation(value: ExactDecimal(1), date: day, source: "same", fetched: nil) : nil
                )
            }
            guard let at = tracks[i].rates.index(onDay: dayNumber) else {
                throw .missingRate(from: tracks[i].currency, to: base, date: day)
            }
            return (tracks[i].rates.values[at], keepMarks ? tracks[i].rates.series?.observation(at) : nil)
        }

        /// What the rates' move since the last valuation did to what was held then in other
        /// currencies: each holding at today's price, and each cash balance, converted at
        /// today's rate less at the last one.
        mutating func currencyEffect(on day: CivilDate) throws(ReturnsError) -> Int64 {
            let d = day.daysSinceEpoch
            var effect: Int64 = 0
            for i in tracks.indices where !tracks[i].inBase && !tracks[i].lastQuantity.isZero {
                guard let then = tracks[i].lastRate else { continue }
                let now = try rate(of: i, on: day, dayNumber: d).value
                guard let at = tracks[i].prices.index(onDay: d) else {
                    throw .missingPrice(symbol: tracks[i].symbol, date: day)
                }
                // The price in the shares of the last valuation, which `lastQuantity` counts (a
                // split since then changed the count, not the holding's worth).
                guard let price = tracks[i].prices.value(at, inSharesOf: tracks[i].lastDay),
                    let local = MinorUnits.amount(
                        quantity: tracks[i].lastQuantity, price: price, exponent: tracks[i].exponent)
                else { throw .overflow("the value of \(tracks[i].symbol)") }
                effect +=
                    try toBase(local, tracks[i].currency, at: now) - toBase(local, tracks[i].currency, at: then)
            }
            for (c, held) in lastCash where c != base {
                let now = try rate(c, on: day).value
                effect += try toBase(held.minor, c, at: now) - toBase(held.minor, c, at: held.rate)
            }
            return effect
        }

        /// `a + b` of a day's value, or `.overflow` when the portfolio's worth has no 64-bit sum.
        static func sum(_ a: Int64, _ b: Int64, _ day: CivilDate) throws(ReturnsError) -> Int64 {
            guard let s = MinorUnits.sum(a, b) else { throw .overflow("the value of the portfolio on \(day)") }
            return s
        }

        /// The book valued at `day`'s close; remembers what it held for the next day.
        mutating func value(on day: CivilDate) throws(ReturnsError) -> ValuationDay {
            var v = ValuationDay(date: day)
            let d = day.daysSinceEpoch
            for i in tracks.indices {
                // Fields read in place: a copy of the track would retain its strings and cursors.
                let quantity = tracks[i].quantity
                tracks[i].lastQuantity = quantity
                tracks[i].lastDay = d
                guard !quantity.isZero else {
                    tracks[i].lastValue = 0
                    tracks[i].lastRate = nil
                    continue
                }
                guard let at = tracks[i].prices.index(onDay: d) else {
                    throw .missingPrice(symbol: tracks[i].symbol, date: day)
                }
                let r = try rate(of: i, on: day, dayNumber: d)
                let exponent = tracks[i].exponent
                guard let price = tracks[i].prices.value(at, inSharesOf: d),
                    let local = MinorUnits.amount(quantity: quantity, price: price, exponent: exponent)
                else { throw .overflow("the value of \(tracks[i].symbol)") }
                let value = tracks[i].inBase ? local : try toBase(local, tracks[i].currency, at: r.value)
                v.value = try Self.sum(v.value, value, day)
                tracks[i].lastValue = value
                tracks[i].lastRate = r.value
                if keepMarks, let mark = r.mark {
                    v.holdings.append(
                        .init(
                            symbol: tracks[i].symbol, quantity: quantity, currency: tracks[i].currency,
                            price: tracks[i].prices.series!.observation(at, inSharesOf: d), rate: mark, local: local,
                            value: value))
                }
            }
            lastCash = [:]
            if cashBased {
                for (c, minor) in book.cash where minor != 0 {
                    let r = try rate(c, on: day)
                    let value = try toBase(minor, c, at: r.value)
                    v.value = try Self.sum(v.value, value, day)
                    lastCash[c] = (minor, r.value)
                    if keepMarks { v.cash.append(.init(currency: c, minor: minor, rate: r, value: value)) }
                }
            }
            v.holdings.sort { $0.symbol < $1.symbol }
            v.cash.sort { $0.currency < $1.currency }
            return v
        }
    }
}
