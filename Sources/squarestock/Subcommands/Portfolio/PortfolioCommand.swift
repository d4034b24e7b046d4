import ArgumentParser
import SquarestockCore
import SquarestockKit
import SquarestockLive
import SquarestockPortfolio
import SquarestockRendering

/// `squarestock portfolio ...`: an exact ledger of trades, lots and cash, valued at live quotes.
struct PortfolioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "portfolio",
        abstract: "Your holdings from an exact ledger of trades, lots and cash, valued at live quotes.",
        discussion: """
            squarestock portfolio                                 holdings, cash and totals
            squarestock portfolio buy AAPL 10 --price 150.25 --fee 1 --date 2024-03-01
            squarestock portfolio sell AAPL 5 --price 190 [--lot ID]
            squarestock portfolio dividend AAPL 2.40 --withheld 0.36
            squarestock portfolio split AAPL 4:1 --date 2024-06-10
            squarestock portfolio deposit 1000 USD | withdraw 200 USD
            squarestock portfolio lots | realized --year 2024 | history | undo
            squarestock portfolio returns [--from D] [--to D] [--benchmark SPY] [--by-holding] [--explain]
            squarestock portfolio price SYMBOL DATE PRICE | --import closes.csv
            squarestock portfolio chart [--range 1y] [--benchmark SPY]   daily value, money in and out marked
            squarestock portfolio rename FB META                  a ticker change (the journal keeps both)
            squarestock portfolio import trades.csv [--yes] | export --as csv|json|ledger | backup FILE
            squarestock portfolio method hifo                     fifo (default), lifo, hifo, average
            The ledger is $XDG_DATA_HOME/squarestock/portfolio.sqlite (owner-only); --portfolio NAME keeps several.
            """,
        subcommands: [
            PortfolioShow.self, PortfolioTrade.Buy.self, PortfolioTrade.Sell.self, PortfolioDividend.self,
            PortfolioSplit.self, PortfolioCash.Deposit.self, PortfolioCash.Withdraw.self, PortfolioUndo.self,
            PortfolioLots.self, PortfolioRealized.self, PortfolioHistory.self, PortfolioImport.self, PortfolioSync.self,
            PortfolioExport.self, PortfolioBackup.self, PortfolioMethod.self, PortfolioRename.self,
            PortfolioReturns.self, PortfolioPrice.self, PortfolioChart.self,
        ],
        defaultSubcommand: PortfolioShow.self
    )

    /// Parsed here too, so that they may come before the subcommand (`portfolio --portfolio
    /// work lots`); each subcommand's own `@OptionGroup` of this type is given this value.
    @OptionGroup var options: PortfolioOptions
}

struct PortfolioShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Holdings valued at live quotes (stored prices offline), cash, totals.")
    @Option(name: .long, help: "Totals in this currency (default: config currency, else USD).")
    var currency: String?
    @Flag(name: .long, help: "Value at the last stored prices without fetching.")
    var offline = false
    @Flag(name: .long, help: "Show each value's price, its source and age, and the rate into the totals.")
    var explain = false
    @OptionGroup var options: PortfolioOptions

    mutating func validate() throws { try options.resolveSettings() }

    func run() throws {
        let settings = try options.settings()
        settings.printWarnings()
        let app = try options.app()
        let report = try PortfolioOutput.run { () throws(PortfolioError) in
            try app.holdings(currency: currency, offline: offline)
        }
        let (format, caps) = options.output(settings)
        switch format {
        case .table:
            Terminal.writeOut(HoldingsWriter.table(report, palette: Palette.forTerminal(caps)))
            if explain { Terminal.writeOut(HoldingsExplainWriter.table(report)) }
        case .json: Terminal.writeOut(HoldingsWriter.json(report, explain: explain))
        case .csv: Terminal.writeOut(explain ? HoldingsExplainWriter.csv(report) : HoldingsWriter.csv(report))
        }
    }
}

enum PortfolioTrade {
    struct Buy: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "buy", abstract: "Record a purchase.")
        @OptionGroup var trade: PortfolioTradeArguments
        mutating func validate() throws { try trade.options.resolveSettings() }
        func run() throws { try trade.record(.buy, lot: nil) }
    }

    struct Sell: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sell", abstract: "Record a sale (from the lots the method picks, or --lot).")
        @OptionGroup var trade: PortfolioTradeArguments
        @Option(name: .long, help: "Sell from this lot (its id in `portfolio lots`).")
        var lot: Int64?
        mutating func validate() throws { try trade.options.resolveSettings() }
        func run() throws { try trade.record(.sell, lot: lot) }
    }
}

/// `buy`/`sell SYMBOL QUANTITY --price P`.
struct PortfolioTradeArguments: ParsableArguments {
    @Argument(help: "The symbol, as quotes name it: AAPL, 7203.T, BTC-USD.")
    var symbol: String
    @Argument(help: "How many shares or units (exact: 0.12345678 is kept as written).")
    var quantity: String
    // `.unconditional`: `--price -40` is a price to refuse in words, not a missing value.
    @Option(name: .long, parsing: .unconditional, help: "The price of one share or unit, in --currency.")
    var price: String
    @Option(name: .long, parsing: .unconditional, help: "Fees paid, in --currency (default 0).")
    var fee: String?
    @Option(name: .long, help: "The trade's date, YYYY-MM-DD (default today).")
    var date: String?
    @Option(name: .long, help: "The trade's currency (default: the holding's, else the listing's, else USD).")
    var currency: String?
    @Option(
        name: .long, parsing: .unconditional,
        help: "The rate to the base currency on the trade's day (1 currency = RATE base).")
    var fx: String?
    @OptionGroup var options: PortfolioOptions

