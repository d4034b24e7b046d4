/// Everything `portfolio returns` computes, from the journal and the prices, with no network:
/// the timeline, the portfolio's and each holding's returns, the gain split and the benchmark.
public enum ReturnsCalculator {
    public struct Request: Sendable {
        public var portfolio: String
        public var base: String
        public var from: CivilDate?
        public var to: CivilDate
        /// The benchmark's symbol and the currency its closes are in.
        public var benchmark: (symbol: String, currency: String)?
        public var byHolding: Bool
        public var explain: Bool

        public init(
            portfolio: String, base: String, from: CivilDate?, to: CivilDate,
            benchmark: (symbol: String, currency: String)?, byHolding: Bool, explain: Bool
        ) {
            self.portfolio = portfolio
            self.base = base
            self.from = from
            self.to = to
            self.benchmark = benchmark
            self.byHolding = byHolding
            self.explain = explain
        }
    }

    public static func report(
        _ r: Request, entries: [JournalEntry], method: LotMethod, prices: PriceBook
    ) throws(ReturnsError) -> ReturnsReport {
        let t = try PortfolioTimeline.build(
            entries: entries, method: method, prices: prices, base: r.base, from: r.from, to: r.to,
            keepMarks: r.explain, byHolding: r.byHolding)
        let from = t.start.date.adding(days: 1)
        let periodDays = Int(r.to.daysSinceEpoch - t.start.date.daysSinceEpoch)
        let total = figures(
            start: t.start.value, days: t.days.map { ($0.date, $0.value, $0.flow, $0.bought) },
            startDay: t.start.date, periodDays: periodDays)
        var holdings: [ReturnsReport.Holding] = []
        if r.byHolding {
            for symbol in t.holdingValues.keys.sorted() {
                let values = t.holdingValues[symbol] ?? []
                let flows = t.holdingFlows[symbol] ?? []
                guard values.count == t.days.count + 1, flows.count == values.count else { continue }
                // A holding neither held nor traded in the period has no return to show.
                guard values.contains(where: { $0 != 0 }) || flows.contains(where: { $0 != 0 }) else { continue }
                // Money into one holding is a purchase of it: all of it invested that day.
                let days = t.days.indices.map { i in
                    (t.days[i].date, values[i + 1], flows[i + 1], max(flows[i + 1], 0))
                }
                holdings.append(
                    .init(
                        symbol: symbol,
                        figures: figures(
                            start: values[0], days: days, startDay: t.start.date, periodDays: periodDays)))
            }
        }
        var notes: [String] = []
        for (name, caveat) in [("", total.timeWeightedCaveat)]
            + holdings.map({ ($0.symbol, $0.figures.timeWeightedCaveat) })
        {
            if let caveat { notes.append(note(caveat, of: name, base: r.base)) }
        }
        // A benchmark without a price (or a rate) where the flows need one is left out, said in a
        // note: the portfolio's own returns are still shown.
        var benchmark: BenchmarkReturns?
        if let b = r.benchmark {
            do {
                // Over the portfolio's span, so the two period returns compare.
                benchmark = try BenchmarkReturns.run(
                    b.symbol, currency: b.currency, timeline: t, prices: prices, periodDays: periodDays,
                    spanEnd: InternalRateOfReturn.lastFlowDay(total.cashFlows))
            } catch {
                switch error {
                case .missingPrice(_, let date):
                    notes.append(
                        "no benchmark: \(b.symbol) has no close on or before \(date), the period's first day to need one;"
                            + " record one with `squarestock portfolio price \(b.symbol) \(date) PRICE`, or give a later --from"
                    )
                case .missingRate(let from, let to, let date):
                    notes.append(
                        "no benchmark: no \(from)→\(to) rate on or before \(date) to value \(b.symbol) in \(to);"
                            + " record one with `squarestock portfolio price \(from)\(to)=X \(date) RATE --currency \(to)`"
                    )
                default: throw error
                }
            }
        }
        if let b = benchmark, let day = t.days.last?.date, b.endPrice.date < day {
            let age = b.endPrice.age(on: day)
            notes.append(
                "the benchmark's end value on \(day) uses \(b.symbol)'s \(b.endPrice.source) close of \(b.endPrice.date) (\(age) d old)"
            )
        }
        if let b = benchmark, let day = b.ranOut {
            notes.append(
                "on \(day) the same money in \(b.symbol) had less than was taken out: it sold all it held, so from then"
                    + " on its money-weighted return is of its own flows, not the portfolio's")
        }
        let stale = t.days.filter { !$0.staleMarks.isEmpty }.count
        if r.explain, stale > 0 {
            notes.append("\(stale) of \(t.days.count) valuations used a price or rate older than their day")
        }
        if !r.explain {
            notes.append(contentsOf: staleNotes(t))
        }
        return ReturnsReport(
            portfolio: r.portfolio, base: r.base, from: from, to: r.to, periodDays: periodDays,
            cashBased: t.cashBased, total: total, split: GainSplit(timeline: t), holdings: holdings,
            benchmark: benchmark, timeline: t, notes: notes)
    }

