import ArgumentParser
import SquarestockKit

/// `squarestock cancel ID` or `squarestock cancel --all --exchange kraken`, confirmed as orders are.
struct CancelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Cancel an open order, or all of them with --all.")

    @Argument(help: "The order id.")
    var id: String?

    @Flag(name: .long, help: "Cancel every open order on the exchange.")
    var all = false

    @Flag(name: .long, help: "Cancel without asking (needed off a terminal).")
    var yes = false

    @OptionGroup var options: ExchangeOptions

    mutating func validate() throws {
        try options.resolveSettings()
        if all == (id != nil) { throw ValidationError("give an order id, or --all") }
    }

    func run() throws {
        let settings = try options.settings()
        let app = SquarestockApp(settings: settings)
        let exchange = settings.exchangeName
        try OrderFlow.confirm(all ? "cancel all" : "cancel \(id!)", yes: yes, what: "cancellation")
        let count = try AccountOutput.value(all ? app.cancelAll() : app.cancel(id: id!))
        Terminal.writeOut("\(exchange): cancelled \(count) \(count == 1 ? "order" : "orders")\n")
    }
}
