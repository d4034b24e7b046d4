import ArgumentParser
import SquarestockKit
import SquarestockRendering

/// `squarestock book BTC-USD --exchange kraken`: an exchange's order book.
struct BookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "book",
        abstract: "Show a crypto pair's order book: bids and asks with cumulative size, spread, mid and a depth chart."
    )

    @Argument(help: "The pair, BASE-QUOTE: BTC-USD, ETH-EUR, XMR-BTC.")
    var pair: String

    @Option(name: .long, help: "Levels a side, 1 to 500 (default 10).")
    var depth = 10

    @OptionGroup var options: ExchangeOptions

    mutating func validate() throws {
        try options.resolveSettings()
        guard (1...500).contains(depth) else { throw ValidationError("--depth must be between 1 and 500") }
    }

    func run() throws {
        let settings = try options.settings()
        settings.printWarnings()
        let report = SquarestockApp(settings: settings).book(pair, depth: depth)
        let (format, caps) = options.output(environment: settings.environment)
        if let book = report.value {
            switch format {
            case .table:
                let table = OrderBookTable(
                    width: caps.columns, palette: Palette.forTerminal(caps),
                    glyphs: caps.supportsUnicode && !options.ascii ? .unicode : .ascii)
                Terminal.writeOut(table.render(book, exchange: report.exchangeDisplayName))
            case .json: Terminal.writeOut(OrderBookWriter.json(book, exchange: report.exchange))
            case .csv: Terminal.writeOut(OrderBookWriter.csv(book, exchange: report.exchange))
            }
        }
        try report.finish()
    }
}
