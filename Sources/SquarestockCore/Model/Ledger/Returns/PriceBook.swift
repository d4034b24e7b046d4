/// Every price the returns can value with, by symbol in date order: the stored daily closes
/// and, as observations of their own days, the prices of the journal's trades and the FX rates
/// recorded with its entries. A look-up answers the last price on or before a day, so a day with
/// no close of its own (a holiday, a weekend, an asset no service quotes) uses the one before,
/// and says how old it is. Each symbol's prices are held by column (day numbers, values, fetch
/// times, and an index into the few currency and source pairs it has), filled straight from the
/// ledger's rows (`Builder`), and a `Cursor` walks them forward as a timeline does: ten years of
/// 500 holdings are 1.3 million prices asked for in order.
public struct PriceBook: Sendable {
    /// One symbol's prices, oldest first; values as traded. Immutable once built, so reading it
    /// needs no exclusivity checks.
    final class Series: Sendable {
        let days: [Int64]
        let values: [ExactDecimal]
        /// Seconds since the epoch; `Int64.min` for a trade's own price.
        let fetched: [Int64]
        let meta: [UInt16]
        let metas: [Meta]
        /// The symbol's splits in the journal, by day: a price is as traded on its own day, so
        /// one used on a later day across a split is in the shares of before it.
        let splits: [Split]

        struct Meta: Sendable, Equatable {
            var currency: String
            var source: String
        }

        init(_ c: Columns, splits: [Split] = []) {
            days = c.days
            values = c.values
            fetched = c.fetched
            meta = c.meta
            metas = c.metas
            self.splits = splits.sorted { $0.day < $1.day }
        }

        /// Price `i` as it values a share on day `u`: divided by every split after its own day
        /// up to `u` (a price of 100 before a 4:1 split values the four shares each is now at
        /// 25), multiplied by every split after `u` up to its own day (a later price valuing
        /// the shares held before a split). A split takes effect on its day: that day's prices
        /// are of the new shares. Nil when the value does not fit an exact decimal.
        func value(_ i: Int, inSharesOf u: Int64) -> ExactDecimal? {
            var v = values[i]
            let own = days[i]
            for s in splits where (own < s.day && s.day <= u) || (u < s.day && s.day <= own) {
                let scaled =
                    own < s.day ? v.scaledBy(s.denominator, s.numerator) : v.scaledBy(s.numerator, s.denominator)
                guard let next = scaled else { return nil }
                v = next
            }
            return v
        }

        /// Price `i` as observed, its value as `value(_:inSharesOf:)` gives it for day `u`; a
        /// value a split changed says so in its source.
        func observation(_ i: Int, inSharesOf u: Int64? = nil) -> PriceObservation {
            var value = values[i]
            var source = metas[Int(meta[i])].source
            if let u, !splits.isEmpty, let adjusted = self.value(i, inSharesOf: u), adjusted != value {
                value = adjusted
                if !source.hasSuffix(PriceObservation.splitAdjustedMark) {
                    source += PriceObservation.splitAdjustedMark
                }
            }
            return PriceObservation(
                value: value, date: CivilDate(daysSinceEpoch: days[i]), source: source,
                fetched: fetched[i] == .min ? nil : Instant(secondsSinceEpoch: fetched[i]))
        }

        /// The last index on or before `day`, nil when none.
        func lastIndex(onOrBefore day: Int64) -> Int? { days.lastIndex(atOrBelow: day) }

        /// From index `i` back, the first price in `currency`.
        func index(in currency: String, from i: Int?) -> Int? {
            var at = i
            while let j = at {
                if metas[Int(meta[j])].currency == currency { return j }
                at = j > 0 ? j - 1 : nil
            }
            return nil
        }
    }

    /// A split in the journal: `numerator` new shares for `denominator` old from `day` on.
    struct Split: Sendable {
        var day: Int64
        var numerator: Int64
        var denominator: Int64
    }

