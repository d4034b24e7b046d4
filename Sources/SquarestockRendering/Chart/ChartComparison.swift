import SquarestockCore

/// A second series drawn as dots behind the main line, on the same scale and the same time
/// layout: a benchmark beside a portfolio's value. One value per bar of the main series; a nil
/// value is not drawn (never made up).
package struct ChartComparison: Sendable {
    /// What the legend calls it ("SPY, same money").
    package var label: String
    package var values: [ExactDecimal?]

    package init(label: String, values: [ExactDecimal?]) {
        self.label = label
        self.values = values
    }
}
