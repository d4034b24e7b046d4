import SquarestockCore

/// What one Tradernet ticker's `q` messages have said so far. Tradernet sends the whole quote
/// first and then only the fields that changed, so each message overwrites exactly the fields it
/// carries (a present `0` or `""` is a real change, an absent field is "unchanged").
package struct TradernetQuoteFields: Sendable, Equatable {
    /// `n`: the ticker's own sequence; a message that is not newer is stale and dropped.
    package var sequence: Int64?
    package var name: String?
    /// `ltp`, `bbp`, `bap`: last trade, best bid, best ask.
    package var last: ExactDecimal?
    package var bid: ExactDecimal?
    package var ask: ExactDecimal?
    /// `chg`, `pcp`: change from the previous close, in points and percent.
    package var change: ExactDecimal?
    package var changePercent: ExactDecimal?
    /// `pp`, `op`, `maxtp`, `mintp`, `vol`.
    package var previousClose: ExactDecimal?
    package var open: ExactDecimal?
    package var high: ExactDecimal?
    package var low: ExactDecimal?
    package var volume: ExactDecimal?
    /// `x_curr` (`USD`, `RUR`).
    package var currency: String?

    package init() {}

    /// The quote a watch row needs, once a last price is known.
    func quote(symbol: String) -> StreamQuote? {
        guard let last else { return nil }
        var q = StreamQuote(
            symbol: symbol, price: last, bid: bid, ask: ask, change: change, changePercent: changePercent,
            dayVolume: volume)
        q.day = StreamQuoteDay(
            name: name, previousClose: previousClose, open: open, high: high, low: low,
            currency: currency.map { $0 == "RUR" ? "RUB" : $0 })
        return q
    }
}
