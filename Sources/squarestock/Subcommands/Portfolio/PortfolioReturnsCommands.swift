import ArgumentParser
import SquarestockCore
import SquarestockKit
import SquarestockLive
import SquarestockPortfolio
import SquarestockRendering

/// `portfolio returns`: time- and money-weighted returns, a benchmark, the gain split.
struct PortfolioReturns: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "returns",
        abstract:
            "Time- and money-weighted returns, against a benchmark, with the gain split; --explain shows the arithmetic.",
        discussion: """
            The portfolio is valued at each day's close (the last stored close on or before the day, fetched once \
            and kept in the ledger); a deposit or withdrawal enters after its day's close. Without deposits and \
            withdrawals in the ledger, purchases count as money paid in and sales and dividends as money taken out. \
            Returns are annualized only over a year or more.
            """)
    @Option(name: .long, help: "The first day of the period, YYYY-MM-DD (default: the first entry's).") var from:
        String?
    @Option(name: .long, help: "The last day, YYYY-MM-DD (default today).") var to: String?
    @Option(name: .long, help: "Compare with the same money in this symbol (SPY, ^GSPC, VWRL.AS).") var benchmark:
        String?
    @Option(name: .long, help: "The currency of the figures (default: config currency, else USD).") var base: String?
    @Flag(name: .long, help: "Also each holding's returns.") var byHolding = false
    @Flag(name: .long, help: "Show the flows, valuations and daily returns behind the figures.") var explain = false
    @Flag(name: .long, help: "Use only the closes the ledger has; fetch nothing.") var offline = false
    @OptionGroup var options: PortfolioOptions

    mutating func validate() throws {
        try options.resolveSettings()
        for (name, text) in [("--from", from), ("--to", to)] {
            if let text, DateTimeParsing.isoDate(text) == nil {
                throw ValidationError("\(name) must be YYYY-MM-DD (got '\(TerminalText.visible(text))')")
            }
        }
    }

    func run() throws {
        let settings = try options.settings()
        settings.printWarnings()
        let app = try options.app()
        let question = SquarestockApp.ReturnsQuestion(
            from: from.flatMap(DateTimeParsing.isoDate), to: to.flatMap(DateTimeParsing.isoDate),
            benchmark: benchmark, base: base, byHolding: byHolding, explain: explain, offline: offline)
        let (report, notes) = try PortfolioOutput.run { () throws(ReturnsError) in
            try app.portfolioReturns(question)
        }
        let (format, caps) = options.output(settings)
        switch format {
        case .table:
            Terminal.writeOut(ReturnsWriter.table(report, palette: Palette.forTerminal(caps)))
            if explain { Terminal.writeOut(ReturnsExplainWriter.table(report)) }
        case .json: Terminal.writeOut(ReturnsWriter.json(report, explain: explain))
        case .csv:
            Terminal.writeOut(explain ? ReturnsExplainWriter.csv(report) : ReturnsWriter.csv(report))
            // The table and the JSON carry the report's own notes (an old price, no benchmark);
            // the CSV has no room for them.
            for n in report.notes { Terminal.writeError("note: " + TerminalText.visible(n) + "\n") }
        }
        for n in notes { Terminal.writeError("note: " + n + "\n") }
    }
}

/// `portfolio price SYMBOL DATE PRICE` and `portfolio price --import FILE`.
struct PortfolioPrice: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "price",
        abstract:
            "Record a day's close for an asset no service quotes (a fund, a house, a bond), or import a file of them.",
        discussion: """
            squarestock portfolio price HOUSE 2025-06-30 420000 --currency EUR
            squarestock portfolio price --import closes.csv      columns: \(DailyPriceCSV.columns.joined(separator: ","))
            A close given here is as traded and is never replaced by a fetched one. It is the
            asset's, not one portfolio's: every portfolio of the ledger that holds the symbol is
            valued with it (--portfolio only picks the holding whose currency is the default).
            """)
    @Argument(help: "The symbol.") var symbol: String?
    @Argument(help: "The day, YYYY-MM-DD.") var date: String?
    @Argument(help: "The close, in --currency.") var price: String?
    @Option(
        name: .long,
        help: "Its currency (default: the holding's, else the listing's or pair's, else the config's, else USD).")
    var currency: String?
    @Option(name: .customLong("import"), help: "A CSV file of closes.") var file: String?
    @OptionGroup var options: PortfolioOptions

    mutating func validate() throws {
        try options.resolveSettings()
        if file == nil, symbol == nil || date == nil || price == nil {
            throw ValidationError("give SYMBOL DATE PRICE, or --import FILE")
        }
        if file != nil, symbol != nil { throw ValidationError("give SYMBOL DATE PRICE or --import FILE, not both") }
    }

    func run() throws {
        let app = try options.app()
        if let file {
            let count = try PortfolioOutput.run { () throws(PortfolioError) in try app.importPortfolioPrices(path: file)
            }
            PortfolioOutput.answer(
                "recorded \(count) \(count == 1 ? "close" : "closes")", ["recorded": String(count)],
                format: options.format)
            return
        }
        guard let symbol, let date, let price else { return }
        guard let day = DateTimeParsing.isoDate(date) else { throw ValidationError("the date must be YYYY-MM-DD") }
        let value = try PortfolioOutput.number(price, "the price")
        let close = try PortfolioOutput.run { () throws(PortfolioError) in
            try app.recordPortfolioPrice(symbol: symbol, date: day, price: value, currency: currency)
        }
        PortfolioOutput.answer(
            "recorded \(close.symbol) \(close.date): \(close.close) \(close.currency)",
            [
                "symbol": close.symbol, "date": close.date.description, "close": close.close.description,
                "currency": close.currency, "source": close.source,
            ], format: options.format)
    }
}

