import SquarestockCore
import SquarestockNetworking
import SquarestockPortfolio
import SquarestockServices

/// `portfolio returns`: the daily closes of everything the period holds (and the FX pairs and
/// benchmark it needs) brought up to date in the ledger, asking the history source only for
/// days never asked before, then the returns computed offline from the ledger (Core's
/// `ReturnsCalculator`).
extension SquarestockApp {
    public struct ReturnsQuestion: Sendable {
        public var from: CivilDate?
        public var to: CivilDate?
        public var benchmark: String?
        public var base: String?
        public var byHolding: Bool
        public var explain: Bool
        public var offline: Bool
        /// Start no earlier than the first entry (a chart's range reaching back before it).
        var fromFirstEntryAtTheEarliest = false

        public init(
            from: CivilDate?, to: CivilDate?, benchmark: String?, base: String?, byHolding: Bool, explain: Bool,
            offline: Bool
        ) {
            self.from = from
            self.to = to
            self.benchmark = benchmark
            self.base = base
            self.byHolding = byHolding
            self.explain = explain
            self.offline = offline
        }
    }

    public func portfolioReturns(_ q: ReturnsQuestion) throws(ReturnsError) -> (report: ReturnsReport, notes: [String])
    {
        let (report, _, notes) = try returnsWithPrices(q)
        return (report, notes)
    }

    /// `portfolio chart`: the daily value over `range` (ending today; `max` from the first
    /// entry), with each day's money in or out and the benchmark's value, from the same closes
    /// and timeline as `portfolio returns`.
    public func portfolioValueChart(
        range: ChartRange, benchmark: String?, base: String?, offline: Bool
    ) throws(ReturnsError) -> (series: PortfolioValueSeries, notes: [String]) {
        var question = ReturnsQuestion(
            from: range.startDate(endingOn: portfolioToday), to: nil, benchmark: benchmark, base: base,
            byHolding: false, explain: false, offline: offline)
        question.fromFirstEntryAtTheEarliest = true
        let (report, prices, notes) = try returnsWithPrices(question)
        return (PortfolioValueSeries.of(report, prices: prices), notes)
    }

    /// The report, the price book it was computed from, and notes on what could not be fetched.
    func returnsWithPrices(_ q: ReturnsQuestion) throws(ReturnsError) -> (
        report: ReturnsReport, prices: PriceBook, notes: [String]
    ) {
        let ledger: PortfolioLedger
        let entries: [JournalEntry]
        do {
            ledger = try portfolioLedger(create: false)
            entries = try ledger.entries()
        } catch { throw .ledger(error) }
        let base = (q.base ?? settings.currency ?? "USD").uppercased()
        guard CurrencyExponent.of(base) != nil else { throw .ledger(.unknownCurrency(base)) }
        let effective = PortfolioBook.effective(entries)
        guard let firstDay = effective.first?.date else { throw .nothingHeld }
        let today = portfolioToday
        if let to = q.to, to > today { throw .futureEnd(to: to, today: today) }
        if let to = q.to, to < firstDay { throw .beforeFirstEntry(to: to, first: firstDay) }
        let to = q.to ?? today
        let from = q.from.map { q.fromFirstEntryAtTheEarliest ? max($0, firstDay) : $0 } ?? firstDay
        guard from <= to else {
            // Without --to the period ends today: a later --from is in the future, not after --to.
            if q.to == nil { throw .futureStart(from: from, today: today) }
            throw .emptyPeriod(from: from, to: to)
        }
        var benchmark: String?
        if let raw = q.benchmark {
            do { benchmark = try EntryFactory.symbol(raw) } catch { throw .ledger(error) }
        }
        var needs = DailyCloseNeeds.of(effective, base: base, from: from, to: to)
        if let benchmark {
            needs.add(benchmark, currency: nil, from: from.adding(days: -1 - DailyCloseNeeds.lookBack), to: to)
        }
        var notes: [String] = []
        if !q.offline {
            notes += refreshDailyCloses(needs.spans(through: today.adding(days: -1)), store: ledger.store)
        }
        // The entries in effect, with recorded rates only where they are rates into `base`; the
        // closes go straight from the ledger's rows into the price book's columns.
        let rated = ratesFor(base, effective)
        var builder = PriceBook.Builder(entries: rated)
        var benchmarkCurrency = base
        do {
            try ledger.store.dailyCloses(needs.symbols.filter { $0 != benchmark }, into: &builder)
            if let benchmark {
                let closes = try ledger.store.dailyCloses([benchmark])
                benchmarkCurrency = closes.last?.currency ?? base
                for c in closes { builder.add(c) }
            }
        } catch { throw .ledger(error) }
        let prices = builder.build(entries: rated, base: base)
        let request = ReturnsCalculator.Request(
            portfolio: ledger.name, base: base, from: from, to: to,
            benchmark: benchmark.map { b in (b, benchmarkCurrency) },
            byHolding: q.byHolding, explain: q.explain)
        do {
            let report = try ReturnsCalculator.report(
                request, entries: rated, method: ledger.method, prices: prices)
            return (report, prices, notes)
        } catch .missingPrice(let symbol, let date) where !q.offline {
            // The closes were asked for: what the fetch said of this symbol is the reason.
            throw .missingPriceFetched(symbol: symbol, date: date, fetch: notes.first { $0.hasPrefix(symbol + ": ") })
        } catch .missingRate(let from, let to, let date) where !q.offline {
            let pair = "\(from)\(to)=X"
            throw .missingRateFetched(
                from: from, to: to, date: date, fetch: notes.first { $0.hasPrefix(pair + ": ") || $0.contains(pair) })
        }
    }

