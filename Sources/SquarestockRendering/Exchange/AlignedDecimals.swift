import SquarestockCore

/// Exact decimals printed at one scale per column, so decimal points line up as on an
/// exchange's own screens: trailing zeros are added, digits are never cut.
enum AlignedDecimals {
    /// The widest scale among `values` (after trailing zeros are dropped).
    static func scale(of values: [ExactDecimal]) -> Int { values.map { $0.normalized.scale }.max() ?? 0 }

    /// `value` with at least `scale` decimals.
    static func text(_ value: ExactDecimal, scale: Int) -> String {
        let n = value.normalized
        return (n.scale < scale ? n.rescaled(to: scale) : nil)?.description ?? n.description
    }

    /// Every value at the column's widest scale.
    static func texts(_ values: [ExactDecimal]) -> [String] {
        let s = scale(of: values)
        return values.map { text($0, scale: s) }
    }
}
