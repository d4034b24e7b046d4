import SquarestockCore

/// One observed price at one moment, the only input a sparkline accepts.
///
/// The time travels with the value because the chart places points by when they happened, not by
/// their position in a list: a gap in the feed must stay a visible gap on screen.
package struct SparklinePoint: Sendable, Equatable {
    package var time: Instant
    package var value: Double

    @inlinable package init(time: Instant, value: Double) {
        self.time = time
        self.value = value
    }
}
