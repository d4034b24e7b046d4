import ArgumentParser
import SquarestockCore
import SquarestockKit
import SquarestockLive
import SquarestockRendering

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

    @Flag(name: .long, help: "Cancel an order of the paper account.")
    var paper = false

    @OptionGroup var options: ExchangeOptions

    mutating func validate() throws {
        try options.resolveSettings()
        if all == (id != nil) { throw ValidationError("give an order id, or --all") }
    }

    func run() throws {
        let settings = try options.settings()
        settings.printWarnings()
        let app = SquarestockApp(settings: settings)
        let exchange = settings.exchangeName
        // `paper = true` in the config is paper mode for every command that could touch the
        // account, as for buy and sell: `cancel --all` cancelled the real orders.
        if PaperModeNote.isPaper(flag: paper, settings) {
            // Practice asks as the real thing does: what is cancelled is shown, then confirmed.
            let shown =
                all
                ? try AccountOutput.value(app.paperOrders(closed: false, limit: 500))
                : [try AccountOutput.value(app.paperOrder(id: id!))]
            guard !shown.isEmpty else {
                Terminal.writeOut("\(exchange) paper account: no open orders; nothing to cancel\n")
                return
            }
            if !all, let order = shown.first, order.status != .open {
                // Closed already: said before anything is asked (asking to cancel it would also
                // have read the book for nothing).
                _ = try AccountOutput.value(
                    Result<Int, AccountError>.failure(
                        .paperOrderNotOpen(exchange: exchange, id: order.id, status: order.status.rawValue)))
            }
            Terminal.writeOut(
                "to cancel (paper): " + AccountOrderWriter.table(shown, exchange: exchange + " paper", closed: false))
            try OrderFlow.confirm(all ? "cancel all" : "cancel \(id!)", yes: yes, what: "cancellation")
            let count = try AccountOutput.value(app.paperCancel(id: all ? nil : id))
            Terminal.writeOut("\(exchange) paper account: cancelled \(count) \(count == 1 ? "order" : "orders")\n")
            return
        }
        if settings.paperInDoubt {
            Terminal.writeError(
                "squarestock: the config file's paper setting is in doubt (the warning above), so paper mode may be "
                    + "meant; nothing was cancelled (fix it there, or give --paper)\n")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        // What is cancelled is shown before asking: the order (pair, side, amount, price), or
        // every open order for --all.
        var listed = 1
        if all {
            let open = try AccountOutput.value(app.orders(closed: false, limit: 500))
            listed = open.count
            guard !open.isEmpty else {
                Terminal.writeOut("\(exchange): no open orders; nothing to cancel\n")
                return
            }
            Terminal.writeOut("to cancel: " + AccountOrderWriter.table(open, exchange: exchange, closed: false))
        } else {
            let order = try AccountOutput.value(app.orderToCancel(id: id!))
            Terminal.writeOut("to cancel: " + AccountOrderWriter.table([order], exchange: exchange, closed: false))
        }
        try OrderFlow.confirm(all ? "cancel all" : "cancel \(id!)", yes: yes, what: "cancellation")
        let count = try OrderInFlight.run(exchange: exchange, what: "the cancellation") {
            try AccountOutput.value(all ? app.cancelAll() : app.cancel(id: id!))
        }
        Terminal.writeOut("\(exchange): cancelled \(count) \(count == 1 ? "order" : "orders")\n")
        // The exchange answered but cancelled fewer than were shown (an order filled meanwhile,
        // or a refusal it gave no reason for): said, and not a success.
        if count < listed {
            Terminal.writeError(
                "squarestock: \(exchange) cancelled \(count) of the \(listed) \(listed == 1 ? "order" : "orders") shown; "
                    + "check `squarestock account orders --exchange \(exchange)` for any still open\n")
            throw ExitCode(ExitStatus.someFailed.rawValue)
        }
        // More than were shown: the exchange cancels every open order, one placed after the list
        // too (Kraken's CancelAll, TradeOgre's `all`). Said, so it is not found out later.
        if count > listed {
            Terminal.writeError(
                "squarestock: \(exchange) cancelled \(count) orders, more than the \(listed) shown: "
                    + "an order placed after the list was cancelled too\n")
        }
    }
}
