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
        if let last = t.last, last.isNegative {
            return .exchangeError(
                source: source, message: "a last price of \(last)",
                hint: "a price cannot be below zero, so it is not shown; try again later, or use another --source")
        }
        return nil
    }
}