    /// The day (counted from `start`, the period's opening valuation) a flow of `date` is at in
    /// the money-weighted return: the part of money paid in that the day's purchases invested
    /// (`invested`) at the day before (it works from the start of its day, as in the
    /// time-weighted return: money paid in and invested on the last day is not the gain of what
    /// was there before it), the rest and money taken out at the day itself.
    static func flowDay(_ date: CivilDate, from start: CivilDate, invested: Bool) -> Int {
        let day = Int(date.daysSinceEpoch - start.daysSinceEpoch)
        return invested ? max(0, day - 1) : day
    }

    /// The returns of one series of values and flows.
    static func figures(
        start: Int64, days: [(date: CivilDate, value: Int64, flow: Int64, bought: Int64)], startDay: CivilDate,
        periodDays: Int
    ) -> ReturnsReport.Figures {
        let (twr, steps, caveat) = TimeWeightedReturn.chain(start: start, days: days)
        var cash: [InternalRateOfReturn.Flow] = []
        if start != 0 { cash.append(.init(day: 0, amount: -Double(start))) }
        // The chain's own split of each day's flow (its steps are the days, in order).
        for (d, step) in zip(days, steps) where d.flow != 0 {
            let invested = step.invested
            if invested != 0 {
                cash.append(.init(day: flowDay(d.date, from: startDay, invested: true), amount: -Double(invested)))
            }
            if d.flow != invested {
                cash.append(
                    .init(day: flowDay(d.date, from: startDay, invested: false), amount: -Double(d.flow - invested)))
            }
        }
        let end = days.last?.value ?? start
        cash.append(.init(day: periodDays, amount: Double(end)))
        return ReturnsReport.Figures(
            startValue: start, endValue: end, netFlows: days.reduce(0) { $0 + $1.flow }, timeWeighted: twr,
            timeWeightedCaveat: caveat, moneyWeighted: InternalRateOfReturn.solve(cash, days: periodDays),
            steps: steps, cashFlows: cash)
    }

    /// The note on a time-weighted return that is absent or leaves days out (`of`: the holding's
    /// symbol, empty for the portfolio).
    static func note(_ caveat: TimeWeightedReturn.Caveat, of symbol: String, base: String) -> String {
        let whose = symbol.isEmpty ? "" : " of \(symbol)"
        switch caveat {
        case .belowNothing(let day):
            return "no time-weighted return\(whose): on \(day) the portfolio lost more than it held at the day's start"
                + " (more cash spent than was paid in, or money paid in that day lost in a conversion), where a day's"
                + " growth has no meaning; record the deposit that paid for it, or see the money-weighted return"
        case .unmeasured(let first, let days, let gain):
            let amount = (gain > 0 ? "+" : "") + MinorUnits.text(gain, currency: base)
            let which = days == 1 ? "1 day (\(first))" : "\(days) days (the first \(first))"
            return "the time-weighted return\(whose) leaves out \(which) that began with nothing held (or less), and"
                + " their gain of \(amount) \(base) (a dividend after selling out, a purchase recorded before the"
                + " deposit that paid for it, or money paid in and converted that day): such a day has no growth to chain"
        }
    }

    /// Without `--explain`, the end valuation's holdings whose price is older than the end day
    /// are still named (from the prices the timeline's last valuation used).
    static func staleNotes(_ t: PortfolioTimeline) -> [String] {
        guard let last = t.days.last else { return [] }
        var marks: [String] = []
        for (symbol, p) in t.endPrices {
            let age = p.age(on: last.date)
            if age > 0 { marks.append("\(symbol) at its \(p.source) price of \(p.date) (\(age) d old)") }
        }
        guard !marks.isEmpty else { return [] }
        return ["the end value on \(last.date) uses older prices: " + marks.sorted().joined(separator: "; ")]
    }
}
