import ArgumentParser
import SquarestockRendering

/// A command's `--format` choices and the help that describes them.
protocol OutputFormat: CaseInsensitiveArgument, CaseIterable, Equatable {
    static var help: String { get }
}

/// `--format`, declared once for the commands that draw tables (quote, watch, the exchange
/// commands): its choices and help come from the command's `Format`.
struct FormatOption<Format: OutputFormat>: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(Format.help))
    var format: Format?
}

/// `--no-color` and `--ascii`, declared once: the commands that draw tables take them with the
/// same words and resolve them the same way. Apart from `FormatOption` so that a command's usage
/// line keeps its options in the order users (and scripts matching it) know.
struct LookOptions: ParsableArguments {
    @Flag(name: .long, help: "No colours (also when NO_COLOR is set or output is not a terminal).")
    var noColor = false

    @Flag(name: .long, help: "Draw with ASCII characters only.")
    var ascii = false

    /// The two choices as a plain value.
    var choice: Look { Look(noColor: noColor, ascii: ascii) }

    /// What standard output can show under `environment`, `--no-color` applied.
    func capabilities(environment: [String: String]) -> TerminalCapabilities {
        choice.capabilities(environment: environment)
    }

    /// Unicode glyphs, unless `--ascii` or the terminal cannot show them.
    func drawsUnicode(_ caps: TerminalCapabilities) -> Bool { choice.drawsUnicode(caps) }

    /// `--no-color` and `--ascii` as values, for code that runs without the parser
    /// (`QuoteFastPath`): making a `LookOptions` there would build its flags' definitions.
    struct Look: Equatable {
        var noColor = false
        var ascii = false

        func capabilities(environment: [String: String]) -> TerminalCapabilities {
            TerminalCapabilities.detect(environment: environment, fd: 1, forceNoColour: noColor)
        }

        func drawsUnicode(_ caps: TerminalCapabilities) -> Bool { caps.supportsUnicode && !ascii }
    }
}
