import SquarestockCore
import SquarestockNetworking
import SquarestockPortfolio
import SquarestockServices
import SquarestockWatch

extension SquarestockApp {
    /// The settings' portfolio in the ledger file (created, owner-only, when `create`).
    public func portfolioLedger(create: Bool) throws(PortfolioError) -> PortfolioLedger {
        try PortfolioLedger(store: portfolioStore(), name: settings.portfolioName, create: create)
    }

    /// The ledger file, and the settings' portfolio in it when the ledger has it (nil: a preview
    /// plans into an empty portfolio, and makes none). The file is opened once either way.
    func existingPortfolio() throws(PortfolioError) -> (store: PortfolioStore, ledger: PortfolioLedger?) {
        let store = try portfolioStore()
        do throws(PortfolioError) {
            return (store, try PortfolioLedger(store: store, name: settings.portfolioName, create: false))
        } catch {
            guard case .unknownPortfolio = error else { throw error }
            return (store, nil)
        }
    }

    /// The ledger file (made, with its folder, on first use), its rates recorded into the
    /// configured base.
    func portfolioStore() throws(PortfolioError) -> PortfolioStore {
        guard let path = settings.portfolioPath else {
            throw .storage(path: "the data folder", detail: "HOME and XDG_DATA_HOME are unset")
        }
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        do { try PrivateFileStore.preparePrivateFolder(folder) } catch {
            // Two first runs at once: the other may have made the folder between our look and
            // our mkdir; then it is there now, and checked as any existing folder.
            do { try PrivateFileStore.preparePrivateFolder(folder) } catch {
                throw .storage(path: folder, detail: error.description)
            }
        }
        let store = try PortfolioStore(path: path)
        store.fxBase = configuredBase
        return store
    }

    /// The settings' portfolio for a command that only reads it. The default portfolio is made
    /// on first use (a first run shows "no holdings yet"); another name must exist: a typo in
    /// `--portfolio` made, and showed, a new empty portfolio.
    func readLedger() throws(PortfolioError) -> PortfolioLedger {
        try portfolioLedger(create: settings.portfolioName == Settings.defaultPortfolioName)
    }

    /// The base currency rates are recorded into unless a command names another: the configured
    /// currency, else USD.
    var configuredBase: String { (settings.currency ?? "USD").uppercased() }

    /// Today on the settings' clock, in the user's zone (a trade is dated as the user sees it).
    public var portfolioToday: CivilDate {
        let zone = settings.userZone
        return zone.map { $0.localDateTime(at: settings.now).date } ?? settings.now.utc.date
    }

    /// Records `entries` (all or none). Purchases and sales in a currency other than the
    /// configured base get the FX rate of their day when they have none; the store records each
    /// rate with that base (`PortfolioStore.fxBase`). `note` (how the entries' currency was
    /// chosen, `tradeCurrency`) leads the notes.
    public func recordPortfolio(_ entries: [JournalEntry], note: String? = nil) throws(PortfolioError)
        -> (recorded: [JournalEntry], notes: [String])
    {
        let ledger = try portfolioLedger(create: true)
        var notes: [String] = note.map { [$0] } ?? []
        let base = configuredBase
        var withRates = entries
        for i in withRates.indices where withRates[i].currency != base && withRates[i].fxRate == nil {
            let e = withRates[i]
            guard [.buy, .sell, .dividend].contains(e.kind) else { continue }
            // The ledger's close of the pair on the trade's very day (typed, imported or fetched
            // before) comes first: `returns` values with the same one. Then the service; then
            // the ledger's last close within a week before, when the service has none.
            let stored = storedRate(from: e.currency, to: base, on: e.date, store: ledger.store)
            func take(_ close: DailyClose) {
                withRates[i].fxRate = close.close.normalized
                notes.append(
                    "\(e.currency)→\(base) \(close.close.normalized): the \(close.source) close of \(close.date)")
            }
            if let close = stored, close.date == e.date {
                take(close)
                continue
            }
            let found =
                e.date == portfolioToday
                ? fxRates([e.currency], to: base).rates.first.map { ($0.value, e.date) }
                : historicalRate(from: e.currency, to: base, on: e.date)
            if let (rate, day) = found {
                withRates[i].fxRate = rate
                if e.date != portfolioToday { notes.append("\(e.currency)→\(base) \(rate): the close of \(day)") }
            } else if let close = stored {
                take(close)
            } else {
                notes.append(
                    "no \(e.currency)→\(base) rate found for \(e.date); to record one, `portfolio undo` and "
                        + "record it again with --fx RATE")
            }
        }
        let (written, slips) = try ledger.recordNoting(withRates)
        return (written, notes + slips)
    }

