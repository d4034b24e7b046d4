/// The escape codes renderers may use, injected so that tests, pipes and NO_COLOR users get plain
/// text from the very same rendering code.
///
/// Each role holds the SGR sequence that starts it and `reset` ends any of them; an empty string
/// means "no styling", which is how `.plain` guarantees output free of escapes.
package struct Palette: Sendable, Equatable {
    package var up: String
    package var down: String
    package var flat: String
    package var dim: String
    package var bold: String
    package var reset: String

    package init(up: String, down: String, flat: String, dim: String, bold: String, reset: String) {
        self.up = up
        self.down = down
        self.flat = flat
        self.dim = dim
        self.bold = bold
        self.reset = reset
    }

    /// No escapes at all: for pipes, files, `NO_COLOR`, `TERM=dumb` and tests.
    package static let plain = Palette(up: "", down: "", flat: "", dim: "", bold: "", reset: "")

    /// Basic 8-colour SGR, understood by every terminal emulator in use: green up, red down,
    /// default foreground for flat (not white, which vanishes on light backgrounds).
    package static let ansi = Palette(
        up: "\u{1B}[32m",
        down: "\u{1B}[31m",
        flat: "\u{1B}[39m",
        dim: "\u{1B}[2m",
        bold: "\u{1B}[1m",
        reset: "\u{1B}[0m"
    )

    /// `.ansi` when the terminal may be coloured, `.plain` otherwise. The 8 basic colours read
    /// on dark and light backgrounds alike; the watch screen's notices are where themes differ.
    package static func forTerminal(_ capabilities: TerminalCapabilities) -> Palette {
        capabilities.useColour ? .ansi : .plain
    }

    /// The code that starts `role`.
    package subscript(role: PaletteRole) -> String {
        switch role {
        case .up: return up
        case .down: return down
        case .flat: return flat
        case .dim: return dim
        case .bold: return bold
        }
    }

    /// The code that colours a value by its direction against the previous close.
    package func colour(for direction: SparkDirection) -> String {
        switch direction {
        case .up: return up
        case .down: return down
        case .flat: return flat
        }
    }

    /// `text` wrapped in the role's code and a reset; unchanged when the role has no code, so a
    /// plain palette adds no stray resets.
    package func paint(_ text: String, _ role: PaletteRole) -> String {
        let code = self[role]
        if code.isEmpty { return text }
        return code + text + reset
    }
}
