import SquarestockCore

/// Which days of which closes the returns of a period need: each symbol from its first entry
/// (or a week before the period, for the start's valuation) to the period's end while it is held
/// (else to its last entry), each other currency's FX pair likewise, and a benchmark over the
/// period.
struct DailyCloseNeeds {
    struct Span: Sendable {
        var first: CivilDate
        var through: CivilDate
        /// The currency its closes are expected in, when known (an FX pair's is the base).
        var currency: String?
    }

    private(set) var spans: [String: Span] = [:]

    var symbols: [String] { spans.keys.sorted() }

    /// A week covers any run of market holidays: the start's valuation finds a close before it.
    static let lookBack = 7

    static func of(_ effective: [JournalEntry], base: String, from: CivilDate, to: CivilDate) -> DailyCloseNeeds {
        var needs = DailyCloseNeeds()
        let earliest = from.adding(days: -1 - lookBack)
        let inPeriod = effective.filter { $0.date <= to }
        let held = (try? PortfolioBook(entries: inPeriod, method: .fifo))?.lots
        var firstBySymbol: [String: (CivilDate, String)] = [:]
        var lastBySymbol: [String: CivilDate] = [:]
        var firstByCurrency: [String: CivilDate] = [:]
        for e in inPeriod {
            if let s = e.symbol, [.buy, .sell, .dividend, .split].contains(e.kind) {
                if firstBySymbol[s] == nil { firstBySymbol[s] = (e.date, e.currency) }
                lastBySymbol[s] = e.date
            }
            if e.currency != base, firstByCurrency[e.currency] == nil { firstByCurrency[e.currency] = e.date }
        }
        for (symbol, (first, currency)) in firstBySymbol {
            let stillHeld = held.map { !($0[symbol] ?? []).isEmpty } ?? true
            let through = stillHeld ? to : (lastBySymbol[symbol] ?? to)
            guard through >= earliest else { continue }
            needs.add(symbol, currency: currency, from: max(first, earliest), to: through)
        }
        for (currency, first) in firstByCurrency {
            needs.add(PriceBook.pair(currency, base), currency: base, from: max(first, earliest), to: to)
        }
        return needs
    }

    /// Adds the days `from` through `to` of `symbol`.
    mutating func add(_ symbol: String, currency: String?, from: CivilDate, to: CivilDate) {
        if var s = spans[symbol] {
            s.first = min(s.first, from)
            s.through = max(s.through, to)
            spans[symbol] = s
        } else {
            spans[symbol] = Span(first: from, through: to, currency: currency)
        }
    }

    /// The spans cut at `last` (the last day whose close is final: yesterday), empty ones dropped.
    func spans(through last: CivilDate) -> [String: Span] {
        spans.compactMapValues { s in
            let through = min(s.through, last)
            return s.first <= through ? Span(first: s.first, through: through, currency: s.currency) : nil
        }
    }

    /// The shortest daily range whose first day is on or before `first`, ending `today`
    /// (`max` beyond five years, which the services answer with weekly bars).
    static func range(back first: CivilDate, from today: CivilDate) -> ChartRange {
        for r in [ChartRange.month1, .month3, .month6, .year1, .year5] {
            if let start = r.startDate(endingOn: today), start <= first { return r }
        }
        return .max
    }
}
