/// How the price line is drawn: each style trades resolution against what a terminal can show.
///
/// `ascii` uses printable ASCII only, so it works in any terminal, log file or `TERM=dumb`
/// session; the others need a UTF-8 terminal with box-drawing, braille or block glyphs.
public enum ChartStyle: String, Sendable, CaseIterable {
    /// Box-drawing line (`─│╭╮╰╯`): one point per column, one row per step.
    case line
    /// Braille dots: two points per column and four dot rows per text row.
    case braille
    /// Filled area of eighth blocks (`▁▂▃▄▅▆▇█`): eight steps per row.
    case blocks
    /// `-`, `|`, `.` and `'`: the line style in plain ASCII.
    case ascii

    /// Horizontal samples per text column.
    var samplesPerColumn: Int { self == .braille ? 2 : 1 }

    var glyphs: ChartGlyphs { self == .ascii ? .ascii : .unicode }
}
