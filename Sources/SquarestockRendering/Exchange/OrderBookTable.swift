import SquarestockCore

/// `book --format table`: bids and asks side by side, best first, each with its size and the
/// running total, then the spread and mid price and a depth chart sized to the terminal. Prices
/// and sizes print exactly as the exchange sent them (padding trimmed); nothing goes through a
/// binary float except the chart's bar heights.
///
/// ```
/// BTC-USD  Kraken · order book, 3 levels a side
///      cum. size        size        bid │ ask            size    cum. size
///          0.250       0.250   84036.0  │ 84036.1       2.000        2.000
/// spread 0.1 (0.0001%)  mid 84036.05
/// ```
package struct OrderBookTable: Sendable {
    package var width: Int
    package var palette: Palette
    package var glyphs: DepthChartGlyphs
    /// Rows the depth chart may use; 0 leaves it out.
    package var chartHeight: Int

    package init(width: Int, palette: Palette, glyphs: DepthChartGlyphs, chartHeight: Int = 8) {
        self.width = max(40, width)
        self.palette = palette
        self.glyphs = glyphs
        self.chartHeight = chartHeight
    }

    package func render(_ book: OrderBook, exchange: String) -> String {
        let depth = max(book.bids.count, book.asks.count)
        var out =
            palette.paint(book.pair.symbol, .bold) + "  "
            + palette.paint("\(exchange) · order book, \(depth) level\(depth == 1 ? "" : "s") a side", .dim) + "\n"
        let (bids, asks) = BookSide.pair(book)
        let cols = BookColumns(bids: bids, asks: asks)
        out +=
            palette.paint(
                cols.pad("cum. size", cols.bidCum) + "  " + cols.pad("size", cols.bidSize) + "  "
                    + cols.pad("bid", cols.bidPrice) + glyphs.separator + cols.padRight("ask", cols.askPrice) + "  "
                    + cols.pad("size", cols.askSize) + "  " + cols.pad("cum. size", cols.askCum), .dim) + "\n"
        for i in 0..<depth {
            let left =
                i < bids.levels.count
                ? cols.pad(bids.cumulativeText[i], cols.bidCum) + "  " + cols.pad(bids.sizeText[i], cols.bidSize)
                    + "  " + palette.paint(cols.pad(bids.priceText[i], cols.bidPrice), .up)
                : String(repeating: " ", count: cols.bidCum + cols.bidSize + cols.bidPrice + 4)
            let right =
                i < asks.levels.count
                ? palette.paint(cols.padRight(asks.priceText[i], cols.askPrice), .down) + "  "
                    + cols.pad(asks.sizeText[i], cols.askSize) + "  " + cols.pad(asks.cumulativeText[i], cols.askCum)
                : ""
            out += (left + glyphs.separator + right).trimmingTrailingSpaces + "\n"
        }
        out += summary(book) + "\n"
        if chartHeight > 0, !book.bids.isEmpty || !book.asks.isEmpty {
            out += DepthChart(width: width, height: chartHeight, glyphs: glyphs, palette: palette).render(book)
        }
        return out
    }

    /// `spread 0.1 (0.0001%)  mid 84036.05`, or what is missing.
    func summary(_ book: OrderBook) -> String {
        var parts: [String] = []
        if let s = book.spread {
            var text = "spread " + s.normalized.description
            if let mid = book.mid, !mid.isZero,
                let pct = (s * ExactDecimal(100)).flatMap({ $0.divided(by: mid, scale: 4) })
            {
                // A spread too narrow for four places is no spread of 0 %.
                text += pct.isZero && !s.isZero ? " (<0.0001%)" : " (" + pct.normalized.description + "%)"
            }
            parts.append(text)
        } else {
            parts.append(book.bids.isEmpty ? "no bids" : "no asks")
        }
        if let mid = book.mid { parts.append("mid " + mid.description) }
        if let t = book.time { parts.append("as of " + t.iso8601UTC) }
        return parts.joined(separator: "  ")
    }
}

/// One side of a book as the table prints it: exact texts at one scale per column (so decimal
/// points line up, as exchanges print them), and running totals summed exactly.
struct BookSide {
    var levels: [BookLevel]
    var priceText: [String]
    var sizeText: [String]
    var cumulativeText: [String]
    /// The running totals as exact values (nil once a sum no longer fits `ExactDecimal`).
    var cumulative: [ExactDecimal?]

    /// `priceScale` and `sizeScale` are the decimals to show; values with more keep theirs.
    init(levels: [BookLevel], priceScale: Int = 0, sizeScale: Int = 0) {
        self.levels = levels
        priceText = levels.map { AlignedDecimals.text($0.price, scale: priceScale) }
        sizeText = levels.map { AlignedDecimals.text($0.size, scale: sizeScale) }
        var running: ExactDecimal? = ExactDecimal(0)
        cumulative = levels.map { l in
            running = running.flatMap { $0 + l.size }
            return running
        }
        cumulativeText = cumulative.map { $0.map { AlignedDecimals.text($0, scale: sizeScale) } ?? "—" }
    }

    /// Both sides of `book` at the book's widest price and size scales.
    static func pair(_ book: OrderBook) -> (bids: BookSide, asks: BookSide) {
        let all = book.bids + book.asks
        let priceScale = AlignedDecimals.scale(of: all.map(\.price))
        let sizeScale = AlignedDecimals.scale(of: all.map(\.size))
        return (
            BookSide(levels: book.bids, priceScale: priceScale, sizeScale: sizeScale),
            BookSide(levels: book.asks, priceScale: priceScale, sizeScale: sizeScale)
        )
    }
}

/// Column widths so every number lines up on its right edge.
struct BookColumns {
    var bidCum, bidSize, bidPrice, askPrice, askSize, askCum: Int

    init(bids: BookSide, asks: BookSide) {
        func widest(_ texts: [String], _ header: String) -> Int { texts.reduce(header.count) { max($0, $1.count) } }
        bidCum = widest(bids.cumulativeText, "cum. size")
        bidSize = widest(bids.sizeText, "size")
        bidPrice = widest(bids.priceText, "bid")
        askPrice = widest(asks.priceText, "ask")
        askSize = widest(asks.sizeText, "size")
        askCum = widest(asks.cumulativeText, "cum. size")
    }

    func pad(_ s: String, _ w: Int) -> String { String(repeating: " ", count: max(0, w - s.count)) + s }
    func padRight(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(0, w - s.count)) }
}