    /// A series being filled, by column.
    struct Columns {
        var days: [Int64] = []
        var values: [ExactDecimal] = []
        var fetched: [Int64] = []
        var meta: [UInt16] = []
        var metas: [Series.Meta] = []

        mutating func append(day: Int64, value: ExactDecimal, fetched f: Int64, currency: String, source: String) {
            if let last = meta.last, metas[Int(last)].currency == currency, metas[Int(last)].source == source {
                append(day: day, value: value, fetched: f, meta: last)
            } else {
                append(day: day, value: value, fetched: f, meta: metaIndex(currency: currency, source: source))
            }
        }

        /// A price whose currency and source are `metas[meta]`.
        mutating func append(day: Int64, value: ExactDecimal, fetched f: Int64, meta m: UInt16) {
            days.append(day)
            values.append(value)
            fetched.append(f)
            meta.append(m)
        }

        /// The index of a currency and source pair, added when new.
        mutating func metaIndex(currency: String, source: String) -> UInt16 {
            if let i = metas.firstIndex(where: { $0.currency == currency && $0.source == source }) { return UInt16(i) }
            metas.append(.init(currency: currency, source: source))
            return UInt16(metas.count - 1)
        }

        mutating func reserve(_ n: Int) {
            days.reserveCapacity(n)
            values.reserveCapacity(n)
            fetched.reserveCapacity(n)
            meta.reserveCapacity(n)
        }
    }

    /// Takes the ledger's closes symbol by symbol, each symbol's in date order, into columns;
    /// `build` then adds the journal's own prices and rates.
    public struct Builder {
        var columns: [String: Columns] = [:]
        var splits: [String: [Split]] = [:]
        var current: (symbol: String, columns: Columns)?

        /// A builder that multiplies split-adjusted closes back by the splits of `entries`.
        public init(entries: [JournalEntry]) {
            for e in entries where e.kind == .split {
                if let s = e.symbol, let n = e.splitNumerator, let d = e.splitDenominator, n > 0, d > 0 {
                    splits[s, default: []].append(Split(day: e.date.daysSinceEpoch, numerator: n, denominator: d))
                }
            }
        }

        /// One stored close; a symbol's closes come together and in date order.
        public mutating func add(
            symbol: String, day: Int64, close: ExactDecimal, currency: String, source: String, fetched: Int64,
            splitAdjusted: Bool
        ) {
            if current?.symbol != symbol {
                flush()
                current = (symbol, columns[symbol] ?? Columns())
            }
            var value = close
            if splitAdjusted, let list = splits[symbol] {
                // A close fetched after a split is divided by it; multiplied back here for the
                // days before the split (the ledger's quantity is as traded until the split's
                // entry). One fetched before the split is as traded already.
                let fetchedDay = Instant(secondsSinceEpoch: fetched).utc.date.daysSinceEpoch
                for s in list where s.day > day && s.day <= fetchedDay {
                    value = value.scaledBy(s.numerator, s.denominator) ?? value
                }
            }
            current?.columns.append(day: day, value: value, fetched: fetched, currency: currency, source: source)
        }

        public mutating func add(_ c: DailyClose) {
            add(
                symbol: c.symbol, day: c.date.daysSinceEpoch, close: c.close, currency: c.currency, source: c.source,
                fetched: c.fetched.secondsSinceEpoch, splitAdjusted: c.splitAdjusted)
        }

        mutating func flush() {
            if let c = current { columns[c.symbol] = c.columns }
            current = nil
        }

