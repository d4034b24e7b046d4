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

    @OptionGroup var view: QuoteViewOptions

    mutating func validate() throws { try sourceOptions.resolveSettings() }

    func run() throws {
        let settings = try sourceOptions.settings()
        let app = SquarestockApp(settings: settings)
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
        // The quote itself, with every option `quote` takes.
        try QuoteCommand.perform(
            symbols, settings: settings, format: format, currency: view.currency, look: view.display.choice,
            verbose: view.verbose,
            sources: sourceOptions.namesOneForAll(settings) ? [:] : app.recentSources)
    }
}

/// A value ArgumentParser decodes as nothing (so a command stays `Decodable`): the source each
/// recent symbol is quoted through again, set by the command itself, never by a flag.
struct RecentSources: Decodable {
    var bySymbol: [String: String] = [:]

    init() {}
    init(from decoder: any Decoder) throws {}
}