    /// The entries with their recorded FX rates kept only when those are rates into `base`: each
    /// says its base (`JournalEntry.fxBase`), and one recorded before the ledger kept it is into
    /// the configured currency (else USD). Asked in another base, the rates come from the pairs'
    /// closes instead.
    func ratesFor(_ base: String, _ entries: [JournalEntry]) -> [JournalEntry] {
        let configured = configuredBase
        guard entries.contains(where: { $0.fxRate != nil && ($0.fxBase ?? configured) != base }) else {
            return entries
        }
        return entries.map { e in
            var e = e
            if (e.fxBase ?? configured) != base { e.fxRate = nil }
            return e
        }
    }

    /// `realized --base CUR`: each lot part of each sale (of `year`, or all) with its proceeds at
    /// the sale day's rate and its basis at the purchase day's, from the pairs' daily closes
    /// (fetched once, as for the returns) and the rates recorded with the trades.
    public func portfolioRealizedLots(year: Int?, base raw: String, offline: Bool) throws(ReturnsError) -> (
        lots: [RealizedLot], notes: [String]
    ) {
        let base = raw.uppercased()
        guard CurrencyExponent.of(base) != nil else { throw .ledger(.unknownCurrency(base)) }
        let ledger: PortfolioLedger
        let book: PortfolioBook
        let entries: [JournalEntry]
        do {
            ledger = try portfolioLedger(create: false)
            entries = try ledger.entries()
            book = try PortfolioBook(entries: entries, method: ledger.method)
        } catch { throw .ledger(error) }
        let sales = book.disposals.filter { d in year.map { d.date.year == $0 } ?? true }
        var needs = DailyCloseNeeds()
        for d in sales where d.currency != base {
            let first = d.parts.map(\.acquired).min() ?? d.date
            needs.add(
                PriceBook.pair(d.currency, base), currency: base, from: first.adding(days: -DailyCloseNeeds.lookBack),
                to: d.date)
        }
        var notes: [String] = []
        if !offline {
            notes += refreshDailyCloses(needs.spans(through: portfolioToday.adding(days: -1)), store: ledger.store)
        }
        let closes: [DailyClose]
        do { closes = try ledger.store.dailyCloses(needs.symbols) } catch { throw .ledger(error) }
        let rated = ratesFor(base, entries)
        let prices = PriceBook(closes: closes, entries: PortfolioBook.effective(rated), base: base)
        return (try RealizedLot.of(sales, base: base, prices: prices, entries: rated, method: ledger.method), notes)
    }

