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
        try OrderFlow.refuseCSV(options.output.format, of: "a cancellation")
    }

    func run() throws {
        let settings = try options.settings()
        settings.printWarnings()
        let app = SquarestockApp(settings: settings)
        let exchange = settings.exchangeName
        // With `--format json` what is shown and said goes to standard error, and standard output
        // holds one object, whatever the ending (`CancelResultWriter`), as an order's does.
        let json = options.output.format == .json
        let say: (String) -> Void = { text in _ = json ? Terminal.writeError(text) : Terminal.writeOut(text) }
        // `paper = true` in the config is paper mode for every command that could touch the
        // account, as for buy and sell: `cancel --all` cancelled the real orders.
        let paper = PaperModeNote.isPaper(flag: self.paper, settings)
        var shown: [AccountOrder] = []
        func answer(_ cancelled: Int?, unknown: Bool = false, error: String? = nil) -> String? {
            guard json else { return nil }
            return CancelResultWriter.json(
                shown, exchange: exchange, paper: paper, all: all, cancelled: cancelled, unknown: unknown, error: error)
        }
        /// Writes the answer to standard output (with `--format json`; nothing otherwise).
        func answerOut(_ cancelled: Int?, unknown: Bool = false, error: String? = nil) {
            answer(cancelled, unknown: unknown, error: error).map { _ = Terminal.writeOut($0) }
        }
        /// The value, or the JSON answer of the failure (nothing cancelled, or its outcome
        /// unknown) and the failure's message and exit.
        func value<T>(_ result: Result<T, AccountError>) throws -> T {
            if case .failure(let e) = result {
                let unknown = AccountOutput.exitStatus(e) == .statusUnknown
                answerOut(unknown ? nil : 0, unknown: unknown, error: e.message)
            }
            return try AccountOutput.value(result)
        }
        func confirm() throws {
            do { try OrderFlow.confirm(all ? "cancel all" : "cancel \(id!)", yes: yes, what: "cancellation") } catch {
                answerOut(0, error: "not confirmed; nothing was cancelled")
                throw error
            }
        }
        if paper {
            // Practice asks as the real thing does: what is cancelled is shown, then confirmed.
            shown =
                all
                ? try value(app.paperOrders(closed: false, limit: 500))
                : [try value(app.paperOrder(id: id!))]
            guard !shown.isEmpty else {
                say("\(exchange) paper account: no open orders; nothing to cancel\n")
                answerOut(0)
                return
            }
            if !all, let order = shown.first, order.status != .open {
                // Closed already: said before anything is asked (asking to cancel it would also
                // have read the book for nothing).
                _ = try value(
                    Result<Int, AccountError>.failure(
                        .paperOrderNotOpen(exchange: exchange, id: order.id, status: order.status.rawValue)))
            }
            say("to cancel (paper): " + AccountOrderWriter.table(shown, exchange: exchange + " paper", closed: false))
            try confirm()
            let count = try value(app.paperCancel(id: all ? nil : id))
            say("\(exchange) paper account: cancelled \(count) \(count == 1 ? "order" : "orders")\n")
            answerOut(count)
            return
        }
        if settings.paperInDoubt {
            // What is in doubt, said first: a `paper` value neither true nor false is among these
            // and nowhere else (the message pointed at a warning that was not printed).
            for problem in settings.orderLimitProblems { Terminal.writeError("squarestock: " + problem + "\n") }
            let message =
                "the config file's paper setting is in doubt (above), so paper mode may be "
                + "meant; nothing was cancelled (fix it there, or give --paper)"
            answerOut(0, error: message)
            Terminal.writeError("squarestock: " + message + "\n")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        // What is cancelled is shown before asking: the order (pair, side, amount, price), or
        // every open order for --all.
        if all {
            shown = try value(app.orders(closed: false, limit: 500))
            guard !shown.isEmpty else {
                say("\(exchange): no open orders; nothing to cancel\n")
                answerOut(0)
                return
            }
        } else {
            shown = [try value(app.orderToCancel(id: id!))]
        }
        say("to cancel: " + AccountOrderWriter.table(shown, exchange: exchange, closed: false))
        try confirm()
        let interrupted = app.interruptedInFlight("the cancellation")
        let inFlight = OrderInFlight.unknown(
            interrupted, out: answer(nil, unknown: true, error: interrupted.message))
        // The answer is read after the guard: a failure's object written inside it could be
        // followed by the interrupt's own (two objects, exit 130 for a refusal).
        let outcome = OrderInFlight.guarding(inFlight) { _ in all ? app.cancelAll() : app.cancel(id: id!) }
        let count = try value(outcome)
        say("\(exchange): cancelled \(count) \(count == 1 ? "order" : "orders")\n")
        let listed = shown.count
        // The exchange answered but cancelled fewer than were shown (an order filled meanwhile,
        // or a refusal it gave no reason for): said, and not a success.
        if count < listed {
            let message =
                "\(exchange) cancelled \(count) of the \(listed) \(listed == 1 ? "order" : "orders") shown; "
                + "check `squarestock account orders --exchange \(exchange)` for any still open"
            answerOut(count, error: message)
            Terminal.writeError("squarestock: " + message + "\n")
            throw ExitCode(ExitStatus.someFailed.rawValue)
        }
        answerOut(count)
        // More than were shown: the exchange cancels every open order, one placed after the list
        // too (Kraken's CancelAll, TradeOgre's `all`). Said, so it is not found out later.
        if count > listed {
            Terminal.writeError(
                "squarestock: \(exchange) cancelled \(count) orders, more than the \(listed) shown: "
                    + "an order placed after the list was cancelled too\n")
        }
    }
}
