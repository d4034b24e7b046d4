/// The characters a chart is drawn with, so the same layout renders in Unicode or plain ASCII.
struct ChartGlyphs: Sendable {
    var horizontal: Unicode.Scalar
    var vertical: Unicode.Scalar
    /// Turning right after coming up (`╭`) or down (`╰`), and arriving from the left before going
    /// up (`╯`) or down (`╮`).
    var upRight: Unicode.Scalar
    var downRight: Unicode.Scalar
    var leftUp: Unicode.Scalar
    var leftDown: Unicode.Scalar
    /// Where a column's line both passes up or down and turns: arriving from the left (`┤`),
    /// leaving to the right (`├`), both from above (`┴`) or below (`┬`), or all four (`┼`).
    var teeLeft: Unicode.Scalar
    var teeRight: Unicode.Scalar
    var teeUp: Unicode.Scalar
    var teeDown: Unicode.Scalar
    var cross: Unicode.Scalar
    var axisVertical: Unicode.Scalar
    var axisTick: Unicode.Scalar
    var axisCorner: Unicode.Scalar
    var axisHorizontal: Unicode.Scalar
    var axisLabelTick: Unicode.Scalar
    /// The dotted previous-close line; `baselineEveryOther` draws it only on every other column.
    var baseline: Unicode.Scalar
    var baselineEveryOther: Bool
    /// Between intraday sessions.
    var separator: Unicode.Scalar
    var highMarker: Unicode.Scalar
    var lowMarker: Unicode.Scalar
    /// Bar tops in eighths, index 0 = one eighth; the last is a full cell.
    var eighths: [Unicode.Scalar]
    /// The dots of a comparison series.
    var comparison: Unicode.Scalar
    /// Money paid in and taken out, on the time axis.
    var moneyIn: Unicode.Scalar
    var moneyOut: Unicode.Scalar

    static let unicode = ChartGlyphs(
        horizontal: "─", vertical: "│", upRight: "╭", downRight: "╰", leftUp: "╯", leftDown: "╮",
        teeLeft: "┤", teeRight: "├", teeUp: "┴", teeDown: "┬", cross: "┼",
        axisVertical: "│", axisTick: "┤", axisCorner: "└", axisHorizontal: "─", axisLabelTick: "┬",
        baseline: "┈", baselineEveryOther: false, separator: "┊", highMarker: "▲", lowMarker: "▼",
        eighths: ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"], comparison: "•", moneyIn: "↑", moneyOut: "↓")

    static let ascii = ChartGlyphs(
        horizontal: "-", vertical: "|", upRight: ".", downRight: "'", leftUp: "'", leftDown: ".",
        teeLeft: "|", teeRight: "|", teeUp: "'", teeDown: ".", cross: "|",
        axisVertical: "|", axisTick: "+", axisCorner: "+", axisHorizontal: "-", axisLabelTick: "+",
        baseline: "-", baselineEveryOther: true, separator: ":", highMarker: "^", lowMarker: "v",
        eighths: ["_", "_", ".", ".", ":", ":", "#", "#"], comparison: "*", moneyIn: "^", moneyOut: "v")

    /// The directions a cell of the line connects to.
    struct Joins: Equatable {
        var up: Bool, down: Bool, left: Bool, right: Bool
    }

    /// The glyph joining a cell's neighbours in `joins`: a lone end is drawn as the straight
    /// stroke it ends.
    func glyph(_ joins: Joins) -> Unicode.Scalar {
        let vertical = joins.up || joins.down
        switch (joins.up, joins.down, joins.left, joins.right) {
        case (true, true, true, true): return cross
        case (true, true, true, false): return teeLeft
        case (true, true, false, true): return teeRight
        case (true, false, true, true): return teeUp
        case (false, true, true, true): return teeDown
        case (false, true, false, true): return upRight
        case (true, false, false, true): return downRight
        case (true, false, true, false): return leftUp
        case (false, true, true, false): return leftDown
        default: return vertical ? self.vertical : horizontal
        }
    }
}
