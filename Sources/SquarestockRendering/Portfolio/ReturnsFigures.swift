import SquarestockCore

/// How a return (a ratio held as a binary float: it is not money) is written: rounded once to a
/// fixed number of places through an exact decimal, so the table, CSV and JSON agree digit for
/// digit; a figure too large to be meaningful, or not a number, is written as absent.
package enum ReturnsFigures {
    /// `0.123456` → `+12.35%` (two places of a percent).
    package static func percent(_ r: Double?) -> String {
        guard let d = decimal(r, times: 100, places: 2) else { return "-" }
        return (d.sign > 0 ? "+" : "") + d.description + "%"
    }

    /// `0.123456789012` → `0.1234567890` (ten places of the ratio, for CSV and JSON).
    package static func ratio(_ r: Double?) -> String? { decimal(r, times: 1, places: 10)?.description }

    package static func decimal(_ r: Double?, times: Double, places: Int) -> ExactDecimal? {
        guard let r, r.isFinite else { return nil }
        var scaled = r * times
        for _ in 0..<places { scaled *= 10 }
        guard abs(scaled) < 9e17 else { return nil }
        return ExactDecimal(significand: Int64(scaled.rounded()), scale: places)
    }

    /// The money-weighted outcome's period return, its yearly rate, and why there is none.
    package static func moneyWeighted(_ o: InternalRateOfReturn.Outcome) -> (
        period: Double?, annual: Double?, why: String?
    ) {
        switch o {
        case .rate(let period, let annual): return (period, annual, nil)
        case .noSolution(let why): return (nil, nil, why)
        case .several(let rates):
            return (
                nil, nil,
                "several yearly rates balance these flows (" + rates.map(percent).joined(separator: ", ") + ")"
            )
        }
    }
}
