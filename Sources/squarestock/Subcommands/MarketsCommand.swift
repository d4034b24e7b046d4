import ArgumentParser
import SquarestockKit
import SquarestockLive
import SquarestockRendering

/// `squarestock markets --exchange kraken`: the pairs an exchange lists.
struct MarketsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "markets",
        abstract: "List the pairs an exchange trades, with status, price step and minimum order."
    )

    @Option(name: .long, help: "Only pairs quoted in this currency (USD, EUR, BTC, ...).")
    var quote: String?

    @Option(name: .long, help: "Only pairs whose name contains this text (sol, xbt, ...).")
    var search: String?

    @Flag(name: .long, help: "Include delisted pairs.")
    var all = false

    @OptionGroup var options: ExchangeOptions

    mutating func validate() throws {
        try options.resolveSettings()
    }

    func run() throws {
        let settings = try options.settings()
        settings.printWarnings()
        let report = SquarestockApp(settings: settings).markets(quote: quote, search: search, includeDelisted: all)
        let (format, caps) = options.output(environment: settings.environment)
        if let listings = report.value {
            switch format {
            case .table:
                Terminal.writeOut(
                    MarketListWriter.table(
                        listings, exchange: report.exchangeDisplayName, palette: Palette.forTerminal(caps)))
            case .json: Terminal.writeOut(MarketListWriter.json(listings, exchange: report.exchange))
            case .csv: Terminal.writeOut(MarketListWriter.csv(listings, exchange: report.exchange))
            }
        }
        try report.finish()
    }
}
