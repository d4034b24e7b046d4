import ArgumentParser
import Foundation
import SquarestockCore
import SquarestockKit
import SquarestockLive
import SquarestockRendering

/// `squarestock account ...`: an exchange account with a stored key.
struct AccountCommand: ParsableCommand {
    /// Each exchange's key variables, two a line (as the discussion has always been laid out).
    static var keyVariablesText: String {
        let pairs = Settings.accountKeyVariables
        return stride(from: 0, to: pairs.count, by: 2).map {
            pairs[$0..<min($0 + 2, pairs.count)].joined(separator: ", ")
        }
        .joined(separator: ",\n")
    }

    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "An exchange account: log in with a key, see balances and orders.",
        discussion: """
            squarestock account login --exchange \(Settings.defaultExchangeName)     store a key (checked first)
            squarestock account --exchange \(Settings.defaultExchangeName)           balances, valued in --currency
            squarestock account orders [--closed]           open (or past) orders
            squarestock account order ID                    one order
            squarestock account logout                      forget the key
            squarestock account --paper                     the paper account (buy/sell --paper)
            Keys come from \(AccountCommand.keyVariablesText), else the credentials file (mode 600).
            """,
        subcommands: [Balances.self, Orders.self, Order.self, Login.self, Logout.self],
        defaultSubcommand: Balances.self
    )

    struct Balances: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "balances", abstract: "Each asset's total, available and held amount.")
        @Option(name: .long, help: "Value the balances in this currency (default USD).")
        var currency = "USD"
        @Flag(
            name: .long,
            help: "The paper account's balances (portfolio paper-EXCHANGE), not the exchange's.")
        var paper = false
        @OptionGroup var options: ExchangeOptions

        mutating func validate() throws { try options.resolveSettings() }

        func run() throws {
            let settings = try options.settings()
            settings.printWarnings()
            let app = SquarestockApp(settings: settings)
            // The config's `paper = true` too, as for the orders, buy, sell and cancel.
            let paper = PaperModeNote.isPaper(flag: paper, settings)
            let result =
                paper ? app.paperBalances(currency: currency) : app.balances(currency: currency)
            let balances = try AccountOutput.value(result)
            let (format, _) = options.output(environment: settings.environment)
            let exchange = settings.exchangeName
            switch format {
            case .table:
                // Paper balances say so where the real ones name the exchange alone.
                Terminal.writeOut(
                    BalanceWriter.table(
                        balances, currency: currency.uppercased(),
                        exchange: paper ? exchange + " paper account" : exchange
                    ))
            case .json:
                Terminal.writeOut(
                    BalanceWriter.json(balances, currency: currency.uppercased(), exchange: exchange, paper: paper))
            case .csv: Terminal.writeOut(BalanceWriter.csv(balances, currency: currency.uppercased()))
            }
        }
    }

    struct Orders: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "orders", abstract: "Open orders, or past ones with --closed.")
        @Flag(name: .long, help: "Closed (filled, cancelled, expired) orders instead of open ones.")
        var closed = false
        @Option(name: .long, help: "At most this many, 1 to 500 (default 50).")
        var limit = 50
        @Flag(name: .long, help: "The paper account's orders.")
        var paper = false
        @OptionGroup var options: ExchangeOptions

        mutating func validate() throws {
            try options.resolveSettings()
            guard (1...500).contains(limit) else { throw ValidationError("--limit must be between 1 and 500") }
        }

        func run() throws {
            let settings = try options.settings()
            settings.printWarnings()
            let app = SquarestockApp(settings: settings)
            let paper = PaperModeNote.isPaper(flag: paper, settings)
            let orders = try AccountOutput.value(
                paper ? app.paperOrders(closed: closed, limit: limit) : app.orders(closed: closed, limit: limit))
            AccountOutput.print(orders, options: options, settings: settings, closed: closed, paper: paper)
        }
    }

    struct Order: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "order", abstract: "One order by its id.")
        @Argument(help: "The order id the exchange gave.")
        var id: String
        @Flag(name: .long, help: "An order of the paper account.")
        var paper = false
        @OptionGroup var options: ExchangeOptions

        mutating func validate() throws { try options.resolveSettings() }

        func run() throws {
            let settings = try options.settings()
            settings.printWarnings()
            let app = SquarestockApp(settings: settings)
            let paper = PaperModeNote.isPaper(flag: paper, settings)
            let order = try AccountOutput.value(paper ? app.paperOrder(id: id) : app.order(id: id))
            AccountOutput.print(
                [order], options: options, settings: settings, closed: order.status != .open, paper: paper)
        }
    }

    struct Login: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "login",
            abstract: "Store an exchange key after checking it with a read-only call.",
            discussion: """
                The key and secret are asked for on a terminal (the secret is not echoed), or read from
                standard input when piped: the key on the first line, the secret after it. A secret is
                never taken as a command-line value: other users can read the process list.
                """)
        @OptionGroup var options: ExchangeOptions

        mutating func validate() throws { try options.resolveSettings() }

        func run() throws {
            let settings = try options.settings()
            settings.printWarnings()
            let exchange = settings.exchangeName
            guard let credentials = SecretInput.credentials(exchange: exchange) else {
                Terminal.writeError("squarestock: no key given; nothing was saved\n")
                throw ExitCode(ExitStatus.usage.rawValue)
            }
            let path = try AccountOutput.value(SquarestockApp(settings: settings).login(credentials))
            Terminal.writeOut("the \(exchange) key works; saved in \(path) (mode 600)\n")
        }
    }

    struct Logout: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "logout", abstract: "Remove the stored key of an exchange.")
        @OptionGroup var options: ExchangeOptions

        mutating func validate() throws { try options.resolveSettings() }

        func run() throws {
            let settings = try options.settings()
            settings.printWarnings()
            let had = try AccountOutput.value(SquarestockApp(settings: settings).logout())
            Terminal.writeOut(
                had ? "removed the \(settings.exchangeName) key\n" : "no \(settings.exchangeName) key was stored\n")
        }
    }
}

/// What the account commands share: an error is printed as one line and ends the command with
/// its exit status; orders print in the chosen format.
enum AccountOutput {
    static func value<T>(_ result: Result<T, AccountError>) throws -> T {
        switch result {
        case .success(let v): return v
        case .failure(let e):
            Terminal.writeError("squarestock: " + e.message + "\n")
            throw ExitCode(exitStatus(e).rawValue)
        }
    }

    static func exitStatus(_ e: AccountError) -> ExitStatus {
        switch e {
        case .transport, .throttled: return .nothingFetched
        case .noCredentials, .notSupported: return .usage
        case .statusUnknown: return .statusUnknown
        default: return .someFailed
        }
    }

    static func print(
        _ orders: [AccountOrder], options: ExchangeOptions, settings: Settings, closed: Bool, paper: Bool = false
    ) {
        let (format, _) = options.output(environment: settings.environment)
        switch format {
        case .table:
            // The paper account's orders say so where the real ones name the exchange alone.
            let name = paper ? settings.exchangeName + " paper account" : settings.exchangeName
            Terminal.writeOut(AccountOrderWriter.table(orders, exchange: name, closed: closed))
        case .json: Terminal.writeOut(AccountOrderWriter.json(orders, exchange: settings.exchangeName, paper: paper))
        case .csv: Terminal.writeOut(AccountOrderWriter.csv(orders))
        }
    }
}
