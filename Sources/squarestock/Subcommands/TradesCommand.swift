import ArgumentParser
import SquarestockKit
import SquarestockLive
import SquarestockRendering

/// `squarestock trades BTC-USD --exchange coinbase`: an exchange's latest trades.
struct TradesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trades",
        abstract: "Show a crypto pair's latest trades, newest first, with the taker's side."
    )

    @Argument(help: "The pair, BASE-QUOTE: BTC-USD, ETH-EUR, XMR-BTC.")
    var pair: String

    // Optional, with the default in the help text: ArgumentParser would print a stored default
    // a second time in --help, and its man page generator prints none.
    @Option(name: .customLong("limit"), help: "At most this many trades, 1 to 1000 (default 20).")
    var limitOption: Int?
    var limit: Int { limitOption ?? 20 }

    @OptionGroup var options: ExchangeOptions

    mutating func validate() throws {
        try options.resolveSettings()
        guard (1...1000).contains(limit) else { throw ValidationError("--limit must be between 1 and 1000") }
    }

    func run() throws {
        let settings = try options.settings()
        settings.printWarnings()
        let report = SquarestockApp(settings: settings).trades(pair, limit: limit)
        let (format, caps) = options.output(environment: settings.environment)
        if let trades = report.value, let tradingPair = report.pair {
            switch format {
            case .table:
                let table = TradeTapeTable(palette: Palette.forTerminal(caps), userZone: settings.userZone)
                Terminal.writeOut(
                    table.render(trades, pair: tradingPair, exchange: report.exchangeDisplayName, now: settings.now))
            case .json: Terminal.writeOut(TradeTapeWriter.json(trades, pair: tradingPair, exchange: report.exchange))
            case .csv: Terminal.writeOut(TradeTapeWriter.csv(trades, pair: tradingPair, exchange: report.exchange))
            }
        }
        try report.finish()
    }
}
