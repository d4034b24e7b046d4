/// The keys watch understands, decoded from raw terminal input. Kept apart from the terminal
/// code so the mapping (and the skipping of arrow-key escape sequences) is tested without a TTY.
package enum WatchKey: Sendable, Equatable {
    case quit
    case refresh
    case sort
    case pause
    /// Ctrl-L: repaint everything (after another program scribbled on the screen).
    case redraw
    /// Rows that do not fit: one down or up (↓ j, ↑ k), a page (PgDn space, PgUp), the top (g, Home).
    case scroll(Int)
    case page(Int)
    case top

    /// Keys in `bytes`, in order. `q`, Ctrl-C and Ctrl-D quit; `r`, `s`, `p` (any case) refresh,
    /// sort, pause; escape sequences (arrows, function keys) and other bytes are ignored.
    package static func decode(_ bytes: [UInt8]) -> [WatchKey] {
        var keys: [WatchKey] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            switch b {
            case 0x1B:
                // ESC [ params final, or ESC O x (SS3), or a lone ESC. Arrows, PgUp/PgDn and
                // Home scroll; the rest is skipped.
                if i < bytes.count && (bytes[i] == UInt8(ascii: "[") || bytes[i] == UInt8(ascii: "O")) {
                    let ss3 = bytes[i] == UInt8(ascii: "O")
                    i += 1
                    let start = i
                    if !ss3 { while i < bytes.count && !(0x40...0x7E).contains(bytes[i]) { i += 1 } }
                    guard i < bytes.count else { break }
                    let params = Array(bytes[start..<i])
                    let final = bytes[i]
                    i += 1
                    switch (final, params) {
                    case (UInt8(ascii: "B"), _): keys.append(.scroll(1))
                    case (UInt8(ascii: "A"), _): keys.append(.scroll(-1))
                    case (UInt8(ascii: "H"), _): keys.append(.top)
                    case (UInt8(ascii: "~"), [UInt8(ascii: "6")]): keys.append(.page(1))
                    case (UInt8(ascii: "~"), [UInt8(ascii: "5")]): keys.append(.page(-1))
                    case (UInt8(ascii: "~"), [UInt8(ascii: "1")]): keys.append(.top)
                    default: break
                    }
                }
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03, 0x04: keys.append(.quit)
            case UInt8(ascii: "r"), UInt8(ascii: "R"): keys.append(.refresh)
            case UInt8(ascii: "s"), UInt8(ascii: "S"): keys.append(.sort)
            case UInt8(ascii: "p"), UInt8(ascii: "P"): keys.append(.pause)
            case 0x0C: keys.append(.redraw)
            case UInt8(ascii: "j"): keys.append(.scroll(1))
            case UInt8(ascii: "k"): keys.append(.scroll(-1))
            case UInt8(ascii: " "): keys.append(.page(1))
            case UInt8(ascii: "g"): keys.append(.top)
            default: break
            }
        }
        return keys
    }
}
