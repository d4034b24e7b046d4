import ArgumentParser

/// `squarestock buy BTC-USD 0.01 --limit 61000 --exchange kraken`.
struct BuyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buy",
        abstract: "Buy on an exchange: preview, confirm, send (--dry-run: validate only).")
    @OptionGroup var order: OrderOptions

    func run() throws { try OrderFlow.run(.buy, order) }
}
