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
            "Send a limit price further from the book's mid than max_price_distance allows (default 5%), or a market order whose book moved by more than that after the preview."
    )
    var far = false

    @OptionGroup var options: ExchangeOptions

    mutating func validate() throws {
        try options.resolveSettings()
        if market == (limit != nil) {
            throw ValidationError("give --limit PRICE for a limit order or --market for a market order")
        }
        guard TradingPair(symbol: pair) != nil else { throw ValidationError("'\(pair)' is not a pair like BTC-USD") }
        guard let a = ExactDecimal(amount), a.sign > 0 else {
            throw ValidationError("the amount must be a positive number like 0.01 (got '\(amount)')")
        }
        if let l = limit, (ExactDecimal(l)?.sign ?? 0) <= 0 {
            throw ValidationError("--limit takes a positive price like 61000 (got '\(l)')")
        }
    }

    func request(_ side: TradeSide) -> OrderRequest {
        // `validate()` checked every part.
        OrderRequest(
            pair: TradingPair(symbol: pair)!, side: side, type: market ? .market : .limit,
            amount: ExactDecimal(amount)!,
            limitPrice: limit.flatMap(ExactDecimal.init))
    }
}
