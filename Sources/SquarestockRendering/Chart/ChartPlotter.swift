/// Draws the price samples into the plot area in one of the four styles.
///
/// Line, ascii and blocks draw one point per column; where consecutive bars of a session leave
/// columns between them, the earlier price is held across (a step, never a made-up price), and
/// nothing is drawn where the samples do not join. Braille draws two points per column with
/// straight segments between joined points and each sample's own low-to-high range.
struct ChartPlotter {
    let samples: ChartSamples
    let scale: PriceScale
    /// Colour role of each sample.
    let roles: [ChartCanvas.Role]
    let glyphs: ChartGlyphs
    /// Plot rectangle on the canvas.
    let top: Int
    let left: Int
    let rows: Int
    let columns: Int
    /// The rows the scale spans (the plot less a row of room above and below for the markers).
    let valueTop: Int
    let valueRows: Int
    /// The samples of the high and low markers' bars (the highest high's and the lowest low's):
    /// the line style's column there reaches that column's highest (lowest) close, so the line
    /// meets its marker. Nil: the columns of the highest and lowest close.
    var markerSamples: (high: Int?, low: Int?) = (nil, nil)

    func draw(_ style: ChartStyle, on canvas: inout ChartCanvas) {
        switch style {
        case .line, .ascii: drawLine(&canvas)
        case .blocks: drawBlocks(&canvas)
        case .braille: drawBraille(&canvas)
        }
    }

    /// Calls `body(column, value, role, joinsPrevious)` for every drawn column, held ones included.
    private func forEachColumn(_ body: (Int, Double, ChartCanvas.Role, Bool) -> Void) {
        var previous = -1
        for c in 0..<min(columns, samples.count) where samples.has(c) {
            if previous >= 0 && samples.joins[c] {
                for h in (previous + 1)..<c { body(h, samples.last[previous], roles[previous], true) }
                body(c, samples.last[c], roles[c], true)
            } else {
                body(c, samples.last[c], roles[c], false)
            }
            previous = c
        }
    }

    /// One point per column, its last close, joined to the column before by a step; but the
    /// columns of the high and low markers reach their highest (lowest) close too (from the row
    /// they arrive at, through that close, back to their last): in a chart narrower than its
    /// bars a column holds several, and the line would otherwise pass far from the marker.
    private func drawLine(_ canvas: inout ChartCanvas) {
        let drawn = (0..<min(columns, samples.count)).filter { samples.has($0) }
        let highest = markerSamples.high ?? drawn.max { samples.high[$0] < samples.high[$1] }
        let lowest = markerSamples.low ?? drawn.min { samples.low[$0] < samples.low[$1] }
        var previousRow = 0
        func row(_ v: Double) -> Int { valueTop + scale.row(v, rows: valueRows) }
        func draw(_ c: Int, last: Double, high: Double, low: Double, role: ChartCanvas.Role, joins: Bool) {
            let exit = row(last)
            var top = min(row(high), exit)
            var bottom = max(row(low), exit)
            if joins {
                top = min(top, previousRow)
                bottom = max(bottom, previousRow)
            }
            for r in top...bottom {
                let cell = ChartGlyphs.Joins(
                    up: r > top, down: r < bottom, left: joins && r == previousRow, right: r == exit)
                canvas.set(r, left + c, glyphs.glyph(cell), role)
            }
            previousRow = exit
        }
        var previous = -1
        for c in drawn {
            let joins = previous >= 0 && samples.joins[c]
            if joins {
                let held = samples.last[previous]
                for h in (previous + 1)..<c {
                    draw(h, last: held, high: held, low: held, role: roles[previous], joins: true)
                }
            }
            let last = samples.last[c]
            draw(
                c, last: last, high: c == highest ? samples.high[c] : last, low: c == lowest ? samples.low[c] : last,
                role: roles[c], joins: joins)
            previous = c
        }
    }

    private func drawBlocks(_ canvas: inout ChartCanvas) {
        // The area stands on the plot's bottom edge, the room below the scale included.
        let below = (top + rows) - (valueTop + valueRows)
        let eighthsTall = valueRows * 8
        forEachColumn { c, v, role, _ in
            let h = below * 8 + 1 + Int((scale.fraction(v) * Double(eighthsTall - 1)).rounded())
            let x = left + c
            var row = top + rows - 1
            var remaining = h
            while remaining >= 8 {
                canvas.set(row, x, glyphs.eighths[7], role)
                remaining -= 8
                row -= 1
            }
            if remaining > 0 { canvas.set(row, x, glyphs.eighths[remaining - 1], role) }
        }
    }

    private func drawBraille(_ canvas: inout ChartCanvas) {
        let dotRows = valueRows * 4
        let dotColumns = columns * 2
        var masks = [UInt8](repeating: 0, count: valueRows * columns)
        var cellRoles = [ChartCanvas.Role](repeating: .none, count: valueRows * columns)
        // Dot bits of a braille cell by (column 0/1, row 0...3).
        let bits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
        func dot(_ x: Int, _ y: Int, _ role: ChartCanvas.Role) {
            guard x >= 0, x < dotColumns, y >= 0, y < dotRows else { return }
            let cell = (y / 4) * columns + x / 2
            masks[cell] |= bits[x & 1][y & 3]
            cellRoles[cell] = role
        }
        func dotRow(_ v: Double) -> Int { (dotRows - 1) - Int((scale.fraction(v) * Double(dotRows - 1)).rounded()) }
        var previous = -1
        for j in 0..<min(dotColumns, samples.count) where samples.has(j) {
            let role = roles[j]
            if previous >= 0 && samples.joins[j] {
                // Straight segment from the previous sample's close to this one's first close.
                var x0 = previous
                var y0 = dotRow(samples.last[previous])
                let x1 = j
                let y1 = dotRow(samples.first[j])
                let dx = x1 - x0
                let dy = -abs(y1 - y0)
                let sy = y0 < y1 ? 1 : -1
                var err = dx + dy
                while true {
                    dot(x0, y0, x0 == previous ? roles[previous] : role)
                    if x0 == x1 && y0 == y1 { break }
                    let e2 = 2 * err
                    if e2 >= dy {
                        err += dy
                        x0 += 1
                    }
                    if e2 <= dx {
                        err += dx
                        y0 += sy
                    }
                }
            }
            let a = dotRow(samples.high[j])
            let b = dotRow(samples.low[j])
            for y in a...b { dot(j, y, role) }
            previous = j
        }
        for r in 0..<valueRows {
            for c in 0..<columns where masks[r * columns + c] != 0 {
                canvas.set(valueTop + r, left + c, 0x2800 + UInt32(masks[r * columns + c]), cellRoles[r * columns + c])
            }
        }
    }
}
