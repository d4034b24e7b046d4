import SquarestockRendering

/// The looks of the watch screen beyond the quote palette: flashes, stale rows, alerts and
/// notices. Injected like `Palette`, so the same renderer draws colour, monochrome (a terminal
/// with NO_COLOR: attributes but no colours) and plain text (tests, pipes).
package struct WatchPalette: Sendable, Equatable {
    /// Up/down colours, dim and bold, as in the one-shot table.
    package var base: Palette
    package var flashUp: String
    package var flashDown: String
    /// A changed cell without a direction (a newer trade time).
    package var flashFlat: String
    /// Values that are shown but not current.
    package var stale: String
    /// Notices the user must not miss: stale, backoff, rate limit, errors.
    package var warning: String
    /// A row whose alert fired and still holds.
    package var alert: String

    package init(
        base: Palette, flashUp: String, flashDown: String, flashFlat: String, stale: String, warning: String,
        alert: String
    ) {
        self.base = base
        self.flashUp = flashUp
        self.flashDown = flashDown
        self.flashFlat = flashFlat
        self.stale = stale
        self.warning = warning
        self.alert = alert
    }

    /// No escapes at all.
    package static let plain = WatchPalette(
        base: .plain, flashUp: "", flashDown: "", flashFlat: "", stale: "", warning: "", alert: "")

    /// Green/red flashes (black on green, black on red), yellow notices, black-on-yellow alerts.
    package static let colour = WatchPalette(
        base: .ansi,
        flashUp: "\u{1B}[30;42m",
        flashDown: "\u{1B}[30;41m",
        flashFlat: "\u{1B}[7m",
        stale: "\u{1B}[2m",
        warning: "\u{1B}[33m",
        alert: "\u{1B}[30;43m"
    )

    /// `colour` for a light background: notices in magenta (yellow text vanishes on white) and
    /// flashes on the bright backgrounds, which keep black text readable there.
    package static let colourLight = WatchPalette(
        base: .ansi,
        flashUp: "\u{1B}[30;102m",
        flashDown: "\u{1B}[30;101m",
        flashFlat: "\u{1B}[7m",
        stale: "\u{1B}[2m",
        warning: "\u{1B}[35m",
        alert: "\u{1B}[30;103m"
    )

    /// The palette for a terminal: colours for its theme, or attributes only without colour.
    package static func forTerminal(useColour: Bool, theme: TerminalTheme) -> WatchPalette {
        guard useColour else { return .monochrome }
        return theme == .light ? .colourLight : .colour
    }

    /// For a terminal with `NO_COLOR`: no colours (no-color.org), but reverse video, bold,
    /// underline and dim, so flashes, stale rows and alerts still stand out.
    package static let monochrome = WatchPalette(
        base: Palette(up: "", down: "", flat: "", dim: "\u{1B}[2m", bold: "\u{1B}[1m", reset: "\u{1B}[0m"),
        flashUp: "\u{1B}[1;7m",
        flashDown: "\u{1B}[4;7m",
        flashFlat: "\u{1B}[7m",
        stale: "\u{1B}[2m",
        warning: "\u{1B}[1m",
        alert: "\u{1B}[7m"
    )

    package var reset: String { base.reset }

    /// The code that starts `role` (empty for the default look, and for every role when plain).
    package func code(for role: ScreenRole) -> String {
        switch role {
        case .plain: return ""
        case .up: return base.up
        case .down: return base.down
        case .flat: return base.flat
        case .dim: return base.dim
        case .bold: return base.bold
        case .flashUp: return flashUp
        case .flashDown: return flashDown
        case .flashFlat: return flashFlat
        case .stale: return stale
        case .warning: return warning
        case .alert: return alert
        }
    }
}
