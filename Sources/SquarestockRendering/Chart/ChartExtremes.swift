import SquarestockCore

/// What the renderer needs from one pass over the bars: every close as a double (the plot works in
/// doubles), the highest high and lowest low with their bars (the scale and the two markers), the
/// first and last close (the colours and the legend) and whether any bar traded volume.
///
/// A bar without a close is not drawn, so its high and low do not count either; a high below its
/// own close (or a low above it) is taken as the close, so the markers never sit inside the line.
struct ChartExtremes {
    /// Bar i's close, nil where the bar has none.
    var closes: [Double?]
    var highValue = -Double.infinity
    var lowValue = Double.infinity
    /// The bar of the first highest high and of the first lowest low; -1 without closes.
    var highBar = -1
    var lowBar = -1
    var high: ExactDecimal? = nil
    var low: ExactDecimal? = nil
    /// The high (low) is a close: its bar has no high (low), or one below (above) its close. The
    /// legend then says "high close",
    /// not "high": a recording of closes alone showed its highest close as the day's high,
    /// below the high the quote gives.
    var highIsClose = false
    var lowIsClose = false
    var firstClose: ExactDecimal? = nil
    var lastClose: ExactDecimal? = nil
    var anyVolume = false

    init(bars: HistoryBars) {
        closes = [Double?](repeating: nil, count: bars.count)
        for (i, b) in bars.enumerated() {
            guard let c = b.close else { continue }
            closes[i] = c.doubleValue
            if firstClose == nil { firstClose = c }
            lastClose = c
            let h = b.high.map { max($0, c) } ?? c
            let l = b.low.map { min($0, c) } ?? c
            let hd = h.doubleValue
            let ld = l.doubleValue
            if hd > highValue {
                highValue = hd
                highBar = i
                high = h
                highIsClose = b.high.map { $0 < c } ?? true
            }
            if ld < lowValue {
                lowValue = ld
                lowBar = i
                low = l
                lowIsClose = b.low.map { $0 > c } ?? true
            }
            if let v = b.volume, v.sign > 0 { anyVolume = true }
        }
    }
}
