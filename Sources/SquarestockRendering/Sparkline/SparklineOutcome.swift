/// The result of laying out a sparkline, with "nothing to draw" as its own case so the caller has
/// to say so in words ("no intraday data") instead of showing an empty or invented chart.
package enum SparklineOutcome: Sendable, Equatable {
    case rendered(SparklineRendering)
    case noData
}
