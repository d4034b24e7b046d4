/// Turns "what is on screen" and "what should be" into the fewest bytes that get from one to the
/// other: cursor-addressed runs of only the cells that changed (colour included), so a refresh
/// that moved three prices sends a few dozen bytes instead of the whole table, which keeps slow
/// links (ssh, a serial console, tmux over the network) and the terminal itself calm.
///
/// A missing previous frame or a different size means a full redraw (clear, then every
/// non-blank cell), which is also how a resize reflows. Output never relies on autowrap and
/// always ends with attributes reset.
public enum ScreenDiff {
    /// Unchanged cells between two changed runs are rewritten rather than jumped over when there
    /// are at most this many: a cursor move costs about as much.
    public static let mergeGap = 4

    public static func render(previous: ScreenFrame?, next: ScreenFrame) -> String {
        let width = next.width, height = next.height
        var out = ""
        let sameSize = previous.map { $0.width == width && $0.height == height } ?? false
        if !sameSize { out += "\u{1B}[0m\u{1B}[H\u{1B}[2J" }
        let blankRow = Array(repeating: ScreenCell.blank, count: width)

        var cursor: (row: Int, col: Int)? = nil
        var current = ""
        for row in 0..<height {
            let newLine = row < next.lines.count ? next.lines[row] : ""
            var before = blankRow
            if sameSize, let previous {
                let oldLine = row < previous.lines.count ? previous.lines[row] : ""
                if oldLine == newLine { continue }  // most lines of a refresh: nothing to parse
                before = ScreenCell.parse(oldLine, width: width)
            }
            let new = ScreenCell.parse(newLine, width: width)
            var col = 0
            while col < width {
                if new[col] == before[col] {
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
                    if new[k] != before[k] {
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
                    if cell.style != current {
                        out += current.isEmpty ? cell.style : "\u{1B}[0m" + cell.style
                        current = cell.style
                    }
                    out += cell.text
                    c += max(1, cell.width)
                }
                cursor = (row, c)
                col = max(end, c)
            }
        }
        if !current.isEmpty { out += "\u{1B}[0m" }
        return out
    }
}
