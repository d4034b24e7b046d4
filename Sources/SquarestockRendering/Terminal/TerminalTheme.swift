/// Whether the terminal's background is dark or light, so colours stay readable on it: yellow
/// notices vanish on white, so the light palette writes them in magenta.
package enum TerminalTheme: String, Sendable, Equatable, CaseIterable {
    case dark, light

    /// `SQUARESTOCK_THEME` (`--theme`, config `theme`; `auto` asks the terminal), else what the
    /// terminal says in `COLORFGBG` (`fg;bg`, set by rxvt, Konsole and others; a background of 7
    /// or 9 to 15 is light), else dark, the common case.
    package static func resolve(environment: [String: String]) -> TerminalTheme {
        if let named = environment["SQUARESTOCK_THEME"].flatMap({ TerminalTheme(rawValue: $0.lowercased()) }) {
            return named
        }
        if let value = environment["COLORFGBG"], let last = value.split(separator: ";").last,
            let background = Int(last)
        {
            return background == 7 || (9...15).contains(background) ? .light : .dark
        }
        return .dark
    }
}
