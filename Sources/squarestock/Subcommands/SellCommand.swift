import ArgumentParser

/// `squarestock sell BTC-USD 0.01 --limit 65000 --exchange kraken`.
struct SellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sell",
        abstract: "Sell on an exchange: preview, confirm, send (--dry-run: validate only).")
    @OptionGroup var order: OrderOptions

    func run() throws { try OrderFlow.run(.sell, order) }
}