    func record(_ kind: EntryKind, lot: Int64?) throws {
        let app = try options.app()
        let day = try PortfolioOutput.date(date, app: app)
        let q = try PortfolioOutput.number(quantity, "the quantity")
        let p = try PortfolioOutput.number(price, "--price")
        try PortfolioOutput.plainDigits(fee, "--fee")
        try PortfolioOutput.plainDigits(fx, "--fx")
        let rate = try fx.map { text -> ExactDecimal in
            guard let r = ExactDecimal(text), r.sign > 0 else { throw ValidationError("--fx must be a number above 0") }
            return r
        }
        let (written, notes) = try PortfolioOutput.run { () throws(PortfolioError) in
            let (code, said) = try app.tradeCurrency(of: symbol, given: currency)
            let e = try EntryFactory.trade(
                kind, symbol: symbol, quantity: q, price: p, fee: fee, currency: code, date: day,
                today: app.portfolioToday, lot: lot, fxRate: rate)
            return try app.recordPortfolio([e], note: said)
        }
        PortfolioOutput.recorded(written, notes: notes, format: options.format)
    }
}

struct PortfolioDividend: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "dividend", abstract: "Record a dividend received.")
    @Argument(help: "The symbol that paid it.") var symbol: String
    @Argument(help: "The gross amount, before tax.") var amount: String
    @Option(name: .long, parsing: .unconditional, help: "Tax withheld from it.") var withheld: String?
    @Option(name: .long, help: "The payment date, YYYY-MM-DD (default today).") var date: String?
    @Option(name: .long, help: "Its currency (default: the holding's, else the listing's, else USD).")
    var currency: String?
    @Option(
        name: .long, parsing: .unconditional,
        help: "The rate to the base currency on the payment's day (1 currency = RATE base).")
    var fx: String?
    @OptionGroup var options: PortfolioOptions

    mutating func validate() throws {
        try options.resolveSettings()
        if let fx, (ExactDecimal(fx)?.sign ?? 0) <= 0 { throw ValidationError("--fx must be a number above 0") }
    }

    func run() throws {
        try PortfolioOutput.plainDigits(amount, "the amount")
        try PortfolioOutput.plainDigits(withheld, "--withheld")
        try PortfolioOutput.plainDigits(fx, "--fx")
        let app = try options.app()
        let day = try PortfolioOutput.date(date, app: app)
        let (written, notes) = try PortfolioOutput.run { () throws(PortfolioError) in
            let (code, said) = try app.tradeCurrency(of: symbol, given: currency)
            var e = try EntryFactory.dividend(
                symbol: symbol, amount: amount, withheld: withheld, currency: code, date: day,
                today: app.portfolioToday)
            e.fxRate = fx.flatMap(ExactDecimal.init)
            return try app.recordPortfolio([e], note: said)
        }
        PortfolioOutput.recorded(written, notes: notes, format: options.format)
    }
}

struct PortfolioSplit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "split", abstract: "Record a split: NEW:OLD (4:1), or a reverse split (1:10).")
    @Argument(help: "The symbol.") var symbol: String
    @Argument(help: "NEW:OLD shares.") var ratio: String
    @Option(name: .long, help: "The split's date, YYYY-MM-DD (default today).") var date: String?
    @OptionGroup var options: PortfolioOptions

    mutating func validate() throws { try options.resolveSettings() }

    func run() throws {
        let app = try options.app()
        let day = try PortfolioOutput.date(date, app: app)
        let (written, notes) = try PortfolioOutput.run { () throws(PortfolioError) in
            try app.recordPortfolio(
                [try EntryFactory.split(symbol: symbol, ratio: ratio, date: day, today: app.portfolioToday)])
        }
        PortfolioOutput.recorded(written, notes: notes, format: options.format)
    }
}

enum PortfolioCash {
    struct Arguments: ParsableArguments {
        @Argument(help: "The amount.") var amount: String
        @Argument(help: "The currency: USD, EUR, JPY, ...") var currency: String
        @Option(name: .long, help: "The date, YYYY-MM-DD (default today).") var date: String?
        @OptionGroup var options: PortfolioOptions

        func record(_ kind: EntryKind) throws {
            try PortfolioOutput.plainDigits(amount, "the amount")
            let app = try options.app()
            let day = try PortfolioOutput.date(date, app: app)
            if amount.hasPrefix("-"), ExactDecimal(amount) != nil {
                // Money the other way is the other command, never a signed amount of this one.
                let other = kind == .deposit ? "withdraw" : "deposit"
                let shown =
                    TerminalText.visible(String(amount.dropFirst())) + " " + TerminalText.visible(currency.uppercased())
                throw ValidationError(
                    "the amount cannot be negative (got \(TerminalText.visible(amount))): money "
                        + (kind == .deposit ? "taken out" : "paid in") + " is `squarestock portfolio \(other) \(shown)`"
                )
            }
            let (written, notes) = try PortfolioOutput.run { () throws(PortfolioError) in
                try app.recordPortfolio([
                    try EntryFactory.cash(
                        kind, amount: amount, currency: currency, date: day, today: app.portfolioToday)
                ])
            }
            PortfolioOutput.recorded(written, notes: notes, format: options.format)
        }
    }

    struct Deposit: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "deposit", abstract: "Record cash paid in.")
        @OptionGroup var cash: Arguments
        mutating func validate() throws { try cash.options.resolveSettings() }
        func run() throws { try cash.record(.deposit) }
    }

    struct Withdraw: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "withdraw", abstract: "Record cash taken out.")
        @OptionGroup var cash: Arguments
        mutating func validate() throws { try cash.options.resolveSettings() }
        func run() throws { try cash.record(.withdraw) }
    }
}
