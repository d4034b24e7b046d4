import SquarestockCore
import SquarestockNetworking
import SquarestockPortfolio
import SquarestockServices
import SquarestockWatch

extension SquarestockApp {
    /// The settings' portfolio in the ledger file (created, owner-only, when `create`).
    public func portfolioLedger(create: Bool) throws(PortfolioError) -> PortfolioLedger {
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
        return try PortfolioLedger(store: PortfolioStore(path: path), name: settings.portfolioName, create: create)
    }

    /// Today on the settings' clock, in the user's zone (a trade is dated as the user sees it).
    public var portfolioToday: CivilDate {
        let zone = settings.userZone
        return zone.map { $0.localDateTime(at: settings.now).date } ?? settings.now.utc.date
    }

    /// Records `entries` (all or none). Purchases and sales in a currency other than
    /// `baseCurrency` get the FX rate of their day when they have none and the day is today.
    public func recordPortfolio(_ entries: [JournalEntry], baseCurrency: String?) throws(PortfolioError)
        -> (recorded: [JournalEntry], notes: [String])
    {
        let ledger = try portfolioLedger(create: true)
        var notes: [String] = []
        let base = (baseCurrency ?? settings.currency ?? "USD").uppercased()
        var withRates = entries
        for i in withRates.indices where withRates[i].currency != base && withRates[i].fxRate == nil {
            let e = withRates[i]
            guard [.buy, .sell, .dividend].contains(e.kind) else { continue }
            let found =
                e.date == portfolioToday
                ? fxRates([e.currency], to: base).rates.first.map { ($0.value, e.date) }
                : historicalRate(from: e.currency, to: base, on: e.date)
            if let (rate, day) = found {
                withRates[i].fxRate = rate
                if e.date != portfolioToday { notes.append("\(e.currency)→\(base) \(rate): the close of \(day)") }
            } else {
                notes.append("no \(e.currency)→\(base) rate found for \(e.date); add --fx RATE to record it")
            }
        }
        let (written, slips) = try ledger.recordNoting(withRates)
        return (written, notes + slips)
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
    /// the stored price and its day when there is one, else nothing.
    static func unpricedNote(_ r: StockResult, stored: StoredPrice?) -> String {
        let why = r.error?.detail ?? "no price"
        guard let stored else { return "\(r.symbol): \(why); no stored price either, so it is not valued" }
        return "\(r.symbol): \(why); valued at the price stored on \(stored.fetched.utc.date)"
    }

    /// Current rates from `currencies` to `base` (1 unit = rate base), from the quote source.
    func fxRates(_ currencies: [String], to base: String) -> (rates: [String: ExactDecimal], notes: [String]) {
        let needed = Array(Set(currencies.map { $0.uppercased() })).filter { $0 != base }.sorted()
        guard !needed.isEmpty else { return ([:], []) }
        let manager = StockManager(source: settings.quoteSource, transport: transport, context: settings.sourceContext)
        var rates: [String: ExactDecimal] = [:]
        var notes: [String] = []
        for (code, r) in zip(
            needed, manager.quotes(for: needed.map { CurrencyConversion.pairSymbol(from: $0, to: base) }))
        {
            if let rate = r.stock?.price.last, rate.sign > 0 {
                rates[code] = rate
            } else {
                notes.append("no \(code)→\(base) rate (\(r.errorMessage ?? "no price"))")
            }
        }
        return (rates, notes)
    }

    /// The holdings valued at live quotes (stored ones when a quote fails, with their age),
    /// cash, and totals in `currency` (else the config's, else USD).
    public func holdings(currency: String?, offline: Bool = false) throws(PortfolioError) -> HoldingsReport {
        let ledger = try portfolioLedger(create: true)
        let book = try ledger.book()
        let base = (currency ?? settings.currency ?? "USD").uppercased()
        let symbols = book.lots.keys.filter { !(book.lots[$0] ?? []).isEmpty }.sorted()
        var stored = (try? ledger.store.storedPrices()) ?? [:]
        var notes: [String] = []
        if !offline, !symbols.isEmpty {
            let manager = StockManager(
                source: settings.quoteSource, transport: transport, context: settings.sourceContext)
            var fresh: [StoredPrice] = []
            for r in manager.quotes(for: symbols) {
                guard let s = r.stock, let last = s.price.last else {
                    notes.append(Self.unpricedNote(r, stored: stored[r.symbol]))
                    continue
                }
                let perMajor = ExactDecimal(s.currency?.perMajor ?? 1)
                let major = s.currency?.isMinorUnit == true ? last.divided(by: perMajor, scale: last.scale + 3) : last
                let change = s.price.change.flatMap {
                    s.currency?.isMinorUnit == true ? $0.divided(by: perMajor, scale: $0.scale + 3) : $0
                }
                guard let major else { continue }
                let p = StoredPrice(
                    symbol: r.symbol, price: major.normalized, currency: s.currency?.majorCode ?? "USD", change: change,
                    traded: s.price.lastTrade, fetched: settings.now, source: s.source)
                fresh.append(p)
                stored[r.symbol] = p
            }
            try? ledger.store.store(prices: fresh)
        }
        var rows: [HoldingsReport.Row] = []
        for symbol in symbols {
            let lots = book.lots[symbol] ?? []
            let currency = lots.first?.currency ?? base
            let q = book.quantity(of: symbol)
            let cost = book.cost(of: symbol)
            let exponent = CurrencyExponent.of(currency) ?? 2
            var row = HoldingsReport.Row(
                symbol: symbol, quantity: q, currency: currency, cost: cost,
                averageCost: MinorUnits.decimal(cost, exponent: exponent).divided(by: q, scale: 4)?.normalized)
            if let p = stored[symbol] {
                row.price = p.price
                row.priceTime = p.traded ?? p.fetched
                row.priceSource =
                    p.fetched.secondsSinceEpoch < settings.now.secondsSinceEpoch - 600 ? "stored" : p.source
                if p.currency == currency {
                    row.value = MinorUnits.amount(quantity: q, price: p.price, exponent: exponent)
                    row.dayChange = p.change.flatMap { MinorUnits.amount(quantity: q, price: $0, exponent: exponent) }
                } else {
                    row.note = "priced in \(p.currency), bought in \(currency): not valued"
                }
            } else {
                row.note = "no price yet"
            }
            rows.append(row)
        }
        let currencies = Set(rows.map(\.currency)).union(book.cash.keys)
        let (rates, fxNotes) = offline ? ([:], []) : fxRates(Array(currencies), to: base)
        notes += fxNotes
        func toBase(_ minor: Int64, _ c: String) -> Int64? {
            let be = CurrencyExponent.of(base) ?? 2
            if c == base { return minor }
            guard let rate = rates[c] else { return nil }
            return MinorUnits.amount(
                quantity: MinorUnits.decimal(minor, exponent: CurrencyExponent.of(c) ?? 2), price: rate, exponent: be)
        }
        // Totals of what can be valued and converted; what cannot is named in a note, never
        // silently counted as zero and never allowed to blank the totals of the rest.
        var total: Int64 = 0
        var totalCost: Int64 = 0
        var totalDay: Int64 = 0
        var leftOut: [String] = []
        for r in rows {
            guard let v = r.value.flatMap({ toBase($0, r.currency) }), let c = toBase(r.cost, r.currency) else {
                leftOut.append(r.symbol)
                continue
            }
            total += v
            totalCost += c
            totalDay += toBase(r.dayChange ?? 0, r.currency) ?? 0
        }
        var cashTotal: Int64 = 0
        for (c, m) in book.cash where m != 0 {
            if let v = toBase(m, c) { cashTotal += v } else { leftOut.append("cash " + c) }
        }
        // Nothing valued is not a value of 0.00: the totals are left blank and the note says so.
        let noneValued = !rows.isEmpty && rows.allSatisfy { r in leftOut.contains(r.symbol) }
        if noneValued {
            notes.append(
                "no holding could be valued (no price or no rate): " + leftOut.joined(separator: ", ")
                    + "; the totals are left blank")
        } else if !leftOut.isEmpty {
            notes.append("left out of the totals (no price or no rate): " + leftOut.joined(separator: ", "))
        }
        if total != 0 {
            for i in rows.indices {
                if let v = rows[i].value.flatMap({ toBase($0, rows[i].currency) }) {
                    rows[i].weight = ExactDecimal(significand: v * 100, scale: 0).divided(
                        by: ExactDecimal(significand: total, scale: 0), scale: 2)
                }
            }
        }
        return HoldingsReport(
            portfolio: ledger.name, method: ledger.method, rows: rows, cash: book.cash.filter { $0.value != 0 },
            baseCurrency: base, totalValue: noneValued ? nil : total, totalCost: noneValued ? nil : totalCost,
            totalDayChange: noneValued ? nil : totalDay,
            totalCash: cashTotal, rates: rates, notes: notes, now: settings.now)
    }
}

extension SquarestockApp {
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