    /// The ledger's close of the pair (`EURUSD=X`) on `date`, or its last within a week before.
    func storedRate(from: String, to base: String, on date: CivilDate, store: PortfolioStore) -> DailyClose? {
        let pair = CurrencyConversion.pairSymbol(from: from, to: base)
        guard let closes = try? store.dailyCloses([pair]) else { return nil }
        return closes.last { c in
            c.date <= date && date.daysSinceEpoch - c.date.daysSinceEpoch <= 7 && c.close.sign > 0
                && c.currency.uppercased() == base
        }
    }

    /// The rate of `date` from the FX pair's daily history (`EURUSD=X`): that day's close, or the
    /// last close within a week before it (weekends, holidays); nil when the source has none.
    func historicalRate(from: String, to base: String, on date: CivilDate) -> (ExactDecimal, CivilDate)? {
        let days = portfolioToday.daysSinceEpoch - date.daysSinceEpoch
        let range: ChartRange = days <= 360 ? .year1 : (days <= 1800 ? .year5 : .max)
        guard case .success(let report) = chart(CurrencyConversion.pairSymbol(from: from, to: base), range: range)
        else {
            return nil
        }
        let bar = report.data.series.bars.last { bar in
            bar.session <= date && date.daysSinceEpoch - bar.session.daysSinceEpoch <= 7 && (bar.close?.sign ?? 0) > 0
        }
        return bar.flatMap { b in b.close.map { ($0.normalized, b.session) } }
    }

    /// Why a holding has no live price, with the symbol once, and what it is valued at instead:
    /// `valued` when said already (a stored close), else the stored price and its day when there
    /// is one, else nothing.
    static func unpricedNote(_ r: StockResult, stored: StoredPrice?, valued: String? = nil) -> String {
        let why = r.error?.detail ?? "no price"
        if let valued { return "\(r.symbol): \(why); \(valued)" }
        guard let stored else { return "\(r.symbol): \(why); no stored price either, so it is not valued" }
        // The price's own day (its trade's), not the day it was stored: a year-old recording
        // stored today read as today's price.
        let day = (stored.traded ?? stored.fetched).utc.date
        let fetched = stored.fetched.utc.date
        return "\(r.symbol): \(why); valued at the \(stored.source) price of \(day)"
            + (fetched == day ? "" : ", stored \(fetched)")
    }

    /// Current rates from `currencies` to `base` (1 unit = rate base), from the quote source.
    func fxRates(_ currencies: [String], to base: String) -> (rates: [String: ExactDecimal], notes: [String]) {
        let (rates, _, notes) = fxRates(currencies, to: base, stored: [:], offline: false)
        return (rates, notes)
    }

