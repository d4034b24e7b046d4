/// The user's own limits on what one order may do, from the config file, checked before any
/// request about the order is made: `max_order_value = 1000 USD` (an order worth more is
/// refused; one priced in another currency is converted at the exchange's own rate, and refused
/// when no rate is known) and `max_price_distance = 5%` (a limit price further than that from
/// the book's mid is refused unless the command says `--far`).
public struct OrderLimits: Sendable, Equatable {
    /// An amount and its currency (`1000 USD`).
    public struct Value: Sendable, Equatable, CustomStringConvertible {
        public var amount: ExactDecimal
        public var currency: String
        public init(amount: ExactDecimal, currency: String) {
            self.amount = amount
            self.currency = currency
        }
        public var description: String { "\(amount) \(currency)" }
    }

    /// The default distance, in percent: a fat finger (an extra zero, a missing one) is far
    /// beyond it; a real limit a little away from the market is within it.
    public static let defaultPriceDistance = ExactDecimal(5)

    public var maxOrderValue: Value?
    /// Percent of the mid.
    public var maxPriceDistance: ExactDecimal
    /// `--far`: the distance is not checked for this order.
    public var far: Bool

    public init(
        maxOrderValue: Value? = nil, maxPriceDistance: ExactDecimal = OrderLimits.defaultPriceDistance,
        far: Bool = false
    ) {
        self.maxOrderValue = maxOrderValue
        self.maxPriceDistance = maxPriceDistance
        self.far = far
    }

    /// `1000 USD`, `1000.50 usd`: a positive amount then a currency code of letters; nil otherwise.
    public static func parseValue(_ text: String) -> Value? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        // Digits as they are read: a limit is no place for an exponent (`1e2 USD`).
        guard parts.count == 2, ExactDecimal.isPlainDecimalText(parts[0].utf8),
            let amount = ExactDecimal(String(parts[0])), amount.sign > 0,
            (2...10).contains(parts[1].count), parts[1].allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        return Value(amount: amount, currency: parts[1].uppercased())
    }

    /// `5%`, `5`, `0.5 %`: percent of the mid, above 0; nil otherwise.
    public static func parseDistance(_ text: String) -> ExactDecimal? {
        var t = Substring(text).drop { $0 == " " }
        while t.last == " " { t = t.dropLast() }
        if t.last == "%" { t = t.dropLast() }
        while t.last == " " { t = t.dropLast() }
        guard ExactDecimal.isPlainDecimalText(t.utf8), let d = ExactDecimal(String(t)), d.sign > 0 else { return nil }
        return d
    }
}
