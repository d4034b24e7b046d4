import TestSupport

@testable import SquarestockCore

/// What a terminal shows after the live screens' bytes: a grid of characters that understands
/// the sequences they send (cursor position, erase to the end of the line or screen, clear,
/// colours, CR, LF, the bell) and records anything else, so a test reads rows as a user would.
struct ScreenGrid {
    private(set) var width: Int
    private(set) var height: Int
    private(set) var rows: [[Character]]
    private var row = 0
    private var col = 0
    /// Bytes the grid did not understand; a test expects none.
    private(set) var unexpected: [String] = []
    private(set) var bells = 0

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        rows = Array(repeating: Array(repeating: " ", count: width), count: height)
    }

    /// A new size: the old content is gone, as after a real resize the screen is redrawn whole.
    mutating func resize(width: Int, height: Int) { self = ScreenGrid(width: width, height: height) }

    var lines: [String] { rows.map { String($0).replacingOccurrences(of: "\u{0}", with: "") } }

    /// The whole screen as one text, for `contains` checks.
    var text: String { lines.joined(separator: "\n") }

    /// The first row containing `s`, if any.
    func row(containing s: String) -> Int? { lines.firstIndex { $0.contains(s) } }

    mutating func apply(_ output: String) {
        for piece in TerminalOutput.pieces(of: output) {
            switch piece {
            case .unexpectedEscape(let what): unexpected.append(what)
            case .control(let params, let final): control(params, final)
            case .character("\r"): col = 0
            case .character("\n"): row = min(height - 1, row + 1)
            case .character("\u{07}"): bells += 1
            case .character("\r\n"):
                col = 0
                row = min(height - 1, row + 1)
            case .character(let ch):
                let w = TerminalText.width(of: ch)
                guard row < height, col + w <= width else {
                    unexpected.append("write outside the screen at \(row),\(col)")
                    continue
                }
                rows[row][col] = ch
                if w == 2 { rows[row][col + 1] = "\u{0}" }
                col += w
            }
        }
    }

    private mutating func control(_ params: String, _ final: Character) {
        switch final {
        case "H":
            let parts = params.split(separator: ";").map { Int($0) ?? 1 }
            row = min(height - 1, (parts.first ?? 1) - 1)
            col = min(width - 1, (parts.count > 1 ? parts[1] : 1) - 1)
        case "J" where params == "2":
            rows = Array(repeating: Array(repeating: " ", count: width), count: height)
        case "J":
            for c in col..<width { rows[row][c] = " " }
            for r in (row + 1)..<height { rows[r] = Array(repeating: " ", count: width) }
        case "K":
            for c in col..<width { rows[row][c] = " " }
        case "m": break
        case "h",
            "l" where params.hasPrefix("?"):
            break
        default: unexpected.append("CSI \(params)\(final)")
        }
    }
}