    /// Rates of `currencies` into `base` with the quote each came from: fetched (unless
    /// `offline`), else the last fetched rate the ledger stored (`stored`, by pair symbol), else
    /// the pair's last daily close in the ledger, else the last rate recorded with an entry
    /// (`recorded`: a trade's `--fx`, by currency). A rate older than `HoldingsValuation.freshFor`
    /// gets a note naming its source and age; a currency with no rate at all, a note saying so.
    func fxRates(
        _ currencies: [String], to base: String, stored: [String: StoredPrice], offline: Bool,
        store: PortfolioStore? = nil, recorded: (String) -> PriceObservation? = { _ in nil }
    ) -> (rates: [String: ExactDecimal], quotes: [String: StoredPrice], notes: [String]) {
        let needed = Array(Set(currencies.map { $0.uppercased() })).filter { $0 != base }.sorted()
        guard !needed.isEmpty else { return ([:], [:], []) }
        var quotes: [String: StoredPrice] = [:]
        var failures: [String: String] = [:]
        if !offline {
            // A rate is a quote's price: no day of points is asked for.
            let manager = StockManager(
                source: settings.quoteSource, transport: transport, context: settings.sourceContext.quotesAlone)
            var fresh: [StoredPrice] = []
            // Each rate is kept under Yahoo's name of the pair (`EURUSD=X`), the ledger's name
            // for it whatever source answered; an exchange is asked its own pair, either way round.
            var answers: [(code: String, asked: String, outcome: Result<Stock, QuoteError>)] = []
            if manager.source is ExchangeSource {
                let (rates, pairs) = CurrencyConversion.exchangeRates(needed, to: base, manager: manager)
                answers = needed.compactMap { c in rates[c].map { (c, pairs[c] ?? c, $0) } }
            } else {
                let pairs = needed.map { CurrencyConversion.pairSymbol(from: $0, to: base) }
                answers = zip(needed, zip(pairs, manager.quotes(for: pairs))).map { ($0, $1.0, $1.1.outcome) }
            }
            for (code, asked, outcome) in answers {
                switch outcome {
                case .success(let s) where (s.price.last?.sign ?? 0) > 0:
                    let q = StoredPrice(
                        symbol: CurrencyConversion.pairSymbol(from: code, to: base), price: s.price.last!,
                        currency: base, change: nil, traded: s.price.lastTrade, fetched: settings.now, source: s.source)
                    quotes[code] = q
                    fresh.append(q)
                case .success: failures[code] = TerminalText.stripControls(asked) + ": no price"
                case .failure(let e): failures[code] = TerminalText.stripControls(asked + ": " + e.detail)
                }
            }
            try? store?.store(prices: fresh)
        }
        var notes: [String] = []
        for code in needed where quotes[code] == nil {
            let pair = CurrencyConversion.pairSymbol(from: code, to: base)
            if let q = Self.keptRate(code, base, stored: stored, store: store)
                ?? Self.keptRate(base, code, stored: stored, store: store).flatMap({ Self.inverted($0, in: base) })
            {
                quotes[code] = q
            } else if let r = recorded(code) {
                // Recorded with the entry, never fetched: its day is its time.
                let day = Instant(secondsSinceEpoch: CivilDateTime(date: r.date).secondsSinceEpochAsUTC)
                quotes[code] = StoredPrice(
                    symbol: pair, price: r.value, currency: base, change: nil, traded: nil, fetched: day,
                    source: "trade", day: r.date)
            } else {
                let fix = "record one with `squarestock portfolio price \(pair) DATE RATE --currency \(base)`"
                notes.append(
                    "no \(code)→\(base) rate (\(failures[code] ?? "offline, and none stored in the ledger")); "
                        + (offline ? "run without --offline, or " + fix : fix))
            }
        }
        let now = settings.now
        for (code, q) in quotes.sorted(by: { $0.key < $1.key }) {
            // A rate kept the other way round (`EURUSD=X` for dollars into euros) is named so.
            let of = q.symbol == CurrencyConversion.pairSymbol(from: base, to: code) ? "1 / \(q.symbol), " : ""
            if let day = q.day, q.source == "trade" {
                notes.append("\(code)→\(base) at the rate recorded with the entry of \(day): \(q.price)")
            } else if let day = q.day {
                notes.append("\(code)→\(base) at \(of)the \(q.source) close of \(day): \(q.price)")
            } else if now.seconds(since: q.fetched) > HoldingsValuation.freshFor {
                let at = q.traded ?? q.fetched
                let age = AgeFormatter.describe(seconds: max(0, now.seconds(since: at)))
                notes.append(
                    "\(code)→\(base) at \(of)the stored \(q.source) rate of \(at.iso8601UTC) (\(age) old): \(q.price)")
            }
        }
        return (quotes.mapValues(\.price), quotes, notes)
    }

    /// The rate of `code` in `base` the ledger keeps: the last one fetched (`stored`, by pair
    /// symbol), else the pair's last daily close.
    private static func keptRate(_ code: String, _ base: String, stored: [String: StoredPrice], store: PortfolioStore?)
        -> StoredPrice?
    {
        let pair = CurrencyConversion.pairSymbol(from: code, to: base)
        if let s = stored[pair], s.price.sign > 0 { return s }
        guard let c = (try? store?.dailyCloses([pair]))??.last, c.close.sign > 0 else {
            return nil
        }
        return StoredPrice(
            symbol: c.symbol, price: c.close, currency: c.currency, change: nil, traded: nil, fetched: c.fetched,
            source: c.source, day: c.date)
    }

