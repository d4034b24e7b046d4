/// The one gate between text from the network and the terminal.
///
/// A company name or error body from a quote service is attacker-controllable: raw, it could move
/// the cursor, rewrite earlier lines, set the clipboard (OSC 52), hide a link behind innocent text
/// (OSC 8) or reorder characters with bidi overrides. Everything shown to the user that did not
/// come from our own string literals goes through `sanitize` first; the width helpers then lay the
/// clean text out in columns, counting CJK and emoji as two cells.
package enum TerminalText {
    // MARK: Sanitizing

    /// `bytes` decoded as UTF-8 (each invalid sequence becoming U+FFFD) and then sanitized.
    package static func sanitize(bytes: some Collection<UInt8>) -> String {
        sanitize(String(decoding: bytes, as: UTF8.self))
    }

    /// The same text as `sanitize(bytes:)`, for the decoders that turn every string of a body
    /// into domain text: bytes that are already clean (printable ASCII, single spaces, none at
    /// either end) become the string directly, so a body of ordinary fields pays one byte scan.
    package static func clean(bytes: UnsafeRawBufferPointer) -> String {
        if isClean(bytes) { return String(decoding: bytes, as: UTF8.self) }
        return sanitize(String(decoding: bytes, as: UTF8.self))
    }

    /// `clean(bytes:)` for an array of bytes.
    package static func clean(bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { clean(bytes: $0) }
    }

    /// Bytes that name something (a symbol from the network) as text, or nil when cleaning them
    /// would change them: such an id is refused, never cleaned into another one.
    package static func identifier(bytes: UnsafeRawBufferPointer) -> String? {
        isClean(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// True when `sanitize` would return these bytes unchanged: printable ASCII, no space at
    /// either end and no two spaces in a row.
    static func isClean(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return true }
        if first == 0x20 || last == 0x20 { return false }
        var previous: UInt8 = 0
        for b in bytes {
            if b < 0x20 || b > 0x7E || (b == 0x20 && previous == 0x20) { return false }
            previous = b
        }
        return true
    }

    /// Text the user typed, echoed in an error with every character the sanitiser would remove
    /// (controls, escapes, bidi controls, invisible characters; line feeds and tabs too) shown
    /// as `\u{1B}` rather than removed: stripped, `AA<ESC>[31mPL` read as `AAPL`, a valid
    /// ticker named as the one that is not. Which characters those are is `stripControls`'s
    /// own rule, asked of each character alone (this runs only for an error's echo).
    package static func visible(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            let one = String(u)
            if u.value < 0x20 || stripControls(one) != one {
                out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// Text of several lines with its layout kept, for messages the program composes around
    /// values it was given (usage errors quoting an option's value, config warnings quoting a
    /// line): escape sequences, control characters and bidi controls are removed as `sanitize`
    /// removes them, but line feeds, tabs and spaces stay as they are (a carriage return, which
    /// would let text overwrite its own line, is dropped).
    package static func stripControls(_ s: String) -> String {
        var needed = false
        for b in s.utf8 where (b < 0x20 && b != 0x0A && b != 0x09) || b >= 0x7F {
            needed = true
            break
        }
        return needed ? filter(s, keepingLayout: true) : s
    }

    /// Printable single-line text: no escape sequences, no control characters, no bidi controls,
    /// whitespace runs collapsed to one space, no leading or trailing space.
    ///
    /// - Escape sequences are removed whole, introducer to terminator, so no parameter bytes leak
    ///   as text: CSI (`ESC [` or U+009B, up to a final byte 0x40...0x7E), OSC (`ESC ]` or U+009D,
    ///   up to BEL, `ESC \` or U+009C, which covers OSC 8 links and OSC 52 clipboard writes),
    ///   DCS/SOS/PM/APC (`ESC P`, `ESC X`, `ESC ^`, `ESC _` or their C1 forms, up to ST), and
    ///   two-character sequences such as `ESC 7` or `ESC ( B`.
    /// - A string sequence (OSC, DCS, ...) with no terminator swallows the rest of the input:
    ///   hiding a truncated tail is better than showing half an escape. An `ESC` inside one ends
    ///   it, as in terminals, and starts the next sequence.
    /// - Tab, LF, CR, VT, FF and every Unicode White_Space character (NBSP, U+2028, U+3000, ...)
    ///   count as whitespace; other C0 controls, DEL and C1 controls (U+0080...U+009F) are dropped.
    /// - Dropped too: the bidi controls U+061C, U+200E, U+200F, U+202A...U+202E, U+2066...U+2069,
    ///   and U+FEFF (a byte-order mark at the start of a body is common and invisible); and the
    ///   invisible U+200B, U+2060...U+2064, U+180E, U+206A...U+206F, U+FFF9...U+FFFB; and any other
    ///   default-ignorable character (ZWJ, ZWNJ, soft hyphen, variation selectors, tags) that
    ///   follows ASCII or starts the text.
    package static func sanitize(_ s: String) -> String {
        filter(s, keepingLayout: false)
    }

    /// The sanitizer's one pass: text is copied (`text`), escape sequences are skipped
    /// (`Mode.after`). With `keepingLayout`, line feeds, tabs and spaces are copied as they are
    /// instead of being folded into single spaces.
    private static func filter(_ s: String, keepingLayout: Bool) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        var mode = Mode.text
        var iterator = s.unicodeScalars.makeIterator()
        var replay: Unicode.Scalar? = nil
        while let scalar = replay ?? iterator.next() {
            replay = nil
            if case .text = mode {
                mode = text(scalar, into: &out, pendingSpace: &pendingSpace, keepingLayout: keepingLayout)
            } else {
                let (next, again) = mode.after(scalar.value)
                mode = next
                if again { replay = scalar }
            }
        }
        return String(out)
    }

    /// One scalar outside any sequence: copied, folded into a pending space, dropped, or the
    /// start of a sequence (the mode returned).
    @inline(__always)
    private static func text(
        _ scalar: Unicode.Scalar, into out: inout String.UnicodeScalarView, pendingSpace: inout Bool,
        keepingLayout: Bool
    ) -> Mode {
        let v = scalar.value
        switch v {
        case 0x1B: return .escape
        case 0x9B: return .csi
        case 0x9D: return .controlString(endsAtBell: true)
        case 0x90, 0x98, 0x9E, 0x9F: return .controlString(endsAtBell: false)
        case 0x09, 0x0A:
            if keepingLayout { out.append(scalar) } else { pendingSpace = true }
        case 0x0B...0x0D:
            if !keepingLayout { pendingSpace = true }
        case 0x00...0x1F, 0x7F...0x9F: break
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: break
        // Invisible characters that make two different texts look the same (an asset name, a
        // status, a symbol): zero-width space, word joiner and invisible operators, the
        // Mongolian vowel separator, the deprecated format controls, interlinear annotations.
        // ZWJ and ZWNJ stay: emoji sequences and several scripts need them.
        case 0x200B, 0x2060...0x2064, 0x180E, 0x206A...0x206F, 0xFFF9...0xFFFB: break
        default:
            if v > 0x20 && v < 0x7F {
                // Printable ASCII: the common case, no property lookup.
            } else if !keepingLayout && scalar.properties.isWhitespace {
                pendingSpace = true
                return .text
            } else if scalar.properties.isDefaultIgnorableCodePoint, out.last.map({ $0.isASCII }) ?? true {
                // An invisible character next to ASCII (a ZWNJ, a soft hyphen, a variation
                // selector or a tag inside a ticker or a key) only hides what the text is; in
                // emoji sequences and scripts that need them they follow non-ASCII and stay.
                return .text
            }
            if pendingSpace && !out.isEmpty { out.append(" ") }
            pendingSpace = false
            out.append(scalar)
        }
        return .text
    }

    /// Where the sanitizer is inside an escape sequence.
    private enum Mode {
        case text
        case escape
        case escapeIntermediate
        case csi
        case controlString(endsAtBell: Bool)
        case controlStringEscape

        /// Inside a sequence: the mode after scalar `v`, and whether `v` ended the sequence
        /// without belonging to it (it is then read again as text).
        func after(_ v: UInt32) -> (Mode, again: Bool) {
            switch self {
            case .text: return (.text, true)
            case .escape:
                switch v {
                case 0x5B: return (.csi, false)  // [
                case 0x5D: return (.controlString(endsAtBell: true), false)  // ]
                case 0x50, 0x58, 0x5E, 0x5F: return (.controlString(endsAtBell: false), false)  // P X ^ _
                case 0x20...0x2F: return (.escapeIntermediate, false)
                case 0x30...0x7E: return (.text, false)  // two-character sequence, e.g. ESC 7, ESC c
                case 0x1B: return (.escape, false)  // ESC ESC: the first one introduced nothing
                default: return (.text, true)
                }
            case .escapeIntermediate:
                switch v {
                case 0x20...0x2F: return (self, false)
                case 0x30...0x7E: return (.text, false)
                default: return (.text, true)
                }
            case .csi:
                switch v {
                case 0x20...0x3F: return (self, false)  // parameters and intermediates
                case 0x40...0x7E: return (.text, false)  // final byte
                case 0x1B: return (.escape, false)
                case 0x18, 0x1A: return (.text, false)  // CAN, SUB cancel the sequence
                case 0x00...0x1F, 0x7F: return (self, false)  // terminals execute these mid-sequence; we drop them
                default: return (.text, true)
                }
            case .controlString(let endsAtBell):
                switch v {
                case 0x07 where endsAtBell: return (.text, false)
                case 0x9C: return (.text, false)
                case 0x1B: return (.controlStringEscape, false)
                default: return (self, false)
                }
            case .controlStringEscape:
                return v == 0x5C ? (.text, false) : (.escape, true)  // ESC \ is ST
            }
        }
    }

    // MARK: Width and layout

    /// Terminal columns `s` occupies: wide and fullwidth characters (CJK, kana, Hangul, most
    /// emoji) count 2, combining marks and other zero-width scalars 0, everything else 1.
    ///
    /// Meant for sanitized text; controls count 0. Measured per grapheme cluster, at most 2 each,
    /// so an emoji ZWJ sequence or a flag counts 2 and an emoji-presentation selector (U+FE0F)
    /// widens its emoji to 2. Ambiguous-width characters count 1, as in non-CJK locales.
    package static func displayWidth(_ s: String) -> Int {
        var count = 0
        for byte in s.utf8 {
            if byte >= 0x80 { return s.reduce(0) { $0 + width(of: $1) } }
            if byte >= 0x20 && byte < 0x7F { count += 1 }
        }
        return count
    }

    /// Columns of one grapheme cluster: 0, 1 or 2.
    package static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        var sum = 0
        var emojiPresentation = false
        for scalar in scalars {
            if scalar.value == 0xFE0F { emojiPresentation = true }
            sum += UnicodeWidth.columns(of: scalar)
        }
        if emojiPresentation, let first = scalars.first, first.properties.isEmoji { return 2 }
        return min(sum, 2)
    }

    /// `s` cut to at most `width` columns, ending in `…` when anything was cut.
    ///
    /// Cuts between grapheme clusters only, so no accent is separated from its letter and no
    /// wide character is halved; the result may be a column short when a wide character did not
    /// fit. Spaces before the `…` are dropped ("Apple…", not "Apple …").
    package static func truncate(_ s: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if displayWidth(s) <= width { return s }
        var kept = ""
        var used = 0
        for character in s {
            let w = self.width(of: character)
            if used + w > width - 1 { break }
            kept.append(character)
            used += w
        }
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
    }

    /// `s` followed by spaces up to `width` columns; unchanged when already that wide or wider
    /// (use `fit` to cut as well).
    package static func padRight(_ s: String, toWidth width: Int) -> String {
        let missing = width - displayWidth(s)
        return missing > 0 ? s + String(repeating: " ", count: missing) : s
    }

    /// Spaces then `s`, up to `width` columns: for right-aligned numbers.
    package static func padLeft(_ s: String, toWidth width: Int) -> String {
        let missing = width - displayWidth(s)
        return missing > 0 ? String(repeating: " ", count: missing) + s : s
    }

    /// `s` truncated and padded to exactly `width` columns, for table cells.
    package static func fit(_ s: String, toWidth width: Int) -> String {
        padRight(truncate(s, toWidth: width), toWidth: width)
    }
}
