import ArgumentParser
import SquarestockKit
import SquarestockLive
import SquarestockRendering

/// `squarestock book BTC-USD --exchange kraken`: an exchange's order book.
struct BookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "book",
        abstract: "Show a crypto pair's order book: bids and asks with cumulative size, spread, mid and a depth chart."
    )

    @Argument(help: "The pair, BASE-QUOTE: BTC-USD, ETH-EUR, XMR-BTC.")
    var pair: String

    // Optional, with the default in the help text: ArgumentParser would print a stored default
    // a second time in --help, and its man page generator prints none.
    @Option(name: .customLong("depth"), help: "Levels a side, 1 to 500 (default 10).")
    var depthOption: Int?
    var depth: Int { depthOption ?? 10 }

    @Flag(
        name: .long,
        help:
            "Keep the book live from the exchange's stream (--exchange \(Settings.liveBookExchangeExample)), checked against its checksum: a full screen on a terminal (q quits), else one JSON line or table per change."
    )
    var live = false

    @Option(name: .long, help: "With --live off a terminal: stop after this many changes of the book.")
    var count: Int?

    @OptionGroup var options: ExchangeOptions

    mutating func validate() throws {
        if let name = options.streamOnlyExchange, !live {
            throw ValidationError("--exchange \(name) streams its books only; add --live")
        }
        try options.resolveSettings(allowingStreamOnly: live)
        guard (1...500).contains(depth) else { throw ValidationError("--depth must be between 1 and 500") }
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
        guard live else {
            if count != nil { throw ValidationError("--count counts the changes of a live book; add --live") }
            return
        }
        if options.output.format == .csv {
            throw ValidationError("--live prints a table or JSON lines; drop --format csv")
        }
        let settings = try options.settings()
        guard SquarestockApp(settings: settings).exchangeStreamsBooks(options.streamOnlyExchange) else {
            throw ValidationError(SettingsError.noLiveBook(exchange: settings.exchangeName).description)
        }
    }

    func run() throws {
        let settings = try options.settings()
        settings.printWarnings()
        if live { return try runLive(settings) }
        let report = SquarestockApp(settings: settings).book(pair, depth: depth)
        let (format, caps) = options.output(environment: settings.environment)
        if let book = report.value {
            switch format {
            case .table:
                let table = OrderBookTable(
                    width: caps.columns, palette: Palette.forTerminal(caps),
                    glyphs: options.display.drawsUnicode(caps) ? .unicode : .ascii)
                Terminal.writeOut(table.render(book, exchange: report.exchangeDisplayName))
            case .json: Terminal.writeOut(OrderBookWriter.json(book, exchange: report.exchange))
            case .csv: Terminal.writeOut(OrderBookWriter.csv(book, exchange: report.exchange))
            }
        }
        try report.finish()
    }

    func runLive(_ settings: Settings) throws {
        let app = SquarestockApp(settings: settings)
        let handle = try app.liveBookSession(pair, depth: depth, exchange: options.streamOnlyExchange)
        let caps = options.display.capabilities(environment: settings.environment)
        let session = BookLiveSession(
            handle: handle, symbol: pair.uppercased(),
            exchange: options.streamOnlyExchange.map(Settings.displayName(of:)) ?? app.exchangeDisplayName,
            depth: depth,
            count: count,
            caps: caps, ascii: options.display.ascii)
        let format = options.output.format ?? (caps.isTTY ? .table : .json)
        let fullScreen = format == .table && caps.isTTY && settings.environment["TERM"] != "dumb"
        guard fullScreen else {
            let status = session.runLines(json: format == .json)
            if status != 0 { throw ExitCode(status) }
            return
        }
        guard let terminal = SystemTerminal(fullScreen: true) else {
            Terminal.writeError("squarestock: cannot create a pipe for the screen loop\n")
            throw ExitCode(1)
        }
        let status = session.runScreen(on: terminal)
        if status != 0 { throw ExitCode(status) }
    }
}
