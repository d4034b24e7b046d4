import SquarestockCore

/// The checks a ticker's last price passes before it is shown: one that was sent but cannot be
/// read exactly, or that is below zero, makes that pair's quote an error (what was sent, quoted)
/// instead of a blank price and exit 0, or a negative price shown as fact.
package enum ExchangePriceCheck {
    /// The text of a price field that was sent but is not an exact decimal; nil when it was
    /// readable, absent, null or empty.
    package static func unreadable(_ value: JSONValue?) -> String? {
        let text: String
        switch value {
        case .string(let s)?: text = s
        case .number(let n)?: text = n
        default: return nil
        }
        guard !text.isEmpty, ExactDecimal(text) == nil else { return nil }
        return text
    }

    /// The error for a ticker whose last price cannot be shown, if any.
    package static func problem(_ t: ExchangeTicker, source: String) -> QuoteError? {
        if let text = t.unreadableLast { return .priceNotReadable(source: source, sent: text) }
        if let last = t.last, last.isNegative { return impossible("a last price of \(last)", source: source) }
        return nil
    }

    /// A book with a level below zero (price or size) is not shown as fact.
    package static func problem(_ b: OrderBook, source: String) -> QuoteError? {
        guard let bad = (b.bids + b.asks).first(where: { $0.price.isNegative || $0.size.isNegative }) else {
            return nil
        }
        return impossible("a book level of \(bad.size) at \(bad.price)", source: source)
    }

    /// Trades with a price or size below zero are not shown as fact.
    package static func problem(_ trades: [MarketTrade], source: String) -> QuoteError? {
        guard let bad = trades.first(where: { $0.price.isNegative || $0.size.isNegative }) else { return nil }
        return impossible("a trade of \(bad.size) at \(bad.price)", source: source)
    }

    /// Candles with a price or volume below zero are not drawn as fact.
    package static func problem(_ series: CandleSeries, source: String) -> QuoteError? {
        guard
            let bad = series.candles.first(where: { c in
                [c.open, c.high, c.low, c.close].contains { $0.isNegative } || c.volume?.isNegative == true
            })
        else { return nil }
        return impossible("a candle opening at \(bad.open) and closing at \(bad.close)", source: source)
    }

    static func impossible(_ what: String, source: String) -> QuoteError {
        .exchangeError(
            source: source, message: what,
            hint: "prices and sizes cannot be below zero, so nothing is shown; try again later, or use another --source"
        )
    }
}
