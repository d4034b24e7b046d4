import SquarestockCore

/// Rows of text cells as columns two spaces apart, each as wide as its widest cell; the columns
/// in `rightAligned` (numbers) are padded on the left. No trailing spaces.
package enum AlignedColumns {
    package static func render(_ rows: [[String]], rightAligned: Set<Int>) -> String {
        let count = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: count)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], TerminalText.displayWidth(cell)) }
        }
        return rows.map { row in
            row.enumerated().map { i, cell in
                rightAligned.contains(i)
                    ? TerminalText.padLeft(cell, toWidth: widths[i]) : TerminalText.padRight(cell, toWidth: widths[i])
            }.joined(separator: "  ").trimmingTrailingSpaces + "\n"
        }.joined()
    }
}
