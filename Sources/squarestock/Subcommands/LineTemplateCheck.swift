import SquarestockRendering

/// `line --template`: a placeholder typed wrong (`{prcie}`, `{Price}`, `{symbols}`, `{price` at
/// the end) is printed as typed on every refresh of the bar, so it is refused with the one meant.
/// Braces a bar or shell uses for its own syntax (`%{F#0f0}`, `#{session_name}`, zsh's
/// `%F{green}`, conky's `${color red}`) are no near miss of a placeholder and stay text.
enum LineTemplateCheck {
    /// What is wrong with `template`, or nil.
    static func problem(_ template: String) -> String? {
        let names = StatusLineWriter.placeholders
        // Built only for a message: this runs on every call of the status line.
        var list: String { names.map { "{\($0)}" }.joined(separator: " ") }
        let bytes = Array(template.utf8)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "{") else {
                i += 1
                continue
            }
            var end = i + 1
            while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
            let name = String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
            let closed = end < bytes.count && bytes[end] == UInt8(ascii: "}")
            if closed, !names.contains(name), let meant = nearMiss(name, names) {
                return
                    "unknown placeholder '{\(name)}' in --template; did you mean {\(meant)}? The placeholders are \(list)"
            }
            if !closed, names.contains(name), end == bytes.count || bytes[end] == UInt8(ascii: " ") {
                return "'{\(name)' in --template has no closing }; the placeholders are \(list)"
            }
            i = max(end, i + 1)
        }
        return nil
    }

    /// The placeholder `name` is one or two edits from (one for a short name), in any case,
    /// `_` and `-` aside.
    static func nearMiss(_ name: String, _ names: [String]) -> String? {
        let key = String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
        guard !key.isEmpty else { return nil }
        let allowed = key.count <= 5 ? 1 : 2
        return names.map { ($0, CommandTypo.distance(key, $0.lowercased())) }.filter { $0.1 <= allowed }
            .min { $0.1 < $1.1 }?.0
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") || (b >= 0x30 && b <= 0x39)
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
    }
}
