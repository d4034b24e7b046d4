import ArgumentParser
import SquarestockCore
import SquarestockKit

/// What `buy` and `sell` take: the pair, the amount, a limit price or `--market` (never
/// implied), and how to confirm.
struct OrderOptions: ParsableArguments {
    @Argument(help: "The pair, BASE-QUOTE: BTC-USD.")
    var pair: String

    @Argument(help: "The amount in the base currency: 0.01 (BTC).")
    var amount: String

    @Option(name: .long, help: "A limit order at this price in the quote currency.")
    var limit: String?

    @Flag(name: .long, help: "A market order (takes what the book offers); never implied.")
    var market = false

    @Flag(name: .long, help: "Send without asking (needed off a terminal).")
    var yes = false

    @Flag(
        name: .long,
        help: "Record the fill in the portfolio ledger as `portfolio sync` would (config record_fills = true).")
    var record = false

    @Flag(name: .customLong("dry-run"), help: "Ask the exchange to validate the order without placing it.")
    var dryRun = false

    @Flag(
        name: .long,
        help:
            "A practice order: filled against the live public book in the paper account (portfolio paper-EXCHANGE), never sent (config paper = true)."
    )
    var paper = false

    @Flag(
        name: .long,
        help:
            "Send a limit price further from the book's mid than max_price_distance allows (default 5%), a market order expected to average further than that from the best price, or one whose book moved by more than that after the preview."
    )
    var far = false

    @OptionGroup var options: ExchangeOptions

    mutating func validate() throws {
        try options.resolveSettings()
        try OrderFlow.refuseCSV(options.output.format, of: "an order")
        if market && limit != nil {
            throw ValidationError("--limit and --market are two kinds of order: give one of them")
        }
        if !market && limit == nil {
            throw ValidationError("give --limit PRICE for a limit order or --market for a market order")
        }
        guard TradingPair(symbol: pair) != nil else {
            throw ValidationError("'\(TerminalText.visible(pair))' is not a pair like BTC-USD")
        }
        if let problem = Self.problem(amount, what: "the amount", example: "0.01") { throw ValidationError(problem) }
        if let l = limit, let problem = Self.problem(l, what: "--limit", example: "61000") {
            throw ValidationError(problem)
        }
    }

    /// What is wrong with a number the user gave, told apart: not a number at all, a number with
    /// more digits than an exact value holds (18 significant), or one that is not above zero.
    /// The value is quoted with its escapes shown (stripped, `3<ESC>[0m0000` would read as the
    /// valid `30000`).
    static func problem(_ raw: String, what: String, example: String) -> String? {
        let text = TerminalText.visible(raw)
        let writtenOut = ExactDecimal.isWrittenOut(raw)
        if let value = ExactDecimal(raw) {
            // Digits as they are read: `0.01e1` is 0.1, ten times what a glance at it says, and
            // with --yes no prompt shows the amount first.
            guard writtenOut else {
                return "\(what) must be written out in digits, like \(example), without an exponent (got '\(text)')"
            }
            return value.sign > 0 ? nil : "\(what) must be above zero, like \(example) (got '\(text)')"
        }
        if writtenOut {
            return
                "\(what) has more digits than an exact amount holds (18 significant digits and 18 decimals at most; got '\(text)')"
        }
        return "\(what) must be a positive number like \(example) (got '\(text)')"
    }

    func request(_ side: TradeSide) -> OrderRequest {
        // `validate()` checked every part.
        OrderRequest(
            pair: TradingPair(symbol: pair)!, side: side, type: market ? .market : .limit,
            amount: ExactDecimal(amount)!,
            limitPrice: limit.flatMap(ExactDecimal.init))
    }
}