        /// The book: the closes, with each trade's price and each recorded FX rate into `base`
        /// from `entries` (the effective ones) merged in as prices of their days. A day's close
        /// outranks a trade of that day (the valuation is at the close).
        public consuming func build(entries: [JournalEntry], base: String) -> PriceBook {
            flush()
            var extra: [String: [(day: Int64, value: ExactDecimal, currency: String, source: String)]] = [:]
            for e in entries {
                if [.buy, .sell].contains(e.kind), let s = e.symbol, let p = e.price, p.sign > 0 {
                    extra[s, default: []].append((e.date.daysSinceEpoch, p, e.currency, "trade"))
                }
                // A price of a split's day is of the new shares; a trade recorded before the split
                // that day (the ledger takes a day's entries in their order) is of the old ones:
                // divided by it. As traded, 100 before a 4:1 split valued the 40 shares the
                // split made of 10 at 100 each.
                if e.kind == .split, let s = e.symbol, let n = e.splitNumerator, let d = e.splitDenominator, n > 0,
                    d > 0, let trades = extra[s]
                {
                    // The effective entries are in date order: the day's trades are the last ones.
                    let day = e.date.daysSinceEpoch
                    for i in trades.indices.reversed() {
                        guard trades[i].day == day else { break }
                        if let split = trades[i].value.scaledBy(d, n) {
                            extra[s]![i].value = split
                            extra[s]![i].source = "trade" + PriceObservation.splitAdjustedMark
                        }
                    }
                }
                if let rate = e.fxRate, rate.sign > 0, e.currency != base {
                    extra[PriceBook.pair(e.currency, base), default: []].append(
                        (e.date.daysSinceEpoch, rate, base, "trade"))
                }
            }
            var book = PriceBook()
            for (symbol, c) in columns where extra[symbol] == nil {
                book.series[symbol] = Series(c, splits: splits[symbol] ?? [])
            }
            for (symbol, trades) in extra {
                // Stable by day: of two trades on a day the later recorded stays last.
                let sorted = trades.enumerated().sorted { a, b in
                    a.element.day != b.element.day ? a.element.day < b.element.day : a.offset < b.offset
                }.map(\.element)
                let closes = columns[symbol] ?? Columns()
                var merged = Columns()
                merged.reserve(closes.days.count + sorted.count)
                // The closes' currency and source pairs, as indexes of the merged series' pairs.
                var pairOf = [UInt16?](repeating: nil, count: closes.metas.count)
                var t = 0
                for i in closes.days.indices {
                    while t < sorted.count, sorted[t].day <= closes.days[i] {
                        merged.append(
                            day: sorted[t].day, value: sorted[t].value, fetched: .min, currency: sorted[t].currency,
                            source: sorted[t].source)
                        t += 1
                    }
                    let k = Int(closes.meta[i])
                    let m =
                        pairOf[k]
                        ?? merged.metaIndex(currency: closes.metas[k].currency, source: closes.metas[k].source)
                    pairOf[k] = m
                    merged.append(day: closes.days[i], value: closes.values[i], fetched: closes.fetched[i], meta: m)
                }
                for r in sorted[t...] {
                    merged.append(day: r.day, value: r.value, fetched: .min, currency: r.currency, source: r.source)
                }
                book.series[symbol] = Series(merged, splits: splits[symbol] ?? [])
            }
            return book
        }
    }

    /// Walks one symbol's prices in one currency forward: each look-up moves on from the last,
    /// so a timeline pays for each price once; a day before the last one asked is searched for.
    /// The series' day and meta columns are held here, not reached through the series on each
    /// look-up (a timeline asks 1.3 million of them), and a series wholly in the currency skips
    /// the currency check.
    public struct Cursor: Sendable {
        let series: Series?
        let days: [Int64]
        let values: [ExactDecimal]
        let meta: [UInt16]
        /// Per currency and source pair of the series: whether it is in `currency`.
        let inCurrency: [Bool]
        let allInCurrency: Bool
        /// Whether the symbol has splits (without, a price values a share as it is).
        let hasSplits: Bool
        /// The last index on or before the last day asked; -1 before the first.
        var position = -1

