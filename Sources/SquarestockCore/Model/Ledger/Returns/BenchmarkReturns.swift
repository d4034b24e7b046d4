/// What the same money would have made in a benchmark: each flow of the portfolio (and its
/// value at the start) bought or sold the benchmark at that day's close, converted into the
/// base; units kept exactly to 8 places. Its money-weighted return is comparable with the
/// portfolio's; its own time-weighted return is its price change over the period (closes, so
/// dividends are not in it).
public struct BenchmarkReturns: Sendable, Equatable {
    public struct Trade: Sendable, Equatable {
        public var date: CivilDate
        /// Base minor units put in (negative: taken out).
        public var flow: Int64
        public var price: PriceObservation
        /// The close in the base currency.
        public var basePrice: ExactDecimal
        public var units: ExactDecimal
    }

    public var symbol: String
    /// The currency its closes are in.
    public var currency: String
    public var trades: [Trade]
    public var units: ExactDecimal
    public var endPrice: PriceObservation
    public var endValue: Int64
    public var moneyWeighted: InternalRateOfReturn.Outcome
    /// The first day a withdrawal took more than the same money in the benchmark was worth
    /// (the portfolio did better): the benchmark sold all it held then, never a negative
    /// holding, and its flows from then on are not the portfolio's.
    public var ranOut: CivilDate?
    public var timeWeighted: Double

    /// The benchmark `symbol` (priced in `currency`) run through `timeline`'s flows.
    public static func run(
        _ symbol: String, currency: String, timeline t: PortfolioTimeline, prices: PriceBook, periodDays: Int,
        spanEnd: Int? = nil
    ) throws(ReturnsError) -> BenchmarkReturns {
        let baseExp = CurrencyExponent.of(t.base) ?? 2
        let endDay = t.days.last?.date ?? t.start.date
        // Every price in the shares of the end day: units bought before a split of the symbol
        // in the journal are counted in the shares the end price is of.
        func basePrice(on day: CivilDate) throws(ReturnsError) -> (PriceObservation, ExactDecimal) {
            try Self.basePrice(
                of: symbol, currency: currency, base: t.base, on: day, inSharesOf: endDay, prices: prices)
        }
        var trades: [Trade] = []
        var units = ExactDecimal(0)
        var cashFlows: [(date: CivilDate, amount: Int64)] = []
        if t.start.value != 0 { cashFlows.append((t.start.date, t.start.value)) }
        for d in t.days where d.flow != 0 { cashFlows.append((d.date, d.flow)) }
        var ranOut: CivilDate?
        for f in cashFlows {
            let (p, bp) = try basePrice(on: f.date)
            guard var u = MinorUnits.decimal(f.amount, exponent: baseExp).divided(by: bp, scale: 8),
                var sum = units + u
            else { throw .overflow("the benchmark's units") }
            var flow = f.amount
            if sum.sign < 0 {
                // More taken out than it holds: it sells what it has, for what that is worth.
                guard let all = ExactDecimal(0) - units,
                    let worth = MinorUnits.amount(quantity: units, price: bp, exponent: baseExp)
                else { throw .overflow("the benchmark's units") }
                u = all
                sum = ExactDecimal(0)
                flow = -worth
                ranOut = ranOut ?? f.date
            }
            units = sum
            trades.append(Trade(date: f.date, flow: flow, price: p, basePrice: bp, units: u))
        }
        let (endPrice, endBase) = try basePrice(on: endDay)
        guard let endValue = MinorUnits.amount(quantity: units, price: endBase, exponent: baseExp) else {
            throw .overflow("the benchmark's value")
        }
        let (_, startBase) = try basePrice(on: t.start.date)
        var flows = trades.map { tr in
            InternalRateOfReturn.Flow(
                // The benchmark buys at its day's close: the flow is at that day.
                day: ReturnsCalculator.flowDay(tr.date, from: t.start.date, invested: false),
                amount: -Double(tr.flow))
        }
        flows.append(.init(day: periodDays, amount: Double(endValue)))
        return BenchmarkReturns(
            symbol: symbol, currency: currency, trades: trades, units: units, endPrice: endPrice, endValue: endValue,
            moneyWeighted: InternalRateOfReturn.solve(flows, days: periodDays, spanEnd: spanEnd), ranOut: ranOut,
            timeWeighted: endBase.doubleValue / startBase.doubleValue - 1)
    }

    /// The benchmark's close on `day` (the last on or before it) and that close in `base`.
    /// `inSharesOf`: the day whose shares the price is of (`PriceBook.price`), `day` when nil.
    public static func basePrice(
        of symbol: String, currency: String, base: String, on day: CivilDate, inSharesOf shares: CivilDate? = nil,
        prices: PriceBook
    ) throws(ReturnsError) -> (PriceObservation, ExactDecimal) {
        guard let p = prices.price(of: symbol, currency: currency, on: day, inSharesOf: shares) else {
            throw .missingPrice(symbol: symbol, date: day)
        }
        guard let r = prices.rate(from: currency, to: base, on: day) else {
            throw .missingRate(from: currency, to: base, date: day)
        }
        guard let v = p.value * r.value else { throw .overflow("the benchmark's price") }
        return (p, v)
    }
}
