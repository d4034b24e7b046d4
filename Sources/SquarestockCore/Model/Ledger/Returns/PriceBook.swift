/// Every price the returns can value with, by symbol in date order: the stored daily closes
/// and, as observations of their own days, the prices of the journal's trades and the FX rates
/// recorded with its entries. A look-up answers the last price on or before a day, so a day with
/// no close of its own (a holiday, a weekend, an asset no service quotes) uses the one before,
/// and says how old it is.
public struct PriceBook: Sendable {
    struct Point: Sendable {
        var date: CivilDate
        var value: ExactDecimal
        var currency: String
        var source: String
        var fetched: Instant?
        var splitAdjusted: Bool
    }

    /// A split of `symbol`: `numerator` new shares for `denominator` old, on `date`.
    struct Split: Sendable {
        var date: CivilDate
        var numerator: Int64
        var denominator: Int64
    }

    private var points: [String: [Point]] = [:]
    private var splits: [String: [Split]] = [:]

    /// `closes` from the ledger's price table; the journal's trades (prices), splits and FX rates
    /// from `entries` (the effective ones: `PortfolioBook.effective`).
    public init(closes: [DailyClose], entries: [JournalEntry], base: String) {
        for c in closes {
            points[c.symbol, default: []].append(
                Point(
                    date: c.date, value: c.close, currency: c.currency, source: c.source, fetched: c.fetched,
                    splitAdjusted: c.splitAdjusted))
        }
        for e in entries {
            if e.kind == .split, let s = e.symbol, let n = e.splitNumerator, let d = e.splitDenominator, n > 0, d > 0 {
                splits[s, default: []].append(Split(date: e.date, numerator: n, denominator: d))
            }
            if [.buy, .sell].contains(e.kind), let s = e.symbol, let p = e.price, p.sign > 0 {
                points[s, default: []].append(
                    Point(
                        date: e.date, value: p, currency: e.currency, source: "trade", fetched: nil,
                        splitAdjusted: false))
            }
            if let rate = e.fxRate, rate.sign > 0, e.currency != base {
                points[Self.pair(e.currency, base), default: []].append(
                    Point(
                        date: e.date, value: rate, currency: base, source: "trade", fetched: nil, splitAdjusted: false))
            }
        }
        for key in points.keys {
            // A day's close outranks a trade of that day (the valuation is at the close); the
            // sort is stable, so of two trades the later recorded stays last.
            points[key]?.sort { a, b in
                a.date != b.date ? a.date < b.date : (a.source == "trade" && b.source != "trade")
            }
        }
    }

    /// The FX pair's symbol as the history services name it: 1 `from` = rate `to`.
    public static func pair(_ from: String, _ to: String) -> String { from + to + "=X" }

    /// The price of one `symbol` in `currency` on `day`: the last one on or before it, as
    /// traded (an adjusted close multiplied back by the splits it anticipates). Prices in
    /// another currency are skipped. Nil when there is none.
    public func price(of symbol: String, currency: String, on day: CivilDate) -> PriceObservation? {
        guard let list = points[symbol] else { return nil }
        var i = Self.lastIndex(in: list, onOrBefore: day)
        while let at = i, list[at].currency != currency { i = at > 0 ? at - 1 : nil }
        guard let at = i else { return nil }
        let p = list[at]
        var value = p.value
        if p.splitAdjusted, let f = p.fetched {
            // A close fetched after a split is divided by it; multiplied back here for the days
            // before the split (the ledger's quantity is as traded until the split's entry).
            let fetchedDay = f.utc.date
            for s in splits[symbol] ?? [] where s.date > p.date && s.date <= fetchedDay {
                let scaled = (value * ExactDecimal(significand: s.numerator))?.divided(
                    by: ExactDecimal(significand: s.denominator), scale: max(value.scale, 8))
                value = scaled?.normalized ?? value
            }
        }
        return PriceObservation(value: value, date: p.date, source: p.source, fetched: p.fetched)
    }

    /// 1 `from` in `to` on `day` (1 when they are the same currency).
    public func rate(from: String, to: String, on day: CivilDate) -> PriceObservation? {
        if from == to { return PriceObservation(value: ExactDecimal(1), date: day, source: "same", fetched: nil) }
        return price(of: Self.pair(from, to), currency: to, on: day)
    }

    /// Every date on which `symbol` has a price, in order (the valuation days come from these).
    public func dates(of symbol: String) -> [CivilDate] { (points[symbol] ?? []).map(\.date) }

    static func lastIndex(in list: [Point], onOrBefore day: CivilDate) -> Int? {
        var lo = 0
        var hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid].date <= day { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? lo - 1 : nil
    }
}
