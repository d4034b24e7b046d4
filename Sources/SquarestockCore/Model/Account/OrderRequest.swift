/// A buy or sell the user asked for, before it is checked or sent.
public struct OrderRequest: Sendable, Equatable {
    public var pair: TradingPair
    public var side: TradeSide
    public var type: OrderType
    /// Amount in the base currency.
    public var amount: ExactDecimal
    /// Required for a limit order, absent for a market order.
    public var limitPrice: ExactDecimal?

    public init(pair: TradingPair, side: TradeSide, type: OrderType, amount: ExactDecimal, limitPrice: ExactDecimal?) {
        self.pair = pair
        self.side = side
        self.type = type
        self.amount = amount
        self.limitPrice = limitPrice
    }

    /// The asset the order pays with: the quote currency for a buy, the base for a sell.
    public var spends: String { side == .buy ? pair.quote : pair.base }

    /// `amount` x `limitPrice` in the quote currency; nil for a market order.
    public var cost: ExactDecimal? { limitPrice.flatMap { amount * $0 } }
}

/// Limit orders rest at a price; market orders take what the book offers. A market order is
/// never implied: the command line asks for `--market` by name.
public enum OrderType: String, Sendable, Equatable {
    case limit, market
}

/// What the exchange answered to an order: the ids it gave (none for a validation), its own
/// description of the order, and whether it was only validated.
public struct PlacedOrder: Sendable, Equatable {
    public var ids: [String]
    public var description: String?
    public var validatedOnly: Bool

    public init(ids: [String], description: String?, validatedOnly: Bool) {
        self.ids = ids
        self.description = description
        self.validatedOnly = validatedOnly
    }
}
