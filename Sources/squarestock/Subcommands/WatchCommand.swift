import ArgumentParser
import Foundation
import SquarestockCore
import SquarestockKit
import SquarestockLive
import SquarestockRendering
import SquarestockWatch

/// `squarestock watch AAPL MSFT`: a live, full-screen table that refreshes itself, or one line
/// per symbol per refresh when the output is not a terminal.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "A live table of quotes that refreshes itself (keys: q quit, r refresh, s sort, p pause).",
        discussion: """
            Symbols come from the command line and --list FILE (one a line, # comments), or else from the config file's watchlist key (comma-separated).
            Open markets are refreshed every --interval seconds, closed ones every 15 minutes. When a refresh fails the last good values stay, marked stale with their age and the reason; refreshes back off (and honour Retry-After) and recover by themselves.
            When standard output is not a terminal, watch prints one line per symbol per refresh (--format plain or json) and stops after --count refreshes if given.
            Keys: q (or Ctrl-D) quit, r refresh, s sort (change %, symbol, your order), p pause, Ctrl-L repaint; when rows do not fit, down/j and up/k scroll a row, PgDn/space and PgUp a page, g/Home to the top.
            Alerts: --alert 'AAPL>200' (price) or --alert 'MSFT<-2%' (change %) ring the bell, highlight the row and run --on-alert CMD with SQUARESTOCK_ALERT_SYMBOL, SQUARESTOCK_ALERT_PRICE, SQUARESTOCK_ALERT_RULE, SQUARESTOCK_ALERT_VALUE, SQUARESTOCK_ALERT_CHANGE_PERCENT and SQUARESTOCK_ALERT_TIME set. Each fires once per crossing and re-arms when the value moves back.
            Demo without network: --source \(Settings.offlineSourceName) --replay-speed 600 replays the recorded trading day 600 times faster.
            """
    )

    enum Format: String, OutputFormat {
        case table, plain, json

        static let help = "table (default on a terminal), plain (default when piped) or json (one object per line)."
    }

    @Argument(help: "Symbols, Yahoo style: AAPL, BRK.B, 7203.T, AIR.PA, ^GSPC.")  // service-names: notation
    var symbols: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("Also watch the symbols in this file: one a line, # comments.", valueName: "file"))
    var list: String?

    @OptionGroup var sourceOptions: SourceOptions

    @Option(
        name: .long,
        help:
            "Seconds between refreshes of open markets, at least 1 (default 60; with --replay-speed N, 60/N but at least 1)."
    )
    var interval: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Alert when a price or change % crosses a threshold, e.g. 'AAPL>200' or 'MSFT<-2%'. Repeatable.",
            valueName: "rule"))
    var alert: [String] = []

    @Option(
        name: .customLong("on-alert"),
        help: ArgumentHelp(
            "Shell command to run when an alert fires; gets SQUARESTOCK_ALERT_SYMBOL, _PRICE, _RULE, _VALUE, _CHANGE_PERCENT and _TIME in its environment.",
            valueName: "command"))
    var onAlert: String?

    @OptionGroup var output: FormatOption<Format>

    @Option(
        name: .long,
        help:
            "Stop after this many refreshes (complete rounds over every symbol); the exit code is as for quote, over the whole run."
    )
    var count: Int?

    @Option(
        name: .customLong("replay-speed"),
        help:
            "With --source \(Settings.offlineSourceName): replay the recorded trading day this many times faster than real time."
    )
    var replaySpeed: Double?

    @Flag(
        name: .long,
        help:
            "Stream prices as they trade (--source \(Settings.streamSourcesText)); the table still polls for names and previous closes, lines (--format json|plain) come from the stream alone. Config: stream = true."
    )
    var stream = false

    @Flag(
        name: .long,
        help:
            "Add the portfolio's holdings (the value and gain of each held symbol, and a totals line); with no symbols, watch what it holds. The portfolio: SQUARESTOCK_PORTFOLIO or config portfolio, else main."
    )
    var portfolio = false

    @OptionGroup var display: LookOptions

    mutating func validate() throws {
        try sourceOptions.resolveSettings()
        let settings = try sourceOptions.settings()
        if let i = interval, !(i >= 1 && i <= 86_400) {
            throw ValidationError("--interval must be between 1 and 86400 seconds")
        }
        if let c = count, c < 1 { throw ValidationError("--count must be at least 1") }
        if stream {
            guard replaySpeed == nil else { throw ValidationError("--stream streams live prices; drop --replay-speed") }
            guard SquarestockApp(settings: settings).sourceStreams else {
                let error = SettingsError.noStream(source: settings.sourceName)
                // A source the environment or the config file chose is fixed there, not by a flag.
                if let origin = settings.sourceOrigin {
                    throw SettingOriginError(description: SettingsError.setBy(error, origin: origin).description)
                }
                throw ValidationError(error.description)
            }
        }
        if let speed = replaySpeed {
            guard speed > 0, speed <= 1_000_000 else {
                throw ValidationError("--replay-speed must be above 0 and at most 1000000")
            }
            guard settings.sourceIsOffline else {
                let what = "the recorded samples"  // service-names: the recordings
                throw ValidationError(
                    "--replay-speed replays \(what); use it with --source \(Settings.offlineSourceName)")
            }
        }
        _ = try rules()
        // The list file is read once, here: a pipe (`--list /dev/stdin`, `--list <(grep ...)`)
        // can only be read once, and `run()` asks for the symbols again. Once checked, its
        // symbols join the command-line ones (after them, where `WatchList.resolve` puts them).
        let fileItems = try listFileItems()
        _ = try watchedSymbols(settings, fileItems: fileItems, report: true)
        // The bad ones are said once, here, with where they came from: run() sees only symbols.
        symbols = (symbols + fileItems.map(\.text)).filter { (try? SymbolSyntax.normalize($0).get()) != nil }
        list = nil
    }

    /// The parsed `--alert` rules, each once (one given twice would ring and run its hook twice).
    func rules() throws -> [AlertRule] {
        var rules: [AlertRule] = []
        for text in alert {
            switch AlertRule.parse(text) {
            case .success(let r) where r.isPortfolio:
                throw ValidationError("'\(text)': portfolio alerts are checked by `squarestock check`, not by watch")
            case .success(let r): rules.appendOnce(r)
            case .failure(let e): throw ValidationError(e.description)
            }
        }
        return rules
    }

    /// The `--list` file's symbols, read under `LocalFileReader.Limit.watchlist`.
    func listFileItems() throws -> [WatchList.Item] {
        guard let path = list else { return [] }
        switch LocalFileReader.read(path, limit: LocalFileReader.Limit.watchlist) {
        case .success(let data): return WatchList.parseFile(String(decoding: data, as: UTF8.self), name: path)
        case .failure(let e):
            switch e {
            case .tooLarge, .noWriter: throw ValidationError("the watchlist file " + e.description)
            case .cannotOpen(_, let code), .cannotRead(_, let code):
                throw ValidationError("cannot read the watchlist file \(path): \(LocalFileReadError.reason(code))")
            }
        }
    }

    /// Command line and list file, else the config's watchlist; then every alert's symbol.
    /// A symbol that is not one is said on its own and never hides the others (`report`: on
    /// standard error, once, as the command is checked); only a watch of nothing but bad ones is
    /// a usage error.
    func watchedSymbols(_ settings: Settings, fileItems: [WatchList.Item]? = nil, report: Bool = false) throws
        -> [String]
    {
        let fileItems = try fileItems ?? listFileItems()
        let resolved = WatchList.resolve(
            commandLine: symbols.map { WatchList.Item(text: $0, origin: "argument") },
            file: fileItems, config: settings.watchlist)
        var all = resolved.symbols
        for r in try rules() where !all.contains(r.symbol) { all.append(r.symbol) }
        // Nothing left to watch (no good symbol, alert or portfolio): the bad ones are the error.
        if let first = resolved.problems.first, all.isEmpty, !portfolio {
            throw ValidationError(
                first + (resolved.problems.count > 1 ? " (and \(resolved.problems.count - 1) more)" : ""))
        }
        if report { for problem in resolved.problems { Terminal.writeError("squarestock: \(problem); not watched\n") } }
        if all.isEmpty && !portfolio {
            throw ValidationError(
                "give at least one symbol (`squarestock watch AAPL MSFT`), a --list file, or `watchlist = AAPL, MSFT` in the config file"
            )
        }
        return all
    }

    func run() throws {
        let settings = try sourceOptions.settings()
        let env = settings.environment
        settings.printWarnings()
        var symbols = try watchedSymbols(settings)
        var holdings: [String: WatchHolding] = [:]
        if portfolio {
            do {
                holdings = try SquarestockApp(settings: settings).watchHoldings()
            } catch {
                Terminal.writeError("squarestock: \(error.description)\n")
                throw ExitCode(1)
            }
            for symbol in holdings.keys.sorted() where !symbols.contains(where: { $0.uppercased() == symbol }) {
                symbols.append(symbol)
            }
            guard !symbols.isEmpty else {
                Terminal.writeError("squarestock: the portfolio holds nothing to watch; give symbols too\n")
                throw ExitCode(2)
            }
        }

        let clock = SystemMonotonicClock()
        let feed = SquarestockApp(settings: settings).watchFeed(replaySpeed: replaySpeed, clock: clock)
        let caps = display.capabilities(environment: env)
        let tableMode = (output.format ?? .table) == .table && caps.isTTY && env["TERM"] != "dumb"
        let lineFormat: WatchLineFormat = output.format == .json ? .json : .plain
        if output.format == .table && !tableMode {
            // Asked for, and not given: said, not left to be found in the log.
            let why = caps.isTTY ? "a terminal that draws (TERM is dumb)" : "a terminal"
            Terminal.writeError("squarestock: note: --format table needs \(why); writing one line per quote\n")
        }
        // `stream = true` in the config streams where the source can; other sources poll as before.
        // A source with nothing but a stream (tradernet) streams without being asked.
        let app = SquarestockApp(settings: settings)
        let streamsOnly = app.sourceStreamsOnly
        let streaming = stream || streamsOnly || (settings.stream && replaySpeed == nil && app.sourceStreams)
        if streaming && !tableMode {
            let handle: StreamSessionHandle
            do {
                handle = try app.streamSession(symbols: symbols)
            } catch {
                Terminal.writeError("squarestock: \(error.description)\n")
                throw ExitCode(ExitStatus.usage.rawValue)
            }
            let code = WatchStreamLines.run(handle, json: output.format == .json, count: count)
            if code != 0 { throw ExitCode(code) }
            return
        }
        let seconds = interval ?? replaySpeed.map { max(1, 60 / $0) } ?? 60
        var renderer = WatchTableRenderer(
            palette: .forTerminal(useColour: caps.useColour, theme: caps.theme),
            style: display.drawsUnicode(caps) ? .unicode : .ascii)
        renderer.holdings = holdings
        let symbolsWatched = symbols
        guard let terminal = SystemTerminal(fullScreen: tableMode) else {
            Terminal.writeError("squarestock: cannot create a pipe for the watch loop\n")
            throw ExitCode(1)
        }
        let session = WatchSession(
            symbols: symbols,
            rules: try rules(),
            feed: feed,
            terminal: terminal,
            clock: clock,
            // With --count, a closed market is asked every interval too: N refreshes are N
            // rounds over every symbol, and at the closed-market pace a round took 15 minutes.
            schedule: WatchSchedulerConfiguration(
                interval: seconds, closedMarketInterval: count == nil ? 15 * 60 : seconds),
            wallClockOverride: settings.nowIsPinned ? settings.now : nil,
            localZone: settings.userZone,
            tableMode: tableMode,
            lineFormat: lineFormat,
            renderer: renderer,
            count: count,
            onAlert: onAlert,
            environment: env,
            makeStream: streaming && tableMode
                ? { try? SquarestockApp(settings: settings).streamSession(symbols: symbolsWatched) } : nil,
            polls: !streamsOnly
        )
        let code = session.run()
        if code != 0 { throw ExitCode(code) }
    }
}
