/// The arithmetic of `squarestock portfolio`, apart from the fetching: a book's open holdings
/// valued at the prices given, converted at the rates given into a base currency, totalled and
/// weighed. The facade fetches the quotes and FX rates (and stores the prices); this only
/// computes, so a table of books, prices and rates pins every rule: what is left out of the
/// totals and said in a note, and where money is rounded (once per conversion, half away from
/// zero, to the base currency's minor unit).
package enum HoldingsValuation {
    /// A price fetched longer ago than this, in seconds, is shown as `stored`.
    package static let freshFor: Int64 = 600
    /// How old a quote's last trade may be for its change to count as the day's: a week covers
    /// a weekend with the longest runs of holidays of most markets.
    package static let dayChangeFor: Int64 = 7 * 86_400

    /// The currencies the valuation of `book` converts into the base: each holding's and each
    /// cash balance's (the base among them when held; it needs no rate).
    package static func currencies(of book: PortfolioBook, base: String) -> Set<String> {
        Set(symbols(of: book).map { book.lots[$0]?.first?.currency ?? base }).union(book.cash.keys)
    }

    /// `book` valued at `prices` (by symbol), with `rates` into `base` (`EUR` → 1.0834 means
    /// 1 EUR = 1.0834 base). A holding with no price, or a price in another currency than its
    /// lots, gets a note on its row; a holding or cash that cannot be converted is left out of the
    /// totals and named in a note; when no holding can be valued the totals are nil, never 0.
    package static func report(
        of book: PortfolioBook, portfolio: String, prices: [String: StoredPrice], rates: [String: ExactDecimal],
        base: String, now: Instant, boughtToday: [String: BoughtToday] = [:]
    ) -> HoldingsReport {
        var rows = symbols(of: book).map {
            row($0, book: book, price: prices[$0], base: base, now: now, boughtToday: boughtToday[$0])
        }
        func toBase(_ minor: Int64, _ c: String) -> Int64? {
            if c == base { return minor }
            return rates[c].flatMap { MinorUnits.converted(minor, from: c, into: base, at: $0) }
        }
        // Totals of what can be valued and converted; what cannot is named in a note, never
        // silently counted as zero and never allowed to blank the totals of the rest.
        var notes: [String] = []
        // Summed wide, then checked once: a sum that fits is never refused for the order its
        // parts came in (cash is a dictionary, and signs differ).
        var totalSum: Int128 = 0
        var totalCostSum: Int128 = 0
        var totalDaySum: Int128 = 0
        // A holding valued without a day's change (a stored or manual close) is not a change of
        // 0.00: the total is of those that have one, and says which do not.
        var dayKnown = false
        var dayUnknown: [String] = []
        var leftOut: [String] = []
        for i in rows.indices {
            let r = rows[i]
            guard let v = r.value.flatMap({ toBase($0, r.currency) }), let c = toBase(r.cost, r.currency) else {
                leftOut.append(r.symbol + " (" + leftOutReason(r, price: prices[r.symbol], base: base) + ")")
                continue
            }
            rows[i].baseValue = v
            rows[i].rate = r.currency == base ? ExactDecimal(1) : rates[r.currency]
            totalSum += Int128(v)
            totalCostSum += Int128(c)
            if let day = r.dayChange.flatMap({ toBase($0, r.currency) }) {
                totalDaySum += Int128(day)
                dayKnown = true
            } else {
                dayUnknown.append(r.symbol)
            }
        }
        var cashSum: Int128 = 0
        var cashInBase: [String: Int64] = [:]
        for (c, m) in book.cash where m != 0 {
            if let v = toBase(m, c) {
                cashSum += Int128(v)
                cashInBase[c] = v
            } else {
                leftOut.append("cash \(c) (no \(c)→\(base) rate)")
            }
        }
        // A sum beyond exact minor units (about 92 quadrillion of a cent) is refused, never a
        // trap: the totals are left blank and a note says why.
        let totals = [totalSum, totalCostSum, totalDaySum, cashSum].map { Int64(exactly: $0) }
        let overflowed = totals.contains(nil)
        let (total, totalCost, totalDay) = (totals[0] ?? 0, totals[1] ?? 0, totals[2] ?? 0)
        // Blank on an overflow, as the other totals are: a partial sum is no total.
        let cashTotal = overflowed ? nil : totals[3]
        // Nothing valued is not a value of 0.00: the totals are left blank and the note says so.
        let noneValued = !rows.isEmpty && rows.allSatisfy { $0.baseValue == nil }
        if overflowed {
            notes.append(
                "the totals are too large to compute exactly in \(base) minor units; they are left blank: check the "
                    + "prices and amounts recorded (`squarestock portfolio history`) for a mistyped one")
        }
        if noneValued {
            notes.append(
                "no holding could be valued: " + leftOut.joined(separator: ", ") + "; the totals are left blank")
        } else if !leftOut.isEmpty {
            notes.append("left out of the totals: " + leftOut.joined(separator: ", "))
        }
        // Cost and value at one rate: what the holding's price did, not what the currency did
        // (1,000 EUR bought at 1.10 and worth 1,100 EUR at 1.00 is +100.00 here, +0.00 in dollars).
        let foreign = rows.filter { $0.currency != base && $0.baseValue != nil }.map(\.symbol)
        if !foreign.isEmpty {
            notes.append(
                "the gain in \(base) of \(foreign.joined(separator: ", ")) converts cost and value at one rate, the value's: "
                    + "what the price did; `squarestock portfolio returns` adds what the exchange rate did")
        }
        if dayKnown, !dayUnknown.isEmpty {
            notes.append("the day's change leaves out (no change known today): " + dayUnknown.joined(separator: ", "))
        }
        if total != 0 && !overflowed {
            for i in rows.indices {
                // `v * 100` trapped for a value beyond a hundredth of the largest minor units: the
                // hundredfold value over the total as an exact decimal (the same quotient).
                if let v = rows[i].baseValue {
                    let (hundred, over) = v.multipliedReportingOverflow(by: 100)
                    rows[i].weight =
                        over
                        ? ExactDecimal(significand: v, scale: -2).divided(
                            by: ExactDecimal(significand: total, scale: 0), scale: 2)
                        : ExactDecimal(significand: hundred, scale: 0).divided(
                            by: ExactDecimal(significand: total, scale: 0), scale: 2)
                }
            }
        }
        let blank = noneValued || overflowed
        var report = HoldingsReport(
            portfolio: portfolio, method: book.method, rows: rows, cash: book.cash.filter { $0.value != 0 },
            baseCurrency: base, totalValue: blank ? nil : total, totalCost: blank ? nil : totalCost,
            totalDayChange: blank || !(dayKnown || rows.isEmpty) ? nil : totalDay,
            totalCash: cashTotal, rates: rates, notes: notes, now: now)
        report.cashInBase = cashInBase
        return report
    }

    /// What was bought today of a symbol, in its holding's currency: the quantity and what it
    /// cost (fees included), from the journal's purchases of the day.
    package struct BoughtToday: Sendable, Equatable {
        package var quantity: ExactDecimal
        package var cost: Int64
        package init(quantity: ExactDecimal, cost: Int64) {
            self.quantity = quantity
            self.cost = cost
        }
    }

    /// The day's change of a holding of `quantity`: shares held since before today moved by the
    /// quote's change; shares bought today had no close yesterday, so their change is their value
    /// now less what they cost (bought at 270 and quoted at 268.835: -11.65 for 10, not the
    /// quote's -1.65). From the day's purchases, not the lots, so the lot method does not change
    /// it (an average-cost pool is dated from its oldest purchase). Of shares bought today and
    /// sold again, what is left carries its share of their cost.
    static func dayChange(
        quantity q: ExactDecimal, boughtToday: BoughtToday?, price p: StoredPrice, exponent: Int
    ) -> Int64? {
        guard let today = boughtToday, today.quantity.sign > 0 else {
            return p.change.flatMap { MinorUnits.amount(quantity: q, price: $0, exponent: exponent) }
        }
        let kept = today.quantity < q ? today.quantity : q
        guard let cost = MinorUnits.share(of: today.cost, part: kept, whole: today.quantity),
            let value = MinorUnits.amount(quantity: kept, price: p.price, exponent: exponent),
            let bought = MinorUnits.sum(value, -cost), let held = q - kept
        else { return nil }
        if held.isZero { return bought }
        guard let change = p.change, let moved = MinorUnits.amount(quantity: held, price: change, exponent: exponent)
        else { return nil }
        return MinorUnits.sum(moved, bought)
    }

    /// The symbols with open lots, sorted.
    package static func symbols(of book: PortfolioBook) -> [String] {
        book.lots.keys.filter { !(book.lots[$0] ?? []).isEmpty }.sorted()
    }

    /// Why row `r` could not be added to the totals, in a few words: each holding's own reason
    /// (a price in another currency than its lots read as "no price or no rate").
    static func leftOutReason(_ r: HoldingsReport.Row, price: StoredPrice?, base: String) -> String {
        guard let p = price else { return "no price" }
        if p.currency != r.currency { return "priced in \(p.currency), bought in \(r.currency)" }
        if r.value == nil { return "too large to value" }
        return "no \(r.currency)→\(base) rate"
    }

    /// `cost` over `quantity` to 4 decimals, or to as many more as give 4 significant digits (at
    /// most 18): 10 million SHIB at 0.00001234 averaged "0" at 4.
    static func averageCost(_ cost: ExactDecimal, _ quantity: ExactDecimal) -> ExactDecimal? {
        var found: ExactDecimal?
        for scale in stride(from: 4, through: ExactDecimal.maxScale, by: 2) {
            guard let a = cost.divided(by: quantity, scale: scale) else { break }
            found = a
            if a.significand.magnitude >= 1_000 { break }
        }
        return found?.normalized
    }

    /// One holding in its own currency: quantity, cost, average cost, and its value and day's
    /// change at `price` when the price is in the holding's currency.
    static func row(
        _ symbol: String, book: PortfolioBook, price: StoredPrice?, base: String, now: Instant,
        boughtToday: BoughtToday? = nil
    ) -> HoldingsReport.Row {
        let currency = book.lots[symbol]?.first?.currency ?? base
        let q = book.quantity(of: symbol)
        let cost = book.cost(of: symbol)
        let exponent = CurrencyExponent.of(currency) ?? 2
        var row = HoldingsReport.Row(
            symbol: symbol, quantity: q, currency: currency, cost: cost,
            averageCost: averageCost(MinorUnits.decimal(cost, exponent: exponent), q))
        guard let p = price else {
            row.note = "no price yet"
            return row
        }
        row.price = p.price
        if let day = p.day {
            row.priceDay = day
            row.priceSource = p.source
            row.note = p.source == "trade" ? "trade price of \(day)" : "\(p.source) close of \(day)"
        } else {
            row.priceTime = p.traded ?? p.fetched
            row.priceSource = p.source
            row.priceStored = p.fetched.secondsSinceEpoch < now.secondsSinceEpoch - freshFor
        }
        if p.currency == currency {
            row.value = MinorUnits.amount(quantity: q, price: p.price, exponent: exponent)
            // The change of a session more than a week old (a recording, a quote of a listing
            // that stopped trading) is no change of today's: left out, as one not known.
            let stale = now.seconds(since: p.traded ?? p.fetched) > Self.dayChangeFor
            row.dayChange =
                stale ? nil : dayChange(quantity: q, boughtToday: boughtToday, price: p, exponent: exponent)
        } else {
            row.note = "priced in \(p.currency), bought in \(currency): not valued"
        }
        return row
    }
}
