/// An exchange's order book for one pair, best levels first on both sides, exact.
public struct OrderBook: Sendable, Equatable {
    public var pair: TradingPair
    /// Highest price first.
    public var bids: [BookLevel]
    /// Lowest price first.
    public var asks: [BookLevel]
    /// When the exchange says the book was taken (Coinbase `time`); nil otherwise.
    public var time: Instant?
    /// The exchange's sequence number of this snapshot (Coinbase), for gap checks by streams.
    public var sequence: Int64?

    public init(
        pair: TradingPair, bids: [BookLevel], asks: [BookLevel], time: Instant? = nil, sequence: Int64? = nil
    ) {
        self.pair = pair
        self.bids = bids
        self.asks = asks
        self.time = time
        self.sequence = sequence
    }

    /// Best ask minus best bid; nil when a side is empty.
    public var spread: ExactDecimal? {
        guard let a = asks.first?.price, let b = bids.first?.price else { return nil }
        return a - b
    }

    /// Halfway between the best bid and the best ask, one decimal finer than the finer of the
    /// two (exact: halving a decimal needs at most one more place).
    public var mid: ExactDecimal? {
        guard let a = asks.first?.price, let b = bids.first?.price, let sum = a + b else { return nil }
        let scale = max(a.scale, b.scale) + 1
        return sum.divided(by: ExactDecimal(2), scale: scale)?.normalized
    }

    /// The first `depth` levels of each side.
    public func cut(to depth: Int) -> OrderBook {
        var copy = self
        copy.bids = Array(bids.prefix(max(depth, 0)))
        copy.asks = Array(asks.prefix(max(depth, 0)))
        return copy
    }
}

/// One price level of a book.
public struct BookLevel: Sendable, Equatable {
    public var price: ExactDecimal
    /// Amount in the base currency resting at this price.
    public var size: ExactDecimal
    /// Number of orders at the level, when the exchange says (Coinbase).
    public var orders: Int?
    /// When the level last changed, when the exchange says (Kraken).
    public var updated: Instant?

    public init(price: ExactDecimal, size: ExactDecimal, orders: Int? = nil, updated: Instant? = nil) {
        self.price = price
        self.size = size
        self.orders = orders
        self.updated = updated
    }
}
