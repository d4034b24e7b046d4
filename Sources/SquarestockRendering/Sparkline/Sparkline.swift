import SquarestockCore

/// Turns a day's prices into one line of terminal cells without ever inventing a point.
///
/// Placement is by time: the window (normally the exchange's regular session) is cut into `width`
/// equal slices, so a halted hour shows as a gap and a session still in progress leaves its
/// untraded rest empty, where index-based sparklines would stretch the data to fill the line.
package enum Sparkline {
    /// Number of distinct bar heights (levels `0...7`).
    package static let levelCount = 8

    /// Level used for every point when all shown values (and the baseline) are equal.
    ///
    /// Level 3 is `▄`, the half block, which sits visually centred; level 4 would look "up".
    package static let flatLevel = 3

    /// The time `render` spreads over its columns: `window` widened to cover every finite point
    /// (first...last point without a window); nil without a finite point. A label of the line's
    /// span names this, not the session alone: a point outside the session moved every other one.
    package static func timeRange(points: [SparklinePoint], window: ClosedRange<Instant>?) -> ClosedRange<Instant>? {
        var firstTime: Instant? = nil
        var lastTime: Instant? = nil
        for point in points where point.value.isFinite {
            if firstTime == nil || point.time < firstTime! { firstTime = point.time }
            if lastTime == nil || point.time > lastTime! { lastTime = point.time }
        }
        guard var start = firstTime, var end = lastTime else { return nil }
        if let window {
            start = min(start, window.lowerBound)
            end = max(end, window.upperBound)
        }
        return start...end
    }

    /// Lays out `points` over `window` in `width` columns.
    ///
    /// - The time range is `window` widened to cover every point (real data is never dropped), or
    ///   first...last point time when `window` is nil. Point at time t goes to slice
    ///   `floor((t - start) * width / span)`, the end instant belonging to the last slice; when the
    ///   range is a single instant every point lands in slice 0.
    /// - A slice holding several points shows the latest (the slice's close); on equal times the
    ///   one given last wins. A slice with none is `.gap`.
    /// - Levels scale between the minimum and maximum of the shown values and the baseline, in
    ///   eight equal bands; when they are all equal every point is drawn at `flatLevel`.
    /// - Direction compares each value with the baseline; with no baseline every cell is `.flat`.
    /// - NaN and infinite values count as absent; a non-finite baseline counts as no baseline.
    /// - Returns `.noData` when `width <= 0` or no finite point is left.
    ///
    /// Runs in O(points + width) and uses exact integer arithmetic for slicing, so no rounding
    /// can move a point into the neighbouring column.
    package static func render(
        points: [SparklinePoint],
        window: ClosedRange<Instant>?,
        baseline: Double?,
        width: Int
    ) -> SparklineOutcome {
        guard width > 0, let range = timeRange(points: points, window: window) else { return .noData }
        let (start, end) = (range.lowerBound, range.upperBound)
        // Two's-complement difference read as unsigned is exact for any start <= end.
        let span = UInt64(bitPattern: end.secondsSinceEpoch &- start.secondsSinceEpoch)

        var shown = [(time: Instant, value: Double)?](repeating: nil, count: width)
        for point in points where point.value.isFinite {
            let index = slice(of: point.time, start: start, span: span, width: width)
            if let held = shown[index], held.time > point.time { continue }
            shown[index] = (point.time, point.value)
        }

        fillBetweenConsecutiveBars(&shown, points: points)

        var low = Double.infinity
        var high = -Double.infinity
        for case let entry? in shown {
            low = min(low, entry.value)
            high = max(high, entry.value)
        }
        let base: Double? = baseline.flatMap { $0.isFinite ? $0 : nil }
        if let base {
            low = min(low, base)
            high = max(high, base)
        }

        let cells: [SparkCell] = shown.map { entry in
            guard let entry else { return .gap }
            return .level(level(of: entry.value, low: low, high: high), direction(of: entry.value, baseline: base))
        }
        return .rendered(SparklineRendering(cells: cells))
    }

    /// When there are more cells than bars (a wide window), a bar's cell and the next bar's are
    /// not adjacent, and the cells between would read as missing data. A bar's price holds until
    /// the next bar, so cells between two bars that follow each other (no more apart than 1.5
    /// times the usual spacing) show the earlier bar; a real gap in the data (a halt, a missing
    /// hour) stays a gap. The usual spacing is only known from a series of some length (eight
    /// intervals or more); a handful of points is drawn as it is.
    static func fillBetweenConsecutiveBars(_ shown: inout [(time: Instant, value: Double)?], points: [SparklinePoint]) {
        let times = points.filter { $0.value.isFinite }.map(\.time.secondsSinceEpoch).sorted()
        // In 128 bits: instants at the ends of time do not overflow a difference.
        let gaps = zip(times, times.dropFirst()).map { Int128($1) - Int128($0) }.filter { $0 > 0 }.sorted()
        guard gaps.count >= 8 else { return }
        let limit = gaps[gaps.count / 2] * 3 / 2
        var previous: Int?
        for i in shown.indices {
            guard let here = shown[i] else { continue }
            if let p = previous, i - p > 1, let before = shown[p],
                Int128(here.time.secondsSinceEpoch) - Int128(before.time.secondsSinceEpoch) <= limit
            {
                for k in (p + 1)..<i { shown[k] = before }
            }
            previous = i
        }
    }

    /// Slice index for `time`, computed in 128-bit integers so any span and width are exact.
    static func slice(of time: Instant, start: Instant, span: UInt64, width: Int) -> Int {
        guard span > 0 else { return 0 }
        let offset = UInt64(bitPattern: time.secondsSinceEpoch &- start.secondsSinceEpoch)
        let product = UInt64(width).multipliedFullWidth(by: offset)
        // offset <= span, so the quotient is at most width and cannot overflow.
        let quotient = span.dividingFullWidth(product).quotient
        return Int(min(quotient, UInt64(width - 1)))
    }

    /// Band 0...7 of `value` within `low...high`.
    static func level(of value: Double, low: Double, high: Double) -> Int {
        guard high > low else { return flatLevel }
        var fraction = (value - low) / (high - low)
        if !fraction.isFinite {
            // high - low overflowed (values near ±Double.greatestFiniteMagnitude): halve first.
            fraction = (value / 2 - low / 2) / (high / 2 - low / 2)
        }
        let band = Int((fraction * Double(levelCount)).rounded(.down))
        return min(max(band, 0), levelCount - 1)
    }

    static func direction(of value: Double, baseline: Double?) -> SparkDirection {
        guard let baseline else { return .flat }
        if value > baseline { return .up }
        if value < baseline { return .down }
        return .flat
    }
}