    /// Fetches the closes of each symbol whose span of days was never asked for in full (one
    /// request each, together), stores the days inside the span, and widens the asked spans.
    /// Returns notes on what could not be fetched.
    func refreshDailyCloses(_ spans: [String: DailyCloseNeeds.Span], store: PortfolioStore) -> [String] {
        guard !spans.isEmpty else { return [] }
        let asked = (try? store.priceSpans(spans.keys)) ?? [:]
        let missing = spans.filter { s, need in !(asked[s]?.covers(need.first, need.through) ?? false) }
            .sorted { $0.key < $1.key }
        guard !missing.isEmpty, let source = ServiceCatalog.history(of: settings.quoteSource) else { return [] }
        let today = portfolioToday
        let answers = RequestPrefetch.run(through: transport) { transport in
            let manager = ChartManager(source: source, transport: transport, context: settings.sourceContext)
            return missing.map { symbol, need in
                // The shortest range reaching the first day not yet asked for.
                let known = asked[symbol]
                let oldest =
                    known.map { $0.first <= need.first ? $0.through.adding(days: 1) : need.first } ?? need.first
                return manager.chart(symbol: symbol, range: DailyCloseNeeds.range(back: oldest, from: today)).result
            }
        }
        var closes: [DailyClose] = []
        var widened: [String: PortfolioStore.PriceSpan] = [:]
        var notes: [String] = []
        for ((symbol, need), answer) in zip(missing, answers) {
            switch answer {
            case .success(let data):
                let currency = data.series.currency
                for bar in data.series.bars where need.first <= bar.session && bar.session <= need.through {
                    guard let close = bar.close, close.sign > 0,
                        let major = currency.map({ $0.inMajor(close) }) ?? close
                    else { continue }
                    closes.append(
                        DailyClose(
                            symbol: symbol, date: bar.session, close: major.normalized,
                            currency: currency?.majorCode ?? need.currency ?? "USD", source: data.source,
                            fetched: settings.now, splitAdjusted: true))
                }
                widened[symbol] = .init(first: need.first, through: need.through)
            case .failure(let e):
                notes.append(
                    "\(symbol): no daily closes (\(e.detail)); only the prices and rates the ledger has are used")
            }
        }
        do { try store.storeFetched(closes, asked: widened, at: settings.now) } catch {
            // The figures are computed from the stored closes: ones not stored are not used.
            notes.append(
                closes.isEmpty
                    ? "the days asked were not kept for later: " + error.description
                    : "the fetched closes were not stored, so not used: " + error.description)
        }
        return notes
    }

    /// `portfolio price SYMBOL DATE PRICE`: a close the user gives (an asset no service quotes, a
    /// correction); kept as traded, and never overwritten by a fetch.
    public func recordPortfolioPrice(symbol raw: String, date: CivilDate, price: ExactDecimal, currency: String?)
        throws(PortfolioError) -> DailyClose
    {
        let ledger = try portfolioLedger(create: true)
        let symbol = try EntryFactory.symbol(raw)
        guard price.sign > 0 else { throw .invalidEntry("the price must be above 0") }
        guard date <= portfolioToday else { throw .futureDate(date, today: portfolioToday) }
        let code: String
        if let currency { code = currency.uppercased() } else { code = try closeCurrency(of: symbol).uppercased() }
        guard CurrencyExponent.of(code) != nil else { throw .unknownCurrency(code) }
        let close = DailyClose(
            symbol: symbol, date: date, close: price.normalized, currency: code, source: "manual",
            fetched: settings.now,
            splitAdjusted: false)
        try ledger.store.storeGiven([close])
        return close
    }

    /// `portfolio price --import FILE`: closes from a CSV of `symbol,date,close[,currency]`.
    public func importPortfolioPrices(path: String) throws(PortfolioError) -> Int {
        let ledger = try portfolioLedger(create: true)
        // Asked once per symbol: each answer replays that symbol's book.
        var currencies: [String: String] = [:]
        let closes = try DailyPriceCSV.read(path: path, today: portfolioToday, now: settings.now) {
            s throws(PortfolioError) in
            if let known = currencies[s] { return known }
            let c = try self.closeCurrency(of: s)
            currencies[s] = c
            return c
        }
        try ledger.store.storeGiven(closes)
        return closes.count
    }

    /// The currency of a close given without one: the holding's, else the one the symbol's form
    /// names (SAP.DE: EUR, BTC-EUR: EUR; `listingCurrency`), else the configured one (a house, a
    /// fund), else USD. A close of SAP.DE in a USD-configured setup was kept as dollars.
    func closeCurrency(of symbol: String) throws(PortfolioError) -> String {
        if let held = portfolioCurrency(of: symbol) { return held }
        if let listing = try listingCurrency(of: symbol) { return listing.code }
        return settings.currency ?? "USD"
    }
}
