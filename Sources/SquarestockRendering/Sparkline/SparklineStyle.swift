/// Which glyph set draws the bars, because not every terminal or locale can show block elements.
///
/// Pick `.unicode` when `TerminalCapabilities.supportsUnicode` is true, `.ascii` otherwise.
package enum SparklineStyle: Sendable {
    /// `▁▂▃▄▅▆▇█`: eighth blocks, level 0 is one eighth high and level 7 a full cell.
    case unicode
    /// `_.,-~=^"`: printable ASCII whose ink sits ever higher in the cell, so the line still reads
    /// as a rising or falling trace: `_` below the baseline, `.` and `,` on it, `-` and `~` at
    /// mid-height, `=` a little above, `^` and `"` at the top.
    case ascii

    /// The eight glyphs from lowest (index 0) to highest (index 7).
    package var glyphs: [Character] {
        switch self {
        case .unicode: return ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        case .ascii: return ["_", ".", ",", "-", "~", "=", "^", "\""]
        }
    }
}
