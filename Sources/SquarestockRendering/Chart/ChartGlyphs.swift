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
        axisVertical: "│", axisTick: "┤", axisCorner: "└", axisHorizontal: "─", axisLabelTick: "┬",
        baseline: "┈", baselineEveryOther: false, separator: "┊", highMarker: "▲", lowMarker: "▼",
        eighths: ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"], comparison: "•", moneyIn: "↑", moneyOut: "↓")

    static let ascii = ChartGlyphs(
        horizontal: "-", vertical: "|", upRight: ".", downRight: "'", leftUp: "'", leftDown: ".",
        axisVertical: "|", axisTick: "+", axisCorner: "+", axisHorizontal: "-", axisLabelTick: "+",
        baseline: "-", baselineEveryOther: true, separator: ":", highMarker: "^", lowMarker: "v",
        eighths: ["_", "_", ".", ".", ":", ":", "#", "#"], comparison: "*", moneyIn: "^", moneyOut: "v")
}
