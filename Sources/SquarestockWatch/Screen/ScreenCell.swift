import SquarestockCore

/// One terminal cell of a frame: the character drawn there and the role it is drawn in.
/// A wide character (CJK, emoji) occupies its cell and a `continuation` cell after it.
///
/// Comparing cells, not strings, is what lets `ScreenDiff` send only what changed, colour
/// included.
package struct ScreenCell: Sendable, Equatable {
    /// The grapheme shown, or "" for the right half of a wide character.
    package var text: String
    package var role: ScreenRole
    /// Columns the cell's character covers: 1, 2 for a wide one, 0 for a continuation.
    package var width: UInt8

    package init(text: String, role: ScreenRole, width: UInt8) {
        self.text = text
        self.role = role
        self.width = width
    }

    package static let blank = ScreenCell(text: " ", role: .plain, width: 1)

    package var isContinuation: Bool { width == 0 }

    /// Appends `text` drawn in `role` to `cells`, at most up to `limit` cells. Control characters
    /// are dropped; a lone combining mark joins the cell before it so columns stay right; a wide
    /// character that would straddle the limit becomes a space and ends the row (returns false:
    /// nothing more may be appended).
    @discardableResult
    package static func append(_ text: String, role: ScreenRole, to cells: inout [ScreenCell], limit: Int) -> Bool {
        text.unicodeScalars.allSatisfy(isSimple)
            ? appendSimple(text, role: role, to: &cells, limit: limit)
            : appendGraphemes(text, role: role, to: &cells, limit: limit)
    }

    /// The general path, grapheme by grapheme (emoji sequences, combining marks).
    static func appendGraphemes(_ text: String, role: ScreenRole, to cells: inout [ScreenCell], limit: Int) -> Bool {
        for ch in text {
            guard cells.count < limit else { return true }
            let w = TerminalText.width(of: ch)
            if w == 0 {
                if ch.unicodeScalars.allSatisfy({ $0.value < 0x20 || $0.value == 0x7F }) { continue }
                if let last = cells.indices.last, !cells[last].isContinuation { cells[last].text.append(ch) }
                continue
            }
            if w == 2 {
                if cells.count + 2 > limit {
                    cells.append(ScreenCell(text: " ", role: role, width: 1))
                    return false
                }
                cells.append(ScreenCell(text: String(ch), role: role, width: 2))
                cells.append(ScreenCell(text: "", role: role, width: 0))
            } else {
                cells.append(ScreenCell(text: String(ch), role: role, width: 1))
            }
        }
        return true
    }

    /// Scalars that are a whole grapheme on their own: no combining marks, joiners, variation
    /// selectors or emoji. Table text (ASCII, `·`, `–`, `…`, block elements) is made of these,
    /// so it can be cut into cells scalar by scalar, skipping grapheme segmentation.
    @inline(__always) static func isSimple(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        return v < 0x0300 || (0x2010...0x2027).contains(v) || (0x2030...0x205E).contains(v)
            || (0x2070...0x2BFF).contains(v)
    }

    /// `append` for text of simple scalars only: the same cells, several times faster.
    static func appendSimple(_ text: String, role: ScreenRole, to cells: inout [ScreenCell], limit: Int) -> Bool {
        for u in text.unicodeScalars {
            guard cells.count < limit else { return true }
            if u.value < 0x20 || (u.value >= 0x7F && u.value < 0xA0) { continue }
            let w = UnicodeWidth.columns(of: u)
            if w == 2 {
                if cells.count + 2 > limit {
                    cells.append(ScreenCell(text: " ", role: role, width: 1))
                    return false
                }
                cells.append(ScreenCell(text: String(u), role: role, width: 2))
                cells.append(ScreenCell(text: "", role: role, width: 0))
            } else if w == 1 {
                cells.append(ScreenCell(text: String(u), role: role, width: 1))
            }
        }
        return true
    }
}
