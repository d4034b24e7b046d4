/// The portfolio's value at each day's close in the base currency, the money that crossed its
/// edge that day, and (when a benchmark is asked) what the same money would be worth in the
/// benchmark that day: what `portfolio chart` draws and prints. Read from the same timeline and
/// benchmark trades the returns are computed from, so the chart and the figures never disagree.
public struct PortfolioValueSeries: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        public var date: CivilDate
        /// Base minor units at the day's close.
        public var value: Int64
        /// Paid in (positive) or taken out (negative) that day, base minor units.
        public var flow: Int64
        /// The benchmark holding's value at the day's close; nil without a benchmark or before
        /// its first close.
        public var benchmark: Int64?

        public init(date: CivilDate, value: Int64, flow: Int64, benchmark: Int64?) {
            self.date = date
            self.value = value
            self.flow = flow
            self.benchmark = benchmark
        }
    }

    public var portfolio: String
    public var base: String
    /// Digits of the base currency's minor unit.
    public var exponent: Int
    public var benchmark: String?
    /// Oldest first: the valuation before the period, then each valued day.
    public var points: [Point]
    public var notes: [String]

    /// The series of `report` (its timeline and, when it has one, its benchmark's trades); the
    /// benchmark's closes and rates come from `prices`. Days before anything was held or paid
    /// in are left out, but for the last of them (the line starts from nothing).
    public static func of(_ report: ReturnsReport, prices: PriceBook) -> PortfolioValueSeries {
        let t = report.timeline
        let exponent = CurrencyExponent.of(t.base) ?? 2
        var points = [Point(date: t.start.date, value: t.start.value, flow: 0, benchmark: nil)]
        points += t.days.map { Point(date: $0.date, value: $0.value, flow: $0.flow, benchmark: nil) }
        if let b = report.benchmark {
            var trades = b.trades[...]
            var units = ExactDecimal(0)
            for i in points.indices {
                while let trade = trades.first, trade.date <= points[i].date {
                    units = (units + trade.units) ?? units
                    trades = trades.dropFirst()
                }
                guard
                    let (_, price) = try? BenchmarkReturns.basePrice(
                        of: b.symbol, currency: b.currency, base: t.base, on: points[i].date, prices: prices)
                else { continue }
                points[i].benchmark = MinorUnits.amount(quantity: units, price: price, exponent: exponent)
            }
        }
        if let firstHeld = points.firstIndex(where: { $0.value != 0 || $0.flow != 0 }), firstHeld > 1 {
            points.removeFirst(firstHeld - 1)
        }
        return PortfolioValueSeries(
            portfolio: report.portfolio, base: t.base, exponent: exponent, benchmark: report.benchmark?.symbol,
            points: points, notes: report.notes)
    }
}
