/// Every price the returns can value with, by symbol in date order: the stored daily closes
/// and, as observations of their own days, the prices of the journal's trades and the FX rates
/// recorded with its entries. A look-up answers the last price on or before a day, so a day with
/// no close of its own (a holiday, a weekend, an asset no service quotes) uses the one before,
/// and says how old it is. Each symbol's prices are held by column (day numbers, values, fetch
/// times, and an index into the few currency and source pairs it has), and a `Cursor` walks them
/// forward as a timeline does: ten years of 500 holdings are 1.3 million prices asked for in
/// order.
public struct PriceBook: Sendable {
    /// One symbol's prices, oldest first; values as traded.
    final class Series: @unchecked Sendable {
        var days: [Int64] = []
        var values: [ExactDecimal] = []
        /// Seconds since the epoch; `Int64.min` for a trade's own price.
        var fetched: [Int64] = []
        var meta: [UInt16] = []
        var metas: [(currency: String, source: String)] = []

        func metaIndex(_ currency: String, _ source: String) -> UInt16 {
            if let i = metas.firstIndex(where: { $0.currency == currency && $0.source == source }) { return UInt16(i) }
            metas.append((currency, source))
            return UInt16(metas.count - 1)
        }

        func observation(_ i: Int) -> PriceObservation {
            PriceObservation(
                value: values[i], date: CivilDate(daysSinceEpoch: days[i]), source: metas[Int(meta[i])].source,
                fetched: fetched[i] == .min ? nil : Instant(secondsSinceEpoch: fetched[i]))
        }

        /// The last index on or before `day`, nil when none.
        func lastIndex(onOrBefore day: Int64) -> Int? {
            var lo = 0
            var hi = days.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if days[mid] <= day { lo = mid + 1 } else { hi = mid }
            }
            return lo > 0 ? lo - 1 : nil
        }

        /// From index `i` back, the first price in `currency`.
        func inCurrency(_ currency: String, from i: Int?) -> PriceObservation? {
            var at = i
            while let j = at {
                if metas[Int(meta[j])].currency == currency { return observation(j) }
                at = j > 0 ? j - 1 : nil
            }
            return nil
        }
    }

    /// Walks one symbol's prices forward: each look-up moves on from the last, so a timeline
    /// pays for each price once; a day before the last one asked is searched for.
    public struct Cursor: Sendable {
        let series: Series?
        var index: Int?

        public mutating func price(currency: String, on day: CivilDate) -> PriceObservation? {
            guard let s = series else { return nil }
            let d = day.daysSinceEpoch
            if let i = index, s.days[i] > d {
                index = s.lastIndex(onOrBefore: d)
            } else {
                var i = index ?? -1
                while i + 1 < s.days.count, s.days[i + 1] <= d { i += 1 }
                index = i >= 0 ? i : nil
            }
            return s.inCurrency(currency, from: index)
        }
    }

    private var series: [String: Series] = [:]

    /// `closes` from the ledger's price table; the journal's trades (prices), splits and FX rates
    /// from `entries` (the effective ones: `PortfolioBook.effective`).
    public init(closes: [DailyClose], entries: [JournalEntry], base: String) {
        struct Raw {
            var day: Int64
            var value: ExactDecimal
            var fetched: Int64
            var currency: String
            var source: String
            var isTrade: Bool
        }
        var splits: [String: [(day: Int64, numerator: Int64, denominator: Int64)]] = [:]
        for e in entries where e.kind == .split {
            if let s = e.symbol, let n = e.splitNumerator, let d = e.splitDenominator, n > 0, d > 0 {
                splits[s, default: []].append((e.date.daysSinceEpoch, n, d))
            }
        }
        var raw: [String: [Raw]] = [:]
        for c in closes {
            var value = c.close
            if c.splitAdjusted {
                // A close fetched after a split is divided by it; multiplied back here for the
                // days before the split (the ledger's quantity is as traded until the split's
                // entry). One fetched before the split is as traded already.
                let day = c.date.daysSinceEpoch
                let fetchedDay = c.fetched.utc.date.daysSinceEpoch
                for s in splits[c.symbol] ?? [] where s.day > day && s.day <= fetchedDay {
                    let scaled = (value * ExactDecimal(significand: s.numerator))?.divided(
                        by: ExactDecimal(significand: s.denominator), scale: max(value.scale, 8))
                    value = scaled?.normalized ?? value
                }
            }
            raw[c.symbol, default: []].append(
                Raw(
                    day: c.date.daysSinceEpoch, value: value, fetched: c.fetched.secondsSinceEpoch,
                    currency: c.currency,
                    source: c.source, isTrade: false))
        }
        for e in entries {
            if [.buy, .sell].contains(e.kind), let s = e.symbol, let p = e.price, p.sign > 0 {
                raw[s, default: []].append(
                    Raw(
                        day: e.date.daysSinceEpoch, value: p, fetched: .min, currency: e.currency, source: "trade",
                        isTrade: true))
            }
            if let rate = e.fxRate, rate.sign > 0, e.currency != base {
                raw[Self.pair(e.currency, base), default: []].append(
                    Raw(
                        day: e.date.daysSinceEpoch, value: rate, fetched: .min, currency: base, source: "trade",
                        isTrade: true))
            }
        }
        for (symbol, list) in raw {
            // A day's close outranks a trade of that day (the valuation is at the close); the
            // sort is stable, so of two trades the later recorded stays last.
            let sorted = list.enumerated().sorted { a, b in
                a.element.day != b.element.day
                    ? a.element.day < b.element.day
                    : (a.element.isTrade != b.element.isTrade ? a.element.isTrade : a.offset < b.offset)
            }
            let s = Series()
            s.days.reserveCapacity(sorted.count)
            s.values.reserveCapacity(sorted.count)
            s.fetched.reserveCapacity(sorted.count)
            s.meta.reserveCapacity(sorted.count)
            for (_, r) in sorted {
                s.days.append(r.day)
                s.values.append(r.value)
                s.fetched.append(r.fetched)
                s.meta.append(s.metaIndex(r.currency, r.source))
            }
            series[symbol] = s
        }
    }

    /// The FX pair's symbol as the history services name it: 1 `from` = rate `to`.
    public static func pair(_ from: String, _ to: String) -> String { from + to + "=X" }

    /// A cursor over `symbol`'s prices, before its first.
    public func cursor(_ symbol: String) -> Cursor { Cursor(series: series[symbol], index: nil) }

    /// A cursor over the rates from `from` into `to` (none needed when they are the same).
    public func rateCursor(from: String, to: String) -> Cursor { cursor(Self.pair(from, to)) }

    /// The price of one `symbol` in `currency` on `day`: the last one on or before it, as
    /// traded (an adjusted close multiplied back by the splits it anticipates). Prices in
    /// another currency are skipped. Nil when there is none.
    public func price(of symbol: String, currency: String, on day: CivilDate) -> PriceObservation? {
        guard let s = series[symbol] else { return nil }
        return s.inCurrency(currency, from: s.lastIndex(onOrBefore: day.daysSinceEpoch))
    }

    /// 1 `from` in `to` on `day` (1 when they are the same currency).
    public func rate(from: String, to: String, on day: CivilDate) -> PriceObservation? {
        if from == to { return PriceObservation(value: ExactDecimal(1), date: day, source: "same", fetched: nil) }
        return price(of: Self.pair(from, to), currency: to, on: day)
    }

    /// The day numbers on which `symbol` has a price, in order (the valuation days come from
    /// these).
    public func days(of symbol: String) -> [Int64] { series[symbol]?.days ?? [] }
}
