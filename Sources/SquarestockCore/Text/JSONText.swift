/// Text written into JSON output, escaped in one place so every `--format json` (quotes, charts,
/// books, alerts, stream lines) and every JSON a request carries agree on what is escaped.
///
/// Beyond what JSON requires (`"`, `\` and C0 controls), DEL, the C1 controls and U+2028/U+2029
/// are written as `\u` escapes too: JSON allows them raw, but printed to a terminal a C1 control
/// is an escape sequence, and the two separators end a line in JavaScript. Nothing raw from a
/// server reaches the terminal through a JSON line, even when a value escaped `TerminalText`.
package enum JSONText {
    /// `s` as a JSON string literal, quotes included.
    package static func quoted(_ s: String) -> String {
        // Most values (symbols, numbers as text, times) need no escape: one byte scan, one copy.
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + s + "\""
        }
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x7F || (u.value >= 0x80 && u.value < 0xA0) || u.value == 0x2028
                    || u.value == 0x2029
                {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
