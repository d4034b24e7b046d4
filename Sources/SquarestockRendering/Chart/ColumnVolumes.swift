/// Volume per plot column, and whether each column closed up or down against the column before
/// (the usual colour of volume bars).
///
/// A column sums the volume of every bar that falls in it. Where consecutive bars of a session
/// leave empty columns between them, those columns repeat the earlier column, just as the price
/// line holds its last close there, so a bar's volume is as wide as its price step and the
/// chart does not turn into a comb; columns that do not join stay empty.
struct ColumnVolumes {
    var values: [Double]
    var directions: [SparkDirection]

    init() {
        values = []
        directions = []
    }

    /// `reference` is what the first column's close is compared with.
    init(samples: ChartSamples, columns: Int, samplesPerColumn k: Int, reference: Double) {
        values = [Double](repeating: 0, count: columns)
        directions = [SparkDirection](repeating: .flat, count: columns)
        var closes = [Double](repeating: .nan, count: columns)
        var hasBars = [Bool](repeating: false, count: columns)
        var joins = [Bool](repeating: false, count: columns)
        for j in 0..<min(samples.count, columns * k) where samples.has(j) {
            let c = j / k
            if !hasBars[c] { joins[c] = samples.joins[j] }
            hasBars[c] = true
            values[c] += samples.volume[j]
            closes[c] = samples.last[j]
        }
        var previous = -1
        var previousClose = reference
        for c in 0..<columns where hasBars[c] {
            let close = closes[c]
            directions[c] = close > previousClose ? .up : (close < previousClose ? .down : .flat)
            previousClose = close
            if previous >= 0 && joins[c] && c > previous + 1 {
                for h in (previous + 1)..<c {
                    values[h] = values[previous]
                    directions[h] = directions[previous]
                }
            }
            previous = c
        }
    }
}
