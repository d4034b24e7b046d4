import ArgumentParser
import Foundation
import SquarestockCore
import SquarestockKit
import SquarestockLive
import SquarestockPortfolio
import SquarestockRendering

#if canImport(Glibc)
    import Glibc
#endif

/// `squarestock line AAPL MSFT BTC-USD`: one short line for tmux, i3bar, polybar or a prompt.
/// It answers from its cache (`$XDG_CACHE_HOME/squarestock/line-cache`) without resolving
/// settings or touching the network; a symbol older than `--max-age` whose market may be open is
/// fetched again in a detached background process (one at a time), so a bar calling this every
/// few seconds never waits. A closed market is not fetched again until it opens. Only symbols
/// never fetched before are fetched while you wait.
struct LineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "line",
        abstract: "One short line of quotes for tmux, i3bar, polybar or a shell prompt, from a cache.",
        discussion: """
            tmux:     set -g status-right '#(squarestock line AAPL MSFT --style tmux)'
            i3bar:    squarestock line AAPL BTC-USD --style i3bar     (a JSON array of blocks)
            polybar:  exec = squarestock line AAPL --style polybar
            Placeholders: {symbol} {price} {change} {changePercent} {currency} {arrow}.
            --portfolio: the ledger's holdings priced from this cache (and the FX pairs into the base), first.
            """)

    @Argument(help: "Symbols: AAPL, 7203.T, BTC-USD.")
    var symbols: [String] = []

    @Flag(
        name: .long,
        help:
            "Also the portfolio's value and day change (SQUARESTOCK_PORTFOLIO or config portfolio; base: config currency)."
    )
    var portfolio = false

    // Optional, with the default in the help text: ArgumentParser would print a stored default
    // a second time in --help, and its man page generator prints none.
    @Option(
        name: .customLong("template"), help: "What each symbol shows (default '\(StatusLineWriter.defaultTemplate)').")
    var templateOption: String?
    var template: String { templateOption ?? StatusLineWriter.defaultTemplate }

    @Option(name: .customLong("style"), help: "plain (no escape codes), tmux, polybar or i3bar (default plain).")
    var styleOption: String?
    var style: String { styleOption ?? "plain" }

    @Option(name: .long, help: "Between symbols (default two spaces).")
    var separator: String?

    @Option(
        name: .customLong("max-age"),
        help: "Fetch again once the data is older than this many seconds, 5 to 86400 (default 60).")
    var maxAgeOption: Int?
    var maxAge: Int { maxAgeOption ?? 60 }

    @Flag(name: .long, help: .hidden)
    var refresh = false

    @OptionGroup var sourceOptions: SourceOptions

    mutating func validate() throws {
        guard StatusLineWriter.Style(rawValue: style.lowercased()) != nil else {
            throw ValidationError("--style must be one of plain, tmux, polybar, i3bar")
        }
        if let problem = LineTemplateCheck.problem(template) { throw ValidationError(problem) }
        guard (5...86_400).contains(maxAge) else {
            throw ValidationError("--max-age must be between 5 and 86400 seconds")
        }
        guard portfolio || !symbols.isEmpty else {
            throw ValidationError("give one or more symbols, or --portfolio")
        }
        // One bad symbol is said on its own and never hides the others (`run`); only a line of
        // nothing but bad ones is a usage error.
        if !portfolio, let bad = symbols.first, symbols.allSatisfy({ Self.problem($0) != nil }) {
            throw ValidationError(Self.problem(bad) ?? "")
        }
    }

    /// Why `text` is not a symbol, with the text as typed (escapes shown), or nil when it is one.
    static func problem(_ text: String) -> String? {
        guard case .failure(let e) = SymbolSyntax.normalize(text) else { return nil }
        return "'\(TerminalText.visible(text))': \(e.detail)"
    }

    func run() throws {
        let env = ProcessInfo.processInfo.environment
        let asked = LineCache.asked(flag: sourceOptions.source, environment: env)
        let symbols = self.symbols.compactMap { try? SymbolSyntax.normalize($0).get() }
        if refresh { return backgroundRefresh(env, asked: asked, symbols: symbols) }
        for bad in self.symbols {
            if let problem = Self.problem(bad) { Terminal.writeError("squarestock: \(problem)\n") }
        }
        let cache = LineCache(environment: env)
        var cached = cache.load()
        let now = ClockOverride.now(environment: env).secondsSinceEpoch
        // The portfolio's holdings and FX pairs are fetched, cached and refreshed as symbols.
        var book: PortfolioLine? = nil
        var wanted = symbols
        if portfolio {
            let app = SquarestockApp(settings: try sourceOptions.settings())
            let line = try PortfolioOutput.run { () throws(PortfolioError) in try app.portfolioLine() }
            book = line
            for s in line.symbols where !wanted.contains(s) { wanted.append(s) }
        }
        let missing = wanted.filter { cached[LineKey(symbol: $0, asked: asked)] == nil }
        if !missing.isEmpty {
            // Never fetched from this source: nothing to show, so this once the bar waits
            // (bounded by --timeout). A failure is said on standard error; the bar gets another
            // source's cached price, named, if there is one.
            let settings = try sourceOptions.settings()
            for q in SquarestockApp(settings: settings).refreshLineQuotes(missing, asked: asked) {
                cached[q.key] = q
            }
            for q in missing.compactMap({ cached[LineKey(symbol: $0, asked: asked)] }) where q.price.isEmpty {
                if book?.failureIsMoot(q.symbol, cached: cached, asked: asked) ?? false { continue }
                Terminal.writeError("squarestock: \(q.symbol): \(q.error)\n")
            }
        }
        if wanted.contains(where: {
            cached[LineKey(symbol: $0, asked: asked)]?.isStale(now: now, maxAge: Int64(maxAge)) ?? false
        }) {
            Self.spawnRefresh(symbols: wanted, maxAge: maxAge, sourceArguments: sourceOptions.arguments)
        }
        let caps = TerminalCapabilities.resolve(environment: env, isTTY: false, windowColumns: nil)
        var items = LineChoice.items(symbols, asked: asked, cached: cached, now: now, maxAge: Int64(maxAge))
        if let book { items.insert(book.item(cached: cached, asked: asked, now: now, maxAge: Int64(maxAge)), at: 0) }
        let text = StatusLineWriter.line(
            items,
            template: template, style: StatusLineWriter.Style(rawValue: style.lowercased()) ?? .plain,
            separator: separator ?? "  ", unicode: caps.supportsUnicode)
        Terminal.writeOut(text + "\n")
    }

    /// Starts `squarestock line --refresh SYMBOLS` detached (no inherited output, so the bar
    /// reading this one's output is not held open; it makes its own session).
    static func spawnRefresh(symbols: [String], maxAge: Int, sourceArguments: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["line", "--refresh", "--max-age", String(maxAge)] + sourceArguments + symbols
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }

    /// The detached refresher: one at a time (an exclusive lock beside the cache), and only the
    /// symbols still stale once it holds the lock.
    func backgroundRefresh(_ env: [String: String], asked: String, symbols: [String]) {
        setsid()
        let cache = LineCache(environment: env)
        guard let path = cache.path else { return }
        let lock = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0 else { return }
        defer { close(lock) }
        let now = ClockOverride.now(environment: env).secondsSinceEpoch
        let cached = cache.load()
        let stale = symbols.filter {
            cached[LineKey(symbol: $0, asked: asked)]?.isStale(now: now, maxAge: Int64(maxAge)) ?? true
        }
        guard !stale.isEmpty, let settings = try? sourceOptions.settings() else { return }
        SquarestockApp(settings: settings).refreshLineQuotes(stale, asked: asked)
    }
}
