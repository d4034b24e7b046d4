/// An order on an exchange account, open or past, as the exchange reports it.
public struct AccountOrder: Sendable, Equatable {
    public var id: String
    /// The pair in common form when the exchange's name maps to one; `pairName` is always the
    /// exchange's own.
    public var pair: TradingPair?
    public var pairName: String
    public var side: TradeSide
    /// `limit`, `market`, or the exchange's own word for anything else (`stop-loss-limit`).
    public var type: String
    /// Amount in the base currency.
    public var amount: ExactDecimal
    public var filled: ExactDecimal
    /// The limit price; nil for a market order.
    public var price: ExactDecimal?
    /// The average price of what filled, when the exchange says.
    public var averagePrice: ExactDecimal?
    public var status: OrderStatus
    public var opened: Instant?
    public var closed: Instant?

    public init(
        id: String, pair: TradingPair?, pairName: String, side: TradeSide, type: String, amount: ExactDecimal,
        filled: ExactDecimal, price: ExactDecimal?, averagePrice: ExactDecimal? = nil, status: OrderStatus,
        opened: Instant?, closed: Instant? = nil
    ) {
        self.id = id
        self.pair = pair
        self.pairName = pairName
        self.side = side
        self.type = type
        self.amount = amount
        self.filled = filled
        self.price = price
        self.averagePrice = averagePrice
        self.status = status
        self.opened = opened
        self.closed = closed
    }
}

/// Where an order stands.
public enum OrderStatus: String, Sendable, Equatable {
    case pending, open, filled, canceled, expired
    /// A word the exchange uses that none of the above means.
    case unknown
}
