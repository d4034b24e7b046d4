/// What a terminal reads from our output, one piece at a time: a printable character, a control
/// sequence (`ESC [ params final`), or an escape the test emulators do not expect. The screen
/// emulators of the tests (`VirtualTerminal`, `ScreenGrid`) apply these pieces to their cells.
public enum TerminalOutput: Equatable, Sendable {
    case character(Character)
    case control(parameters: String, final: Character)
    case unexpectedEscape(String)

    /// `output` split into pieces, in order.
    public static func pieces(of output: String) -> [TerminalOutput] {
        var pieces: [TerminalOutput] = []
        var it = Array(output)[...]
        while let ch = it.first {
            it = it.dropFirst()
            guard ch == "\u{1B}" else {
                pieces.append(.character(ch))
                continue
            }
            guard it.first == "[" else {
                pieces.append(.unexpectedEscape("ESC \(String(it.prefix(1)))"))
                continue
            }
            it = it.dropFirst()
            var parameters = ""
            var final: Character = " "
            while let c = it.first {
                it = it.dropFirst()
                if let a = c.asciiValue, a >= 0x40 && a <= 0x7E {
                    final = c
                    break
                }
                parameters.append(c)
            }
            pieces.append(.control(parameters: parameters, final: final))
        }
        return pieces
    }
}
