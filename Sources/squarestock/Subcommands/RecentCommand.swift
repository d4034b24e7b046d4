import ArgumentParser
import SquarestockKit
import SquarestockLive

/// `squarestock recent`: the symbols last looked up, quoted again, each through the source it
/// was quoted through (unless `--source` names one for all).
struct RecentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recent",
        abstract: "Quote the symbols you looked up last (kept in $XDG_STATE_HOME/squarestock/recent).")

    @Flag(name: .long, help: "Print the symbols only, one per line, without quoting them.")
    var list = false

    @Flag(name: .long, help: "Forget them.")
    var clear = false

    @OptionGroup var sourceOptions: SourceOptions

    @Option(name: .long, help: "Output format: table (default on a terminal), json, csv (default when piped).")
    var format: QuoteCommand.Format?

    mutating func validate() throws { try sourceOptions.resolveSettings() }

    func run() throws {
        let app = SquarestockApp(settings: try sourceOptions.settings())
        if clear {
            app.clearRecentSymbols()
            Terminal.writeOut("forgot the recent symbols\n")
            return
        }
        let symbols = app.recentSymbols
        guard !symbols.isEmpty else {
            Terminal.writeOut("no recent symbols yet: `squarestock AAPL` remembers the symbols it quotes\n")
            return
        }
        if list {
            Terminal.writeOut(symbols.joined(separator: "\n") + "\n")
            return
        }
        var arguments = symbols
        if let f = format { arguments += ["--format", f.rawValue] }
        arguments += sourceOptions.arguments
        var quote = try QuoteCommand.parse(arguments)
        try quote.validate()
        if sourceOptions.source == nil { quote.sources.bySymbol = app.recentSources }
        try quote.run()
    }
}

/// A value ArgumentParser decodes as nothing (so a command stays `Decodable`): the source each
/// recent symbol is quoted through again, set by the command itself, never by a flag.
struct RecentSources: Decodable {
    var bySymbol: [String: String] = [:]

    init() {}
    init(from decoder: any Decoder) throws {}
}
