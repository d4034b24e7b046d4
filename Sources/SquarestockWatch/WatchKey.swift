/// The keys watch understands, decoded from raw terminal input. Kept apart from the terminal
/// code so the mapping (and the skipping of arrow-key escape sequences) is tested without a TTY.
package enum WatchKey: Sendable, Equatable {
    case quit
    case refresh
    case sort
    case pause
    /// Ctrl-L: repaint everything (after another program scribbled on the screen).
    case redraw

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
                // ESC [ params final, or ESC O x (SS3), or a lone ESC.
                if i < bytes.count && (bytes[i] == UInt8(ascii: "[") || bytes[i] == UInt8(ascii: "O")) {
                    let ss3 = bytes[i] == UInt8(ascii: "O")
                    i += 1
                    if ss3 {
                        i += 1
                    } else {
                        while i < bytes.count && !(0x40...0x7E).contains(bytes[i]) { i += 1 }
                        i += 1
                    }
                }
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03, 0x04: keys.append(.quit)
            case UInt8(ascii: "r"), UInt8(ascii: "R"): keys.append(.refresh)
            case UInt8(ascii: "s"), UInt8(ascii: "S"): keys.append(.sort)
            case UInt8(ascii: "p"), UInt8(ascii: "P"): keys.append(.pause)
            case 0x0C: keys.append(.redraw)
            default: break
            }
        }
        return keys
    }
}
