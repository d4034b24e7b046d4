import ArgumentParser
import Foundation
import SquarestockKit

/// `squarestock quote AAPL MSFT`: a one-shot quote per symbol.
struct QuoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quote",
        abstract: "Print a quote for each symbol (the default command)."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json, csv
    }

    @Argument(help: "Symbols, Yahoo style: AAPL, BRK.B, 7203.T, AIR.PA, ^GSPC.")
    var symbols: [String] = []

    @OptionGroup var sourceOptions: SourceOptions

    @Option(name: .long, help: "Output format: table (default on a terminal), json, csv (default when piped).")
    var format: Format?

    @Flag(name: .long, help: "No colours (also when NO_COLOR is set or output is not a terminal).")
    var noColor = false

    @Flag(name: .long, help: "Draw the sparkline with ASCII characters only.")
    var ascii = false

    func validate() throws {
        if symbols.isEmpty { throw ValidationError("give at least one symbol, e.g. `squarestock AAPL`") }
    }

    func run() throws {
        let env = ProcessInfo.processInfo.environment
        let (source, context, transportOptions) = try sourceOptions.resolve(environment: env)
        let caps = TerminalCapabilities.detect(environment: env, fd: 1, forceNoColour: noColor)
        let manager = StockManager(source: source, transport: CurlTransport(options: transportOptions), context: context)
        let results = manager.quotes(for: symbols)

        switch format ?? (caps.isTTY ? .table : .csv) {
        case .table:
            let renderer = QuoteTableRenderer(width: caps.columns, style: caps.supportsUnicode && !ascii ? .unicode : .ascii,
                                              palette: Palette.forTerminal(caps))
            Terminal.writeOut(renderer.render(results, now: context.now))
        case .json:
            Terminal.writeOut(QuoteJSONWriter.render(results, now: context.now))
        case .csv:
            Terminal.writeOut(QuoteCSVWriter.render(results, now: context.now))
        }
        for r in results {
            if let e = r.error { Terminal.writeError("squarestock: " + e.message(symbol: r.symbol) + "\n") }
        }
        let status = ExitStatus.forResults(results)
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}
