import SquarestockCore

/// One terminal cell of a frame: the character drawn there and the SGR state it is drawn in.
/// A wide character (CJK, emoji) occupies its cell and a `continuation` cell after it.
///
/// Comparing cells, not strings, is what lets `ScreenDiff` send only what changed, colour
/// included, however the renderer grouped its escape codes.
public struct ScreenCell: Sendable, Equatable {
    /// The grapheme shown, or "" for the right half of a wide character.
    public var text: String
    /// The SGR sequences in effect since the last reset, as written (`""` is the default look).
    public var style: String
    /// Columns the cell's character covers: 1, 2 for a wide one, 0 for a continuation.
    public var width: Int

    public init(text: String, style: String, width: Int) {
        self.text = text
        self.style = style
        self.width = width
    }

    public static let blank = ScreenCell(text: " ", style: "", width: 1)

    public var isContinuation: Bool { width == 0 }

    /// `line` as exactly `width` cells. SGR sequences (`ESC [ ... m`) set the style; any other
    /// escape sequence or control character is dropped (renderers only emit SGR). Text past the
    /// width is cut; a wide character that would straddle the edge becomes a space; the rest
    /// is padded with blanks.
    public static func parse(_ line: String, width: Int) -> [ScreenCell] {
        line.unicodeScalars.allSatisfy(isSimple) ? parseSimple(line, width: width) : parseGraphemes(line, width: width)
    }

    /// The general parse, grapheme by grapheme (emoji sequences, combining marks).
    static func parseGraphemes(_ line: String, width: Int) -> [ScreenCell] {
        var cells: [ScreenCell] = []
        cells.reserveCapacity(width)
        var style = ""
        var iterator = line.makeIterator()
        while cells.count < width, let ch = iterator.next() {
            if ch == "\u{1B}" {
                guard let next = iterator.next() else { break }
                guard next == "[" else { continue }  // two-character escape: drop it
                var params = ""
                var final: Character = "m"
                while let c = iterator.next() {
                    if let a = c.asciiValue, a >= 0x40 && a <= 0x7E {
                        final = c
                        break
                    }
                    params.append(c)
                }
                if final == "m" { applySGR(params, to: &style) }
                continue
            }
            let w = TerminalText.width(of: ch)
            if w == 0 {
                if ch.unicodeScalars.allSatisfy({ $0.value < 0x20 || $0.value == 0x7F }) { continue }
                // A lone combining mark: attach to the previous cell so columns stay right.
                if let last = cells.indices.last, !cells[last].isContinuation { cells[last].text.append(ch) }
                continue
            }
            if w == 2 {
                if cells.count + 2 > width {
                    cells.append(ScreenCell(text: " ", style: style, width: 1))
                    break
                }
                cells.append(ScreenCell(text: String(ch), style: style, width: 2))
                cells.append(ScreenCell(text: "", style: style, width: 0))
            } else {
                cells.append(ScreenCell(text: String(ch), style: style, width: 1))
            }
        }
        while cells.count < width { cells.append(.blank) }
        return cells
    }

    /// Scalars that are a whole grapheme on their own: no combining marks, joiners, variation
    /// selectors or emoji. Table lines (ASCII, `·`, `–`, `…`, block elements) are made of these,
    /// so they can be cut into cells scalar by scalar, skipping grapheme segmentation.
    @inline(__always) static func isSimple(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        return v < 0x0300 || (0x2010...0x2027).contains(v) || (0x2030...0x205E).contains(v) || (0x2070...0x2BFF).contains(v)
    }

    /// `parse` for lines of simple scalars only: the same cells, several times faster.
    static func parseSimple(_ line: String, width: Int) -> [ScreenCell] {
        var cells: [ScreenCell] = []
        cells.reserveCapacity(width)
        var style = ""
        var iterator = line.unicodeScalars.makeIterator()
        while cells.count < width, let u = iterator.next() {
            if u == "\u{1B}" {
                guard let next = iterator.next() else { break }
                guard next == "[" else { continue }
                var params = ""
                var final: Unicode.Scalar = "m"
                while let c = iterator.next() {
                    if c.value >= 0x40 && c.value <= 0x7E {
                        final = c
                        break
                    }
                    params.unicodeScalars.append(c)
                }
                if final == "m" { applySGR(params, to: &style) }
                continue
            }
            if u.value < 0x20 || (u.value >= 0x7F && u.value < 0xA0) { continue }
            let w = UnicodeWidth.columns(of: u)
            if w == 2 {
                if cells.count + 2 > width {
                    cells.append(ScreenCell(text: " ", style: style, width: 1))
                    break
                }
                cells.append(ScreenCell(text: String(u), style: style, width: 2))
                cells.append(ScreenCell(text: "", style: style, width: 0))
            } else if w == 1 {
                cells.append(ScreenCell(text: String(u), style: style, width: 1))
            }
        }
        while cells.count < width { cells.append(.blank) }
        return cells
    }

    /// The style after an SGR sequence with these parameters: a reset clears it, `0;...` starts
    /// afresh, anything else adds to it. Shared by both parse paths so they cannot disagree.
    static func applySGR(_ params: String, to style: inout String) {
        if params.isEmpty || params == "0" {
            style = ""
        } else if params.hasPrefix("0;") {
            style = "\u{1B}[" + params + "m"
        } else {
            style += "\u{1B}[" + params + "m"
        }
    }
}
