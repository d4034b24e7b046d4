import Foundation

/// `portfolio returns`: the period's time- and money-weighted returns of the portfolio (and of
/// each holding when asked), the gain split, the benchmark, and the arithmetic behind them.
public struct ReturnsReport: Sendable {
    /// The returns of one series (the portfolio, or one holding) over the period.
    public struct Figures: Sendable, Equatable {
        public var startValue: Int64
        public var endValue: Int64
        /// Paid in less taken out.
        public var netFlows: Int64
        public var gain: Int64 { endValue - startValue - netFlows }
        public var timeWeighted: Double?
        /// Why `timeWeighted` is absent, or what it leaves out.
        public var timeWeightedCaveat: TimeWeightedReturn.Caveat? = nil
        public var moneyWeighted: InternalRateOfReturn.Outcome
        /// The day-by-day chain (kept for `--explain`).
        public var steps: [TimeWeightedReturn.Step]
        /// The owner's flows the money-weighted return balances: the start value paid in, each
        /// flow, the end value taken out (days from the period's start).
        public var cashFlows: [InternalRateOfReturn.Flow]
    }

    public struct Holding: Sendable, Equatable {
        public var symbol: String
        public var figures: Figures
    }

    public var portfolio: String
    public var base: String
    public var from: CivilDate
    public var to: CivilDate
    /// Days from the start valuation (the day before `from`) to `to`.
    public var periodDays: Int
    public var cashBased: Bool
    public var total: Figures
    public var split: GainSplit
    public var holdings: [Holding]
    public var benchmark: BenchmarkReturns?
    public var timeline: PortfolioTimeline
    public var notes: [String]

    /// Returns over less than a year are never annualized: a 3 % month is not a 42 % year.
    public var isAnnualized: Bool { periodDays >= 365 }

    /// `(1 + r)^(365 / days) - 1` of a period return over this period, when annualized.
    public func annualized(_ periodReturn: Double) -> Double? {
        isAnnualized ? Self.annualize(periodReturn, days: periodDays) : nil
    }

    public static func annualize(_ periodReturn: Double, days: Int) -> Double {
        pow(1 + periodReturn, 365 / Double(days)) - 1
    }
}
