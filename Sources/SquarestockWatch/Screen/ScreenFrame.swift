/// One full screen as the renderer laid it out: `height` rows of exactly `width` cells for a
/// terminal of `width` columns. The unit `ScreenDiff` compares; escape codes are only added
/// when it is written out.
package struct ScreenFrame: Sendable, Equatable {
    package var width: Int
    package var height: Int
    package var rows: [[ScreenCell]]

    /// Missing rows are blank, short rows padded with blanks, long ones cut (a wide character
    /// that would be halved at the edge becomes a space).
    package init(width: Int, height: Int, rows: [[ScreenCell]]) {
        self.width = max(0, width)
        self.height = max(0, height)
        let blankRow = [ScreenCell](repeating: .blank, count: self.width)
        var fitted: [[ScreenCell]] = []
        fitted.reserveCapacity(self.height)
        for r in 0..<self.height {
            guard r < rows.count else {
                fitted.append(blankRow)
                continue
            }
            var row = rows[r]
            if row.count > self.width {
                row.removeLast(row.count - self.width)
                if let last = row.last, last.width == 2 {
                    row[row.count - 1] = ScreenCell(text: " ", role: last.role, width: 1)
                }
            }
            while row.count < self.width { row.append(.blank) }
            fitted.append(row)
        }
        self.rows = fitted
    }

    /// Row `row` as text with `palette`'s codes: a code where the look changes, a reset before
    /// leaving a coloured run. For logs, tests and the fuzzer; the terminal gets `ScreenDiff`.
    package func line(_ row: Int, palette: WatchPalette) -> String {
        var out = ""
        var open = ""
        for cell in rows[row] where !cell.isContinuation {
            let code = palette.code(for: cell.role)
            if code != open {
                if !open.isEmpty { out += palette.reset }
                out += code
                open = code
            }
            out += cell.text
        }
        if !open.isEmpty { out += palette.reset }
        return out
    }

    package func lines(palette: WatchPalette) -> [String] {
        (0..<height).map { line($0, palette: palette) }
    }
}
