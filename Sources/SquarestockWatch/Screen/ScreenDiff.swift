/// Turns "what is on screen" and "what should be" into the fewest bytes that get from one to the
/// other: cursor-addressed runs of only the cells that changed (colour included), so a refresh
/// that moved three prices sends a few dozen bytes instead of the whole table, which keeps slow
/// links (ssh, a serial console, tmux over the network) and the terminal itself calm.
///
/// A missing previous frame or a different size means a full redraw (clear, then every
/// non-blank cell), which is also how a resize reflows. Output never relies on autowrap and
/// always ends with attributes reset.
package enum ScreenDiff {
    /// Unchanged cells between two changed runs are rewritten rather than jumped over when there
    /// are at most this many: a cursor move costs about as much.
    package static let mergeGap = 4

    /// The bytes that turn a terminal showing `previous` into one showing `next`, with
    /// `palette`'s codes. Cells whose roles share a code (or have none, as in plain text) are
    /// the same on screen and are not resent.
    package static func render(previous: ScreenFrame?, next: ScreenFrame, palette: WatchPalette) -> String {
        let width = next.width
        let height = next.height
        var out = ""
        let sameSize = previous.map { $0.width == width && $0.height == height } ?? false
        if !sameSize { out += "\u{1B}[0m\u{1B}[H\u{1B}[2J" }
        let blankRow = Array(repeating: ScreenCell.blank, count: width)
        let codes = ScreenRole.allCases.map { palette.code(for: $0) }
        // Each role stands for the first role with the same code, so cells compare by look.
        let look = codes.map { code in UInt8(codes.firstIndex(of: code) ?? 0) }
        @inline(__always) func same(_ a: ScreenCell, _ b: ScreenCell) -> Bool {
            a.width == b.width && look[Int(a.role.rawValue)] == look[Int(b.role.rawValue)] && a.text == b.text
        }

        var cursor: (row: Int, col: Int)? = nil
        var current = ""
        for row in 0..<height {
            let new = next.rows[row]
            var before = blankRow
            if sameSize, let previous {
                if previous.rows[row] == new { continue }  // most rows of a refresh
                before = previous.rows[row]
            }
            var col = 0
            while col < width {
                if same(new[col], before[col]) {
                    col += 1
                    continue
                }
                // A changed run: extend over changes and short unchanged gaps.
                var start = col
                while start > 0 && (new[start].isContinuation || before[start].isContinuation) { start -= 1 }
                var end = col  // exclusive
                var gap = 0
                var k = col
                while k < width {
                    if !same(new[k], before[k]) {
                        end = k + 1
                        gap = 0
                    } else {
                        gap += 1
                        if gap > mergeGap { break }
                    }
                    k += 1
                }
                // Never end inside a wide character.
                while end < width && new[end].isContinuation { end += 1 }
                if cursor == nil || cursor! != (row, start) {
                    out += "\u{1B}[\(row + 1);\(start + 1)H"
                }
                var c = start
                while c < end {
                    let cell = new[c]
                    if cell.isContinuation {
                        c += 1
                        continue
                    }
                    let code = codes[Int(cell.role.rawValue)]
                    if code != current {
                        out += current.isEmpty ? code : "\u{1B}[0m" + code
                        current = code
                    }
                    out += cell.text
                    c += max(1, Int(cell.width))
                }
                cursor = (row, c)
                col = max(end, c)
            }
        }
        if !current.isEmpty { out += "\u{1B}[0m" }
        return out
    }
}
