import SquarestockCore

/// The glyphs a depth chart is drawn with: Unicode eighth blocks where the terminal shows them,
/// plain ASCII anywhere else.
package enum DepthChartGlyphs: Sendable {
    case unicode
    case ascii

    /// The cell for a column filled `eighths`/8 of a row (1...8).
    func cell(eighths: Int) -> String {
        switch self {
        case .unicode: return ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"][min(max(eighths, 1), 8) - 1]
        case .ascii: return eighths >= 4 ? "#" : "."
        }
    }

    /// The rule between the bid and ask halves of the book table.
    var separator: String { self == .unicode ? " │ " : " | " }
    /// The label under the chart's middle.
    var axisLabel: String { self == .unicode ? "bids ← → asks" : "bids <  > asks" }
}

/// A cumulative depth chart beneath the book: price runs left to right across the width, bids
/// to the left of the spread and asks to the right, and each column's height is the total size
/// resting between the mid price and that column's price. Bar heights are the only place book
/// values become `Double`: they are pixels, not money.
struct DepthChart {
    var width: Int
    var height: Int
    var glyphs: DepthChartGlyphs
    var palette: Palette

    func render(_ book: OrderBook) -> String {
        let bids = book.bids.map { ($0.price.doubleValue, $0.size.doubleValue) }
        let asks = book.asks.map { ($0.price.doubleValue, $0.size.doubleValue) }
        guard let low = (bids.last ?? asks.first)?.0, let high = (asks.last ?? bids.first)?.0, high > low,
            width >= 10, height >= 1
        else { return "" }
        let columns = width
        let step = (high - low) / Double(columns)
        // Each column covers a span of prices; its bar is the size resting from the mid out to
        // the far edge of its span, so the outermost column holds the whole side (a centre
        // price never reached the book's last level, and with one level a side, no level).
        let mid = bids.first.flatMap { b in asks.first.map { (b.0 + $0.0) / 2 } }
        var depth = [Double](repeating: 0, count: columns)
        var isBid = [Bool](repeating: false, count: columns)
        for c in 0..<columns {
            let from = low + step * Double(c)
            let to = c == columns - 1 ? high : low + step * Double(c + 1)
            if let best = bids.first?.0, from <= best,
                mid.map({ (from + to) / 2 <= $0 || to < (asks.first?.0 ?? to) })
                    ?? true
            {
                depth[c] = bids.reduce(0) { $1.0 >= from ? $0 + $1.1 : $0 }
                isBid[c] = true
            } else if let best = asks.first?.0, to >= best {
                depth[c] = asks.reduce(0) { $1.0 <= to ? $0 + $1.1 : $0 }
            }
        }
        let top = depth.max() ?? 0
        guard top > 0 else { return "" }
        var lines: [String] = []
        for row in (0..<height).reversed() {
            var line = ""
            for c in 0..<columns {
                let eighths = Int((depth[c] / top * Double(height * 8)).rounded()) - row * 8
                if eighths <= 0 {
                    line += " "
                } else {
                    line += palette.paint(glyphs.cell(eighths: min(eighths, 8)), isBid[c] ? .up : .down)
                }
            }
            lines.append(line.trimmingTrailingSpaces)
        }
        let left = book.bids.last?.price.normalized.description ?? book.asks.first?.price.normalized.description ?? ""
        let right = book.asks.last?.price.normalized.description ?? book.bids.first?.price.normalized.description ?? ""
        let middle = glyphs.axisLabel
        let gap = max(1, columns - left.count - right.count - middle.count)
        let axis =
            left + String(repeating: " ", count: gap / 2) + middle + String(repeating: " ", count: gap - gap / 2)
            + right
        lines.append(palette.paint(axis, .dim))
        return lines.joined(separator: "\n") + "\n"
    }
}
