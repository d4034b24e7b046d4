import SquarestockCore
import SquarestockRendering
import SquarestockServices

/// `line --portfolio`: the portfolio's value and day change as one item of the status line,
/// priced from the line's own cache of its holdings' quotes and of the FX pairs into the base
/// (fetched and refreshed exactly as any symbol of the line is: a closed market is not asked
/// again, a stale one in the background), so the bar never waits for a valuation. Money is
/// exact: each holding's value is rounded once to its currency, once more into the base.
public struct PortfolioLine: Sendable {
    public struct Holding: Sendable, Equatable {
        public var symbol: String
        public var quantity: ExactDecimal
        /// The currency its lots were bought in (the first lot's).
        public var currency: String
    }

    public var name: String
    public var base: String
    public var holdings: [Holding]
    /// Cash balances by currency, minor units.
    public var cash: [String: Int64]
    /// The quote source is an exchange: it lists no `EURUSD=X` but its own pair, `EUR-USD` or
    /// `USD-EUR` (Kraken trades EUR/USD, not USD/EUR), so both are asked and either serves.
    public var exchangePairs = false

    /// The quotes it is priced from: every holding, then the pair(s) of each other currency.
    public var symbols: [String] {
        var out = holdings.map(\.symbol)
        for c in currencies where c != base { out += ratePairs(c) }
        return out
    }

    /// The quotes `currency`'s rate into the base may come from, in the order they are tried.
    func ratePairs(_ currency: String) -> [String] {
        exchangePairs
            ? [currency + "-" + base, base + "-" + currency] : [CurrencyConversion.pairSymbol(from: currency, to: base)]
    }

    /// Whether a failure to price `symbol` is beside the point: one of an exchange's two pairs of
    /// a currency whose other pair has a price (the exchange trades only one of them).
    public func failureIsMoot(_ symbol: String, cached: [LineKey: LineQuote], asked: String) -> Bool {
        guard exchangePairs else { return false }
        return currencies.contains { c in
            let pairs = ratePairs(c)
            return c != base && pairs.contains(symbol)
                && pairs.contains {
                    $0 != symbol && !(cached[LineKey(symbol: $0, asked: asked)]?.price.isEmpty ?? true)
                }
        }
    }

    var currencies: [String] {
        Array(Set(holdings.map(\.currency)).union(cash.filter { $0.value != 0 }.keys)).sorted()
    }

    /// The item: value (holdings and cash) in the base, the holdings' day change and its percent
    /// of yesterday's value, marked with what is missing (a holding or rate with no cached price
    /// is left out and named) and with the age of the oldest price once it is over two `maxAge`s.
    package func item(cached: [LineKey: LineQuote], asked: String, now: Int64, maxAge: Int64)
        -> StatusLineWriter.Item
    {
        let baseExponent = CurrencyExponent.of(base) ?? 2
        var oldest: Int64 = 0
        var recorded = false
        // A price fetched "later" than now (the clock set back since): its age cannot be told.
        var ageUnknown = false
        func quote(_ symbol: String) -> (price: ExactDecimal, change: ExactDecimal?, currency: Currency, old: Bool)? {
            guard let q = cached[LineKey(symbol: symbol, asked: asked)], !q.price.isEmpty,
                let price = ExactDecimal(q.price), price.sign > 0
            else { return nil }
            oldest = max(oldest, q.priceAge(now: now))
            recorded = recorded || q.recorded
            ageUnknown = ageUnknown || q.fetchedAfter(now)
            // The change of a session over a week old (a recording, a listing that stopped
            // trading) is not today's: the portfolio view leaves it out of the day too.
            let old = q.traded > 0 && now - q.traded > HoldingsValuation.dayChangeFor
            return (price, ExactDecimal(q.change), Currency.named(q.currency), old)
        }
        var rates: [String: ExactDecimal] = [base: ExactDecimal(1)]
        for c in currencies where c != base {
            let pairs = ratePairs(c)
            if let q = quote(pairs[0]) {
                rates[c] = q.price
            } else if pairs.count > 1, let q = quote(pairs[1]),
                let one = CurrencyConversion.inverseRate(q.price)
            {
                rates[c] = one
            }
        }
        func toBase(_ minor: Int64, _ currency: String) -> Int64? {
            if currency == base { return minor }
            return rates[currency].flatMap { MinorUnits.converted(minor, from: currency, into: base, at: $0) }
        }
        var held: Int64 = 0
        var day: Int64 = 0
        var valued = false
        var dayKnown = false
        var missing: [String] = []
        var noDay: [String] = []
        for h in holdings {
            let exponent = CurrencyExponent.of(h.currency) ?? 2
            guard let q = quote(h.symbol), q.currency.code.isEmpty || q.currency.majorCode == h.currency,
                let price = q.currency.inMajor(q.price),
                let local = MinorUnits.amount(quantity: h.quantity, price: price, exponent: exponent),
                let v = toBase(local, h.currency)
            else {
                missing.append(h.symbol)
                continue
            }
            held += v
            valued = true
            if q.old {
                noDay.append(h.symbol)
            } else if let change = q.change.flatMap(q.currency.inMajor),
                let c = MinorUnits.amount(quantity: h.quantity, price: change, exponent: exponent)
            {
                day += toBase(c, h.currency) ?? 0
                dayKnown = true
            }
        }
        var value = held
        for (c, m) in cash.sorted(by: { $0.key < $1.key }) where m != 0 {
            if let v = toBase(m, c) { value += v } else { missing.append("cash " + c) }
        }
        var item = StatusLineWriter.Item(
            symbol: name, price: valued || holdings.isEmpty ? MinorUnits.decimal(value, exponent: baseExponent) : nil,
            change: dayKnown ? MinorUnits.decimal(day, exponent: baseExponent) : nil,
            changePercent: dayKnown ? MinorUnits.percent(day, of: held - day) : nil, currency: base)
        item.decimals = baseExponent
        var notes: [String] = []
        if !missing.isEmpty { notes.append("without " + missing.joined(separator: ", ")) }
        if !noDay.isEmpty { notes.append("day without " + noDay.joined(separator: ", ")) }
        if recorded {
            notes.append("recorded")
        } else if ageUnknown {
            notes.append("age unknown")
        } else if oldest > 2 * maxAge {
            notes.append(AgeFormatter.describe(seconds: oldest) + " old")
        }
        item.mark = notes.joined(separator: ", ")
        return item
    }

}

extension SquarestockApp {
    /// What `line --portfolio` prices: the settings' portfolio's open holdings and cash.
    public func portfolioLine() throws(PortfolioError) -> PortfolioLine {
        let ledger = try portfolioLedger(create: false)
        let book = try ledger.book()
        let holdings = book.lots.keys.sorted().compactMap { symbol -> PortfolioLine.Holding? in
            guard let lots = book.lots[symbol], let first = lots.first else { return nil }
            let same = lots.filter { $0.currency == first.currency }
            let q = same.reduce(ExactDecimal(0)) { ($0 + $1.quantity) ?? $0 }
            return q.isZero ? nil : PortfolioLine.Holding(symbol: symbol, quantity: q, currency: first.currency)
        }
        var line = PortfolioLine(
            name: ledger.name, base: (settings.currency ?? "USD").uppercased(), holdings: holdings, cash: book.cash)
        line.exchangePairs = settings.quoteSource is ExchangeSource
        return line
    }
}