    /// A kept rate of the other way round (`EURUSD=X`, dollars a euro) as the rate wanted (euros
    /// a dollar): 1 / its price in `base`, under its own symbol, which the notes name.
    private static func inverted(_ q: StoredPrice, in base: String) -> StoredPrice? {
        guard let one = CurrencyConversion.inverseRate(q.price) else { return nil }
        var q = q
        q.price = one
        q.currency = base
        return q
    }

    /// The holdings valued at live quotes (stored ones when a quote fails, with their age),
    /// cash, and totals in `currency` (else the config's, else USD).
    public func holdings(currency: String?, offline: Bool = false) throws(PortfolioError) -> HoldingsReport {
        let base = currency?.uppercased() ?? configuredBase
        // Totals in a currency the ledger cannot hold would name FX pairs that do not exist.
        guard CurrencyExponent.of(base) != nil else { throw .unknownCurrency(base) }
        let ledger = try readLedger()
        let entries = try ledger.entries()
        let book = try PortfolioBook(entries: entries, method: ledger.method)
        // The entries in effect, for the closes' splits, the trade prices and today's purchases.
        let effective = PortfolioBook.effective(entries)
        let symbols = HoldingsValuation.symbols(of: book)
        var stored = (try? ledger.store.storedPrices()) ?? [:]
        var notes: [String] = []
        // Quotes that failed, noted once it is known what the holding is valued at instead.
        var unquoted: [StockResult] = []
        if !offline, !symbols.isEmpty {
            let manager = StockManager(
                source: settings.quoteSource, transport: transport, context: settings.sourceContext)
            var fresh: [StoredPrice] = []
            for r in manager.quotes(for: symbols) {
                guard let s = r.stock, let last = s.price.last else {
                    unquoted.append(r)
                    continue
                }
                let unit = s.currency ?? Currency(code: "USD")
                let change = s.price.change.flatMap(unit.inMajor)
                guard let major = unit.inMajor(last) else { continue }
                let p = StoredPrice(
                    symbol: r.symbol, price: major.normalized, currency: s.currency?.majorCode ?? "USD", change: change,
                    traded: s.price.lastTrade, fetched: settings.now, source: s.source)
                fresh.append(p)
                stored[r.symbol] = p
            }
            try? ledger.store.store(prices: fresh)
        }
        // A holding no quote ever priced (an asset no service quotes, or none fetched yet) is
        // valued at its newest price the ledger knows, named with its day: a daily close it keeps,
        // or its last trade's price (a trade's own price counts as a price of its day, as
        // `returns` values it: a private fund bought by hand). The newer wins: a close of January
        // does not value a holding bought again in May at twice the price.
        let unpriced = symbols.filter { stored[$0] == nil }
        var closeNotes: [String: String] = [:]
        if !unpriced.isEmpty {
            var last: [String: DailyClose] = [:]
            for c in (try? ledger.store.dailyCloses(unpriced)) ?? [] { last[c.symbol] = c }
            // A price from before a split since is of the old shares: the price book divides it.
            var builder = PriceBook.Builder(entries: effective)
            for (_, c) in last.sorted(by: { $0.key < $1.key }) { builder.add(c) }
            let prices = builder.build(entries: effective, base: base)
            for symbol in unpriced {
                // In the holding's own currency first; a close in another one is still shown (the
                // valuation then says the currencies differ).
                let held = book.lots[symbol]?.first?.currency ?? base
                let currency: String
                let p: PriceObservation
                if let own = prices.price(of: symbol, currency: held, on: portfolioToday) {
                    (currency, p) = (held, own)
                } else if let c = last[symbol],
                    let other = prices.price(of: symbol, currency: c.currency, on: portfolioToday)
                {
                    (currency, p) = (c.currency, other)
                } else {
                    continue
                }
                // The book marks a price divided by a split since; the note says so in its words.
                let source = p.plainSource
                stored[symbol] = StoredPrice(
                    symbol: symbol, price: p.value, currency: currency, change: nil, traded: nil,
                    fetched: p.fetched ?? settings.now, source: source, day: p.date)
                closeNotes[symbol] =
                    (source == "trade"
                        ? "valued at its trade price of \(p.date)" : "valued at its \(source) close of \(p.date)")
                    + (p.isSplitAdjusted ? ", divided by the split since" : "")
            }
        }
        notes += unquoted.map { Self.unpricedNote($0, stored: stored[$0.symbol], valued: closeNotes[$0.symbol]) }
        let noted = Set(unquoted.map(\.symbol))
        for (symbol, valued) in closeNotes.sorted(by: { $0.key < $1.key }) where !noted.contains(symbol) {
            notes.append("\(symbol): \(valued)")
        }
        let currencies = HoldingsValuation.currencies(of: book, base: base)
        // The last rate recorded with an entry serves when nothing newer is known, read as
        // `returns` reads it (`ratesFor`: only rates into the base), the book made on first need.
        var recordedRates: PriceBook?
        let (rates, rateQuotes, fxNotes) = fxRates(
            Array(currencies), to: base, stored: stored, offline: offline, store: ledger.store,
            recorded: { code in
                if recordedRates == nil {
                    let rated = ratesFor(base, effective)
                    recordedRates = PriceBook.Builder(entries: rated).build(entries: rated, base: base)
                }
                return recordedRates?.rate(from: code, to: base, on: portfolioToday)
            })
        var report = HoldingsValuation.report(
            of: book, portfolio: ledger.name, prices: stored, rates: rates, base: base, now: settings.now,
            boughtToday: Self.boughtToday(effective, book: book, on: portfolioToday))
        report.rateQuotes = rateQuotes
        report.notes = notes + fxNotes + report.notes
        return report
    }
}