        init(series: Series?, currency: String) {
            self.series = series
            days = series?.days ?? []
            values = series?.values ?? []
            meta = series?.meta ?? []
            inCurrency = series?.metas.map { $0.currency == currency } ?? []
            allInCurrency = !inCurrency.contains(false)
            hasSplits = !(series?.splits.isEmpty ?? true)
        }

        /// Price `i` as it values a share held on day `d` (`Series.value(_:inSharesOf:)`); nil
        /// when a split's arithmetic does not fit an exact decimal.
        @inline(__always) func value(_ i: Int, inSharesOf d: Int64) -> ExactDecimal? {
            hasSplits ? series!.value(i, inSharesOf: d) : values[i]
        }

        /// The index of the last price in the currency on or before `day`.
        mutating func index(on day: CivilDate) -> Int? { index(onDay: day.daysSinceEpoch) }

        /// The same for a day number (days since 1970-01-01), as a timeline walks them.
        @inline(__always) mutating func index(onDay d: Int64) -> Int? {
            days.withUnsafeBufferPointer { days in
                var i = position
                if i >= 0, days[i] > d {
                    i = series?.lastIndex(onOrBefore: d) ?? -1
                } else {
                    while i + 1 < days.count, days[i + 1] <= d { i += 1 }
                }
                position = i
            }
            guard position >= 0 else { return nil }
            if allInCurrency { return position }
            var j = position
            while j >= 0, !inCurrency[Int(meta[j])] { j -= 1 }
            return j >= 0 ? j : nil
        }

        /// The value of the last price in the currency on or before `day`, as it values a share
        /// held that day (across a split since, the price of the new shares).
        public mutating func value(on day: CivilDate) -> ExactDecimal? {
            index(on: day).flatMap { value($0, inSharesOf: day.daysSinceEpoch) }
        }

        /// The same price with its day, source and fetch time.
        public mutating func price(on day: CivilDate) -> PriceObservation? {
            index(on: day).map { series!.observation($0, inSharesOf: day.daysSinceEpoch) }
        }
    }

    private var series: [String: Series] = [:]

    private init() {}

    /// `closes` from the ledger's price table (grouped by symbol, each in date order); the
    /// journal's trades (prices), splits and FX rates from `entries` (the effective ones:
    /// `PortfolioBook.effective`).
    public init(closes: [DailyClose], entries: [JournalEntry], base: String) {
        var builder = Builder(entries: entries)
        for c in closes.sorted(by: { a, b in a.symbol != b.symbol ? a.symbol < b.symbol : a.date < b.date }) {
            builder.add(c)
        }
        self = builder.build(entries: entries, base: base)
    }

    /// The FX pair's symbol as the history services name it: 1 `from` = rate `to`.
    public static func pair(_ from: String, _ to: String) -> String {
        CurrencyConversion.pairSymbol(from: from, to: to)
    }

    /// A cursor over `symbol`'s prices in `currency`, before its first.
    public func cursor(_ symbol: String, currency: String) -> Cursor {
        Cursor(series: series[symbol], currency: currency)
    }

    /// A cursor over the rates from `from` into `to`.
    public func rateCursor(from: String, to: String) -> Cursor { cursor(Self.pair(from, to), currency: to) }

    /// The price of one `symbol` in `currency` on `day`: the last one on or before it, as it
    /// values a share held that day (a price from before a split since divided by it). Prices
    /// in another currency are skipped. Nil when there is none.
    /// `inSharesOf` values the price in the shares of another day than `day` (a benchmark's
    /// purchases counted in the shares its end price is of).
    public func price(of symbol: String, currency: String, on day: CivilDate, inSharesOf shares: CivilDate? = nil)
        -> PriceObservation?
    {
        guard let s = series[symbol] else { return nil }
        let d = day.daysSinceEpoch
        let u = (shares ?? day).daysSinceEpoch
        return s.index(in: currency, from: s.lastIndex(onOrBefore: d)).map { s.observation($0, inSharesOf: u) }
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
