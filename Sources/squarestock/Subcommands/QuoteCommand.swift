import ArgumentParser
import Foundation
import SquarestockCore
import SquarestockKit
import SquarestockLive
import SquarestockRendering

/// `squarestock quote AAPL MSFT`: a one-shot quote per symbol.
struct QuoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quote",
        abstract: "Print a quote for each symbol (the default command)."
    )

    enum Format: String, OutputFormat {
        case table, json, csv

        static let help = "Output format: table (default on a terminal), json, csv (default when piped)."
    }

    @Argument(help: "Symbols, Yahoo style: AAPL, BRK.B, 7203.T, AIR.PA, ^GSPC.")  // service-names: notation
    var symbols: [String] = []

    @OptionGroup var sourceOptions: SourceOptions

    @OptionGroup var output: FormatOption<Format>

    @OptionGroup var view: QuoteViewOptions

    /// Not an option: the source of each recent symbol, when they are quoted again (`recent`, a
    /// bare `squarestock`) without `--source`.
    var sources = RecentSources()

    mutating func validate() throws {
        try sourceOptions.resolveSettings()
        if symbols.isEmpty {
            // Bare `squarestock`: the watchlist, else the symbols last looked up, else the help.
            let settings = try sourceOptions.settings()
            let app = SquarestockApp(settings: settings)
            symbols = settings.watchlistSymbols
            if symbols.isEmpty {
                symbols = app.recentSymbols
                if !sourceOptions.namesOneForAll(settings) { sources.bySymbol = app.recentSources }
            }
            if symbols.isEmpty { throw CleanExit.helpRequest(Squarestock.self) }
        }
        // Only when every symbol is empty: one empty among others (an unset variable in a
        // script) is reported with the symbols, which are still quoted.
        if symbols.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw ValidationError(
                "an empty symbol was given; a symbol is letters, digits and . - ^ = _ (AAPL, BRK.B, ^GSPC)")
        }
    }

    func run() throws {
        try Self.perform(
            symbols, settings: try sourceOptions.settings(), format: output.format, currency: view.currency,
            look: view.display.choice, verbose: view.verbose, sources: sources.bySymbol)
    }

    /// The quote itself, from values rather than the parsed command, so that `QuoteFastPath`
    /// (the plain `squarestock AAPL MSFT --source S --format F`, answered before the argument
    /// parser) runs exactly this. Throws `ExitCode` for any ending but success.
    static func perform(
        _ symbols: [String], settings: Settings, format: Format?, currency: String?, look: LookOptions.Look,
        verbose: Bool, sources: [String: String]
    ) throws {
        let env = settings.environment
        settings.printWarnings()
        let caps = look.capabilities(environment: env)
        let report = SquarestockApp(settings: settings).quote(symbols, currency: currency, sources: sources)
        let results = report.results

        switch format ?? (caps.isTTY ? .table : .csv) {
        case .table:
            let renderer = QuoteTableRenderer(
                width: caps.columns, style: look.drawsUnicode(caps) ? .unicode : .ascii,
                palette: Palette.forTerminal(caps), userZone: settings.userZone)
            Terminal.writeOut(renderer.render(results, now: report.now))
        case .json:
            Terminal.writeOut(QuoteJSONWriter.render(results, now: report.now))
        case .csv:
            Terminal.writeOut(QuoteCSVWriter.render(results, now: report.now))
        }
        if verbose {
            for line in report.requestLog { Terminal.writeError("squarestock: " + line + "\n") }
        }
        for n in report.skipNotes { Terminal.writeError("squarestock: note: " + n + "\n") }
        let errors = results.compactMap { r in r.error.map { (r.symbol, $0) } }
        if !errors.isEmpty, errors.count == results.count, errors.allSatisfy({ $0.1.isUnreachable }) {
            // Nothing reachable: one line, not one per symbol, with what to try.
            Terminal.writeError(
                "squarestock: no network, or "
                    + (settings.sourceIsChain ? "the quote services are" : settings.sourceName + " is")
                    + " down: \(errors[0].1.detail)\n"
                    + "squarestock: `squarestock doctor` checks every source; `--source \(Settings.offlineSourceName)` works offline\n"
            )
        } else {
            for r in results {
                if let message = r.errorMessage { Terminal.writeError("squarestock: " + message + "\n") }
            }
        }
        // Asked for EUR and given USD: said on stderr whatever the format, and not a success.
        let unconverted = report.conversionFailures
        for (symbol, note) in unconverted { Terminal.writeError("squarestock: \(symbol): " + note + "\n") }
        if report.status != .ok { throw ExitCode(report.status.rawValue) }
        if !unconverted.isEmpty { throw ExitCode(ExitStatus.someFailed.rawValue) }
    }
}
