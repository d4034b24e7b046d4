/// A bar marked on the time axis: a day money was paid into the series or taken out of it, so
/// that a jump in a portfolio's value is read as a deposit rather than a gain.
package struct ChartEvent: Sendable, Equatable {
    package enum Kind: Sendable, Hashable {
        case moneyIn, moneyOut
    }

    /// Index of the bar in the main series.
    package var bar: Int
    package var kind: Kind

    package init(bar: Int, kind: Kind) {
        self.bar = bar
        self.kind = kind
    }
}
