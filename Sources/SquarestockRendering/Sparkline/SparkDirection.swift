/// Whether a point sits above or below the previous close, which decides its colour.
///
/// Traders read a day chart against yesterday's close, not against the first tick of today, so the
/// direction is a property of each point relative to the baseline rather than of the slope.
package enum SparkDirection: Sendable, Equatable {
    case up
    case down
    case flat
}
