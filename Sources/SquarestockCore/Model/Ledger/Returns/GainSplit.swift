/// The period's gain in the base currency, split: dividends and interest (net of tax withheld),
/// fees (in trades and on their own; paid, so negative), currency (what exchange-rate moves did to what was held in other currencies,
/// and what conversions of cash gained or lost against the day's rate: a spread),
/// and price (the rest: prices' moves, and trades' prices against the closes). The price part is
/// the gain less the other three, so the four add up to the gain exactly, by construction; each
/// of the other three is a sum of rounded day parts that `--explain` lists.
public struct GainSplit: Sendable, Equatable {
    /// End value - start value - net flows, minor units.
    public var total: Int64
    public var price: Int64
    public var dividends: Int64
    public var fees: Int64
    public var currency: Int64

    public init(timeline t: PortfolioTimeline) {
        let end = t.days.last?.value ?? t.start.value
        let flows = t.days.reduce(0) { $0 + $1.flow }
        total = end - t.start.value - flows
        dividends = t.days.reduce(0) { $0 + $1.dividends }
        fees = -t.days.reduce(0) { $0 + $1.fees }
        currency = t.days.reduce(0) { $0 + $1.currencyEffect }
        price = total - dividends - fees - currency
    }
}
