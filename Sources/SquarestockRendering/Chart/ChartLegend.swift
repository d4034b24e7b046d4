/// The chart's first line: symbol and range, last price and change against the reference, the
/// high and low, the previous close (explaining the dotted line) and the zone of the time labels.
/// Parts drop out from the least important when the line would be too wide.
struct ChartLegend {
    struct Part {
        var text: String
        var role: ChartCanvas.Role
        /// Lower goes first when space runs out.
        var priority: Int
    }

    var parts: [Part] = []

    mutating func add(_ text: String, role: ChartCanvas.Role = .none, priority: Int) {
        parts.append(Part(text: text, role: role, priority: priority))
    }

    /// Writes the parts that fit in `width`, two blanks apart, in their given order.
    func draw(on canvas: inout ChartCanvas, row: Int, width: Int) {
        var kept = parts.indices.map { $0 }
        func length(_ ids: [Int]) -> Int {
            ids.reduce(0) { $0 + parts[$1].text.unicodeScalars.count } + max(ids.count - 1, 0) * 2
        }
        while length(kept) > width, kept.count > 1 {
            let drop = kept.min { parts[$0].priority < parts[$1].priority }!
            kept.removeAll { $0 == drop }
        }
        var col = 0
        for id in kept {
            var text = parts[id].text
            if col + text.unicodeScalars.count > width {
                text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(max(width - col, 0))))
            }
            canvas.write(text, row: row, col: col, role: parts[id].role)
            col += text.unicodeScalars.count + 2
        }
    }
}
