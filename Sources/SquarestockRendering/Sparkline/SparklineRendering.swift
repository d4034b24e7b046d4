/// A laid-out sparkline: one cell per column, independent of glyphs and colours.
///
/// Layout and drawing are split so the time-slicing rules are tested on plain values, and so the
/// same layout can be drawn in Unicode or ASCII, with or without colour.
package struct SparklineRendering: Sendable, Equatable {
    package var cells: [SparkCell]

    @inlinable package init(cells: [SparkCell]) { self.cells = cells }

    /// The chart as exactly `cells.count` columns of text.
    ///
    /// Gaps are spaces (trailing ones too: the untraded rest of a session keeps its room, so
    /// charts in a column stay aligned). A colour code is written only where the direction changes,
    /// and a single reset closes the line, so a wide chart costs few escape bytes. With
    /// `Palette.plain` the text holds no escapes at all.
    package func text(style: SparklineStyle, palette: Palette) -> String {
        let glyphs = style.glyphs
        var out = ""
        out.reserveCapacity(cells.count * 3 + 16)
        var current: SparkDirection? = nil
        var coloured = false
        for cell in cells {
            switch cell {
            case .gap:
                out.append(" ")
            case .level(let level, let direction):
                if direction != current {
                    let code = palette.colour(for: direction)
                    if !code.isEmpty {
                        out += code
                        coloured = true
                    }
                    current = direction
                }
                out.append(glyphs[min(max(level, 0), glyphs.count - 1)])
            }
        }
        if coloured { out += palette.reset }
        return out
    }
}
