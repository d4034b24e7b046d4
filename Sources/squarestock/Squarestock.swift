import ArgumentParser
import Foundation
import SquarestockCore
import SquarestockKit
import SquarestockLive

/// The root command: `squarestock AAPL` runs `quote`, the default subcommand.
struct Squarestock: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "squarestock",
        abstract:
            "Stock quotes in the terminal: price, change, day range, last trade time in the exchange's zone, market status and a sparkline.",
        discussion: """
            squarestock AAPL MSFT 7203.T   quote symbols (the default command)
            squarestock AAPL --source \(Settings.offlineSourceName)   the same from recordings, offline
            squarestock                    quote your watchlist, else your recent symbols
            Sources: \(Settings.sourceNames.joined(separator: ", ")) (default \(Settings.defaultSourceName)).
            Exit codes: 0 all symbols quoted, 1 some failed, 2 usage error, 3 nothing could be fetched.
            """,
        version: VersionText.line,
        subcommands: [
            QuoteCommand.self, ChartCommand.self, SearchCommand.self, MarketCommand.self, SymbolsCommand.self,
            WatchCommand.self, BookCommand.self, TradesCommand.self, MarketsCommand.self, AccountCommand.self,
            BuyCommand.self, SellCommand.self, CancelCommand.self, PortfolioCommand.self, RecentCommand.self,
            LineCommand.self, CheckCommand.self, DoctorCommand.self,
        ],
        defaultSubcommand: QuoteCommand.self
    )

    /// The subcommands' names, for the checks that run before the parser (`CommandTypo`,
    /// `QuoteFastPath`). Written out because reading them from `configuration` builds every
    /// command's configuration, help text included, which a one-shot quote never shows; a debug
    /// build (the one the tests run) stops at start if this list and the commands disagree.
    static let commandNames = [
        "quote", "chart", "search", "market", "symbols", "watch", "book", "trades", "markets", "account", "buy",
        "sell", "cancel", "portfolio", "recent", "line", "check", "doctor",
    ]
}

/// Runs the command and maps every ending to the documented exit codes (ArgumentParser's own
/// usage-error code is 64; ours is 2).
@main
enum Main {
    /// The parser reads `-5` as an option, so `portfolio deposit -5 USD` fails as a missing
    /// argument: say what happened and how to give a negative number (before any `--`): every
    /// word before the number as typed (a shortened example dropped the symbol, and took
    /// `--portfolio`'s value for the command), then `--`, the number and the words after it when
    /// none is an option; with options after it, `...` and the rule that options go before
    /// `--` (after it they are read as arguments, and which of the words are their values only
    /// the command knows). A number that is an option's value (`--price -1`) gets no advice.
    static func negativeNumberHint(_ arguments: [String]) -> String? {
        let before = Array(arguments.prefix { $0 != "--" })
        func isNumber(_ word: String) -> Bool { word.count > 1 && word.hasPrefix("-") && ExactDecimal(word) != nil }
        func isOption(_ word: String) -> Bool { word.hasPrefix("-") && !isNumber(word) }
        guard
            let at = before.indices.first(where: { i in
                isNumber(before[i]) && !(i > 0 && isOption(before[i - 1]) && !before[i - 1].contains("="))
            })
        else { return nil }
        let rest = before[(at + 1)...]
        let tail = rest.contains(where: isOption) ? ["..."] : Array(rest)
        let example = (["squarestock"] + before[..<at] + ["--", before[at]] + tail).joined(separator: " ")
        return "note: \(TerminalText.visible(before[at])) was read as an option, not a number: put `--` before it, "
            + "with every option before the `--` (`\(TerminalText.visible(example))`)"
    }

    /// The command `arguments` name. An option's negative value (`--limit -1`, `--count -2`)
    /// read as an option of its own made "Missing value for '--limit <limit>'", though a value
    /// was there: such a value is joined to its option (`--limit=-1`) and the arguments parsed
    /// again, so the option's own check answers (`--limit must be between 1 and 200`). Only the
    /// options that take a number (`numericOptions`): `--portfolio -5` made a portfolio "-5".
    static func parseJoiningNegativeValues(_ arguments: [String]) throws -> any ParsableCommand {
        var words = arguments
        var tries = 0
        while true {
            do { return try Squarestock.parseAsRoot(words) } catch {
                let message = Squarestock.message(for: error)
                tries += 1
                guard tries <= 8, let quote = message.range(of: "Missing value for '--"),
                    case let name = message[message.index(quote.upperBound, offsetBy: -2)...].prefix(while: {
                        $0 != " " && $0 != "'"
                    }),
                    let at = words.prefix(while: { $0 != "--" }).indices.first(where: { i in
                        words[i] == name && numericOptions.contains(String(name)) && i + 1 < words.count
                            && words[i + 1].count > 1
                            && words[i + 1].hasPrefix("-") && ExactDecimal(words[i + 1]) != nil
                    })
                else { throw error }
                words[at...at + 1] = ["\(name)=\(words[at + 1])"]
            }
        }
    }

