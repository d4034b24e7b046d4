import SquarestockCore

/// The bars gathered into the chart's horizontal samples: per sample the first, last, lowest and
/// highest close, the volume traded, and whether the line may join it to the sample before.
///
/// Joining is the rule that keeps data honest: consecutive bars of one intraday session join
/// (however many empty columns lie between them), but never across a session boundary, across a
/// halt longer than a few bars, or across a session the calendar expected and the data lacks.
struct ChartSamples {
    var first: [Double]
    var last: [Double]
    var low: [Double]
    var high: [Double]
    var volume: [Double]
    var firstBar: [Int]
    var lastBar: [Int]
    /// Joins the previous non-empty sample.
    var joins: [Bool]

    var count: Int { last.count }
    @inline(__always) func has(_ j: Int) -> Bool { firstBar[j] >= 0 }

    init(bars: HistoryBars, closes: [Double?], layout: ChartSessionLayout, interval: HistoryInterval) {
        let n = layout.sampleCount
        first = [Double](repeating: .nan, count: n)
        last = first
        low = first
        high = first
        volume = [Double](repeating: 0, count: n)
        firstBar = [Int](repeating: -1, count: n)
        lastBar = firstBar
        joins = [Bool](repeating: false, count: n)
        for (b, bar) in bars.enumerated() {
            guard let v = closes[b] else { continue }
            let j = min(max(layout.barSample[b], 0), n - 1)
            if firstBar[j] < 0 {
                firstBar[j] = b
                first[j] = v
                low[j] = v
                high[j] = v
            } else {
                low[j] = min(low[j], v)
                high[j] = max(high[j], v)
            }
            lastBar[j] = b
            last[j] = v
            if let vol = bar.volume { volume[j] += vol.doubleValue }
        }
        // A halt or lunch break wider than a few bars, or than two columns, breaks the line.
        let intervalSeconds = interval.seconds ?? 0
        let maxGap = max(3 * intervalSeconds, 2 * layout.secondsPerColumn)
        var previous = -1
        for j in 0..<n where firstBar[j] >= 0 {
            defer { previous = j }
            guard previous >= 0 else { continue }
            let a = lastBar[previous]
            let b = firstBar[j]
            let sa = layout.barSession[a]
            let sb = layout.barSession[b]
            switch layout.mode {
            case .intraday:
                joins[j] = sa == sb && bars[b].time.seconds(since: bars[a].time) <= maxGap
            case .slots:
                joins[j] = sb == sa + 1 || sb == sa
            }
        }
    }
}
