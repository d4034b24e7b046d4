import ArgumentParser
import Foundation
import SquarestockCore
import SquarestockKit
import SquarestockLive
import SquarestockRendering
import SquarestockSearch

/// `squarestock search QUERY`: companies by fuzzy name or ticker, offline first.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract:
            "Find symbols by company name or ticker, typos included (offline; --online adds \(Settings.onlineSearchNames))."
    )

    @Argument(help: "What to look for: a ticker, a name, initials, with typos.")
    var query: [String] = []

    // Optional, with the default in the help text: ArgumentParser would print a stored default
    // a second time in --help, and its man page generator prints none.
    @Option(name: .customLong("limit"), help: "At most this many results, 1 to 200 (default 10).")
    var limitOption: Int?
    var limit: Int { limitOption ?? 10 }

    @Option(name: .long, help: "Only this exchange (nasdaq, nyse, arca, amex, cboe, iex, ...).")
    var exchange: String?

    @Option(name: .customLong("type"), help: "stock, etf or any (default any).")
    var typeOption: String?
    var type: String { typeOption ?? "any" }

    @Option(name: .long, help: "table (default on a terminal), json, csv (default when piped).")
    var format: QuoteCommand.Format?

    @Flag(
        name: .long,
        help: "Also ask \(Settings.onlineSearchHelp) to find listings outside the US directory.")
    var online = false

    @OptionGroup var sourceOptions: SourceOptions

    /// `--no-color` and `--ascii`, as every command that draws a table takes them.
    @OptionGroup var look: LookOptions

    mutating func validate() throws {
        if online { try sourceOptions.resolveSettings() } else { try sourceOptions.checkFlags() }
        if query.joined(separator: " ").trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("give something to search for, e.g. `squarestock search apple`")
        }
        guard (1...200).contains(limit) else { throw ValidationError("--limit must be between 1 and 200") }
        guard TypeFilter(argument: type) != nil else { throw ValidationError("--type must be stock, etf or any") }
        if let exchange, !ListingExchange.isKnown(filter: exchange) {
            throw ValidationError(
                "--exchange \"\(TerminalText.visible(exchange))\" is none of the directory's exchanges: nasdaq "
                    + "(or nasdaq-gs, nasdaq-gm, nasdaq-cm), nyse, amex, arca, cboe, iex, nyse-texas")
        }
    }

    func run() throws {
        let env = ProcessInfo.processInfo.environment
        let text = query.joined(separator: " ")
        var app: SquarestockApp?
        if online {
            // The cache folder's warning, if any, is the directory's (`report.warnings`).
            app = SquarestockApp(settings: try sourceOptions.settings())
        }
        let report = SquarestockApp.search(
            text, limit: limit, exchange: exchange, type: TypeFilter(argument: type) ?? .any, environment: env,
            online: app)
        let rows = report.rows
        let caps = look.capabilities(environment: env)
        switch format ?? (caps.isTTY ? .table : .csv) {
        case .table:
            let table = SearchResultWriter.table(rows, width: caps.columns, palette: Palette.forTerminal(caps))
            // Without a UTF-8 locale (or with --ascii) a cut name ends in "." (one column, as "…" was).
            Terminal.writeOut(look.drawsUnicode(caps) ? table : table.replacingOccurrences(of: "…", with: "."))
        case .json: Terminal.writeOut(SearchResultWriter.json(rows))
        case .csv: Terminal.writeOut(SearchResultWriter.csv(rows))
        }
        for p in report.warnings + report.problems { Terminal.writeError("squarestock: " + p + "\n") }
        if rows.isEmpty {
            Terminal.writeError(
                "squarestock: nothing matches \"\(TerminalText.visible(text))\""
                    + (online ? "" : "; try --online for listings outside the US") + "\n")
            throw ExitCode(report.emptyStatus)
        }
    }
}