    /// The options whose value is a count, a size, a year or a number of seconds. Money options
    /// (`--price`, `--fee`, `--fx`, `--withheld`) read a negative value themselves.
    static let numericOptions: Set<String> = [
        "--limit", "--count", "--depth", "--year", "--timeout", "--interval", "--replay-speed", "--height", "--width",
        "--max-age", "--lot",
    ]

    /// The names of the subcommands under `path` (`[]`: the top level), nil when a name on it is
    /// no command or the command has none.
    static func subcommandNames(under path: [String]) -> [String]? {
        var command: any ParsableCommand.Type = Squarestock.self
        for name in path {
            guard let next = command.configuration.subcommands.first(where: { $0.configuration.commandName == name })
            else { return nil }
            command = next
        }
        let names = command.configuration.subcommands.compactMap { $0.configuration.commandName }
        return names.isEmpty ? nil : names
    }

    /// A `TZ` squarestock cannot follow, a `SQUARESTOCK_NOW` it cannot read: each was taken as
    /// UTC or the real clock without a word. The two variables alone are read (every command
    /// starts here: no copy of the whole environment).
    static func clockWarnings() -> [String] {
        var env: [String: String] = [:]
        for key in ["TZ", "SQUARESTOCK_NOW"] { if let value = getenv(key) { env[key] = String(cString: value) } }
        guard !env.isEmpty else { return [] }
        var out: [String] = []
        if env["TZ"]?.isEmpty == false,
            let w = UserTimeZone.unknownWarning(environment: env, localtimeTarget: LocaltimeLink.target())
        {
            out.append(w)
        }
        if let w = ClockOverride.warning(environment: env) { out.append(w) }
        return out
    }

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `--version` alone needs none of the parser's reflection over every command, which costs
        // more than the rest of the process (issue 30); the answer is the parser's own.
        if arguments == ["--version"] {
            Terminal.writeOut(VersionText.line + "\n")
            Terminal.exit(0)
        }
        if arguments.first == "line",
            let line = LineFastPath.answer(arguments, environment: ProcessInfo.processInfo.environment)
        {
            Terminal.writeOut(line + "\n")
            Terminal.exit(0)
        }
        let commands = Squarestock.commandNames
        assert(
            commands == Squarestock.configuration.subcommands.compactMap { $0.configuration.commandName },
            "Squarestock.commandNames is not the list of subcommands")
        if let typo = CommandTypo.message(
            arguments, commands: commands + ["help"],
            isListed: { word in
                (try? SourceOptions.resolve(Settings.Flags())).map { SquarestockApp(settings: $0).isListedSymbol(word) }
                    ?? false
            })
        {
            Terminal.writeError("squarestock: " + typo + "\n")
            Terminal.exit(ExitStatus.usage.rawValue)
        }
        if let typo = CommandTypo.helpMessage(arguments, children: Self.subcommandNames(under:)) {
            Terminal.writeError("squarestock: " + typo + "\n")
            Terminal.exit(ExitStatus.usage.rawValue)
        }
        // Said once for every command, before it runs: a ledger entry is dated by this clock and
        // zone as a quote is.
        for warning in Self.clockWarnings() {
            Terminal.writeError("squarestock: " + warning + "\n")
        }
        do {
            if try QuoteFastPath.run(arguments, commands: commands + ["help"]) { Terminal.exit(0) }
            var command = try parseJoiningNegativeValues(arguments)
            do { try command.run() } catch let error as ValidationError {
                // A value checked only once the command runs: the usage shown is the command's
                // own, not the root's list of subcommands.
                let usage = Squarestock.usageString(for: type(of: command))
                let name = usage.split(separator: " ").prefix { !$0.hasPrefix("[") && !$0.hasPrefix("<") }
                    .prefix { !$0.hasPrefix("-") }.joined(separator: " ")
                Terminal.writeError(
                    "squarestock: \(error.message)\nUsage: \(usage)\n  See '\(name) --help' for more information.\n")
                Terminal.exit(ExitStatus.usage.rawValue)
            }
        } catch let error as SettingOriginError {
            Terminal.writeError("squarestock: \(error.description)\n")
            Terminal.exit(ExitStatus.usage.rawValue)
        } catch let exit as ExitCode {
            Terminal.exit(exit.rawValue)
        } catch {
            let code = Squarestock.exitCode(for: error)
            if code == .success {
                Terminal.writeOut(Squarestock.fullMessage(for: error) + "\n")
                Terminal.exit(0)
            }
            var message = Squarestock.fullMessage(for: error)
            if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
            Terminal.writeError("squarestock: " + message + "\n")
            // Only where a negative number stood for an argument (not an option's value).
            if message.contains("Missing expected argument") || message.contains("Unknown option '-"),
                let hint = Self.negativeNumberHint(arguments)
            {
                Terminal.writeError(hint + "\n")
            }
            Terminal.exit(ExitStatus.usage.rawValue)
        }
        // The command ran to its end: through `exit`, so an output that was lost is said.
        Terminal.exit(0)
    }
}
