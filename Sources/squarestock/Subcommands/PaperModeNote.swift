import SquarestockCore
import SquarestockKit
import SquarestockLive

/// The line a command working on the paper account because of the config's `paper = true` (not
/// `--paper`) writes to standard error: where paper mode comes from and how to reach the real
/// account. "The paper account has no order X" for a real order's id, or an empty list while
/// real orders are open, did not say why.
enum PaperModeNote {
    /// Whether the command works on the paper account: `--paper`, or the config's `paper = true`,
    /// which is said (`write`).
    static func isPaper(flag: Bool, _ settings: Settings) -> Bool {
        if !flag && settings.paper { write(settings) }
        return flag || settings.paper
    }

    static func write(_ settings: Settings) {
        let file = settings.configPath.map { " in \(TerminalText.visible($0))" } ?? " in the config file"
        Terminal.writeError(
            "squarestock: note: paper mode (paper = true\(file)): the \(settings.exchangeName) paper account; "
                + "set paper = false there for the real one\n")
    }
}