/// `portfolio chart`: the portfolio's daily value, money in and out marked, a benchmark dotted.
struct PortfolioChart: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract:
            "Draw the portfolio's daily value (money in and out marked, a benchmark dotted); csv/json: the series.",
        discussion: """
            The value at each day's close in the base currency, from the same closes and timeline as \
            `portfolio returns`. A day money was paid in is marked with an up arrow on the time axis (^ in ASCII), a day it was \
            taken out with a down arrow (v): a jump there is money, not a gain. --benchmark dots the same money put into SPY \
            (or any symbol) on the same days.
            """)
    static let ranges = ChartRange.allCases.filter { !$0.isIntraday }.map(\.rawValue).joined(separator: ", ")

    @Option(name: .customLong("range"), help: "How far back: \(PortfolioChart.ranges).") var rangeName = "1y"
    @Option(name: .long, help: "Dot the same money in this symbol (SPY, ^GSPC, VWRL.AS).") var benchmark: String?
    @Option(name: .long, help: "The currency of the values (default: config currency, else USD).") var base: String?
    @Option(name: .long, help: "Rows of the drawing (default: the terminal's height).") var height: Int?
    @Option(name: .long, help: "Columns of the drawing (default: the terminal's width).") var width: Int?
    @Option(name: .long, help: "line (the default on a UTF-8 terminal), braille, blocks, or ascii.") var style:
        ChartStyle?
    @Flag(name: .long, help: "Use only the closes the ledger has; fetch nothing.") var offline = false
    @OptionGroup var options: PortfolioOptions

    var range: ChartRange { ChartRange(rawValue: rangeName.lowercased()) ?? .year1 }

    mutating func validate() throws {
        try options.resolveSettings()
        guard let r = ChartRange(rawValue: rangeName.lowercased()), !r.isIntraday else {
            throw ValidationError(
                "--range takes \(PortfolioChart.ranges) (the portfolio is valued once a day; got '\(rangeName)')")
        }
        let minimum = ChartSize.minimum
        if let w = width, !(minimum.width...1000).contains(w) {
            throw ValidationError("--width takes \(minimum.width) to 1000 columns")
        }
        if let h = height, !(minimum.height...500).contains(h) {
            throw ValidationError("--height takes \(minimum.height) to 500 rows")
        }
    }

    func run() throws {
        let settings = try options.settings()
        settings.printWarnings()
        let app = try options.app()
        let (series, notes) = try PortfolioOutput.run { () throws(ReturnsError) in
            try app.portfolioValueChart(range: range, benchmark: benchmark, base: base, offline: offline)
        }
        let (format, caps) = options.output(settings)
        switch format {
        case .table:
            let env = settings.environment
            let palette = Palette.forTerminal(caps)
            let fit = ChartSize.fitting(
                columns: caps.columns, rows: TerminalCapabilities.rows(fd: 1, environment: env),
                reservedRows: 2 + series.notes.count)
            var text =
                PortfolioChartWriter.chart(
                    series, range: range, size: ChartSize(width: width ?? fit.width, height: height ?? fit.height),
                    style: style ?? (caps.supportsUnicode ? .line : .ascii), palette: palette) + "\n"
            for n in series.notes { text += palette.paint("note: " + n, .dim) + "\n" }
            Terminal.writeOut(text)
        case .csv: Terminal.writeOut(PortfolioChartWriter.csv(series))
        case .json: Terminal.writeOut(PortfolioChartWriter.json(series))
        }
        for n in notes { Terminal.writeError("note: " + n + "\n") }
    }
}
