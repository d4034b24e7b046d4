import TestSupport

@testable import SquarestockCore
@testable import SquarestockWatch

/// A tiny terminal emulator for checking `ScreenDiff` output: it understands exactly what the
/// diff may emit (CUP, ED 2, SGR, printable text) and fails loudly on anything else, so a test
/// can apply the bytes to the old screen and compare with the new frame cell by cell.
struct VirtualTerminal {
    /// A cell as the terminal holds it: the SGR sequences in effect since the last reset.
    struct Cell: Equatable {
        var text: String
        var style: String
        var width: Int

        static let blank = Cell(text: " ", style: "", width: 1)
    }

    let width: Int
    let height: Int
    var cells: [[Cell]]
    var row = 0
    var col = 0
    var style = ""
    var unexpected: [String] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Array(repeating: .blank, count: width), count: height)
    }

    /// Starts from what `frame` shows in `palette`.
    init(showing frame: ScreenFrame, palette: WatchPalette) {
        self.init(width: frame.width, height: frame.height)
        cells = Self.expected(frame, palette: palette)
    }

    /// The cells a terminal shows for `frame` in `palette`.
    static func expected(_ frame: ScreenFrame, palette: WatchPalette) -> [[Cell]] {
        frame.rows.map { row in
            row.map { Cell(text: $0.text, style: palette.code(for: $0.role), width: Int($0.width)) }
        }
    }

    mutating func apply(_ output: String) {
        for piece in TerminalOutput.pieces(of: output) {
            switch piece {
            case .unexpectedEscape(let what):
                unexpected.append(what)
            case .control(let params, let final):
                switch final {
                case "H":
                    let parts = params.split(separator: ";").map { Int($0) ?? 1 }
                    row = (parts.first ?? 1) - 1
                    col = (parts.count > 1 ? parts[1] : 1) - 1
                case "J" where params == "2":
                    cells = Array(repeating: Array(repeating: .blank, count: width), count: height)
                case "m":
                    if params.isEmpty || params == "0" {
                        style = ""
                    } else if params.hasPrefix("0;") {
                        style = "\u{1B}[" + params + "m"
                    } else {
                        style += "\u{1B}[" + params + "m"
                    }
                default:
                    unexpected.append("CSI \(params)\(final)")
                }
            case .character(let ch):
                let w = TerminalText.width(of: ch)
                guard row < height, col + w <= width else {
                    unexpected.append("write outside the screen at \(row),\(col)")
                    continue
                }
                if w == 2 {
                    cells[row][col] = Cell(text: String(ch), style: style, width: 2)
                    cells[row][col + 1] = Cell(text: "", style: style, width: 0)
                } else {
                    cells[row][col] = Cell(text: String(ch), style: style, width: 1)
                }
                col += w
            }
        }
    }

    /// True when every cell equals what `frame` should show in `palette`.
    func shows(_ frame: ScreenFrame, palette: WatchPalette) -> Bool {
        cells == Self.expected(frame, palette: palette)
    }

    var text: [String] { cells.map { $0.map(\.text).joined() } }
}