extension SquarestockApp {
    /// The purchases of `day` among `effective` (the entries in effect, in the ledger's order),
    /// by symbol, in each holding's currency, in the shares held at the day's end: a split that
    /// day after a purchase multiplies what was bought before it (10 bought, then split 4:1,
    /// are 40 of the quote's shares; counted as 10, the day's change was -710.00, not +40.00).
    static func boughtToday(_ effective: [JournalEntry], book: PortfolioBook, on day: CivilDate) -> [String:
        HoldingsValuation.BoughtToday]
    {
        var out: [String: HoldingsValuation.BoughtToday] = [:]
        for e in effective where e.date == day {
            if e.kind == .split, let symbol = e.symbol, let n = e.splitNumerator, let d = e.splitDenominator,
                n > 0, d > 0, let sum = out[symbol]
            {
                out[symbol]?.quantity = sum.quantity.scaledBy(n, d) ?? sum.quantity
                continue
            }
            guard e.kind == .buy else { continue }
            guard let symbol = e.symbol, let q = e.quantity, e.currency == book.lots[symbol]?.first?.currency
            else { continue }
            var sum = out[symbol] ?? HoldingsValuation.BoughtToday(quantity: ExactDecimal(0), cost: 0)
            guard let quantity = sum.quantity + q, let paid = MinorUnits.sum(e.amount, e.fee),
                let cost = MinorUnits.sum(sum.cost, paid)
            else { continue }
            sum.quantity = quantity
            sum.cost = cost
            out[symbol] = sum
        }
        return out
    }

    /// `watch --portfolio`: what the settings' portfolio holds, by symbol, for the value and gain
    /// columns (the open lots' quantity and cost; a symbol held in two currencies shows the first).
    package func watchHoldings() throws(PortfolioError) -> [String: WatchHolding] {
        let book = try portfolioLedger(create: false).book()
        var out: [String: WatchHolding] = [:]
        for (symbol, lots) in book.lots where !lots.isEmpty {
            let currency = lots[0].currency
            let same = lots.filter { $0.currency == currency }
            let q = same.reduce(ExactDecimal(0)) { ($0 + $1.quantity) ?? $0 }
            out[symbol] = WatchHolding(
                quantity: q, cost: same.reduce(0) { $0 + $1.cost }, currency: currency,
                exponent: CurrencyExponent.of(currency) ?? 2)
        }
        return out
    }
}
