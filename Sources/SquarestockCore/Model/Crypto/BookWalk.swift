/// What an order of a given size would take from a book, level by level at the book's own
/// prices: a market order's expected average price and slippage before it is confirmed, and a
/// paper order's fill. Exact decimals throughout; the walk never invents a level.
public struct BookWalk: Sendable, Equatable {
    /// Base-currency amount the book's levels hold for the order (at most the amount asked).
    public var filled: ExactDecimal
    /// Sum of size x price over the levels taken, in the quote currency: exact to
    /// `costScale` decimals (a book's levels carry up to 8 + 8 decimals, whose sums would leave
    /// 64 bits at a few hundred units of the quote; money needs none of the places beyond 8).
    public var cost: ExactDecimal
    /// Levels taken from (the last one perhaps in part).
    public var levels: Int
    /// The first level's price: the best ask for a buy, the best bid for a sale.
    public var best: ExactDecimal?
    /// The price of the last level taken (the worst the order pays or gets).
    public var worst: ExactDecimal?
    /// The whole amount was found within the book (and within the limit price, when one was given).
    public var complete: Bool

    /// Takes `amount` from the side an order on `side` meets (asks for a buy, bids for a sale),
    /// best price first, stopping at `limit` when given (a buy takes no ask above it, a sale no
    /// bid below it). Nil when the numbers do not fit (a cost beyond 92 billion units of the quote):
    /// a caller refuses such an order, never treats it as free.
    public static func take(
        _ amount: ExactDecimal, side: TradeSide, from book: OrderBook, limit: ExactDecimal? = nil
    ) -> BookWalk? {
        let levels = side == .buy ? book.asks : book.bids
        var walk = BookWalk(
            filled: .zero, cost: .zero, levels: 0, best: levels.first?.price, worst: nil, complete: false)
        var left = amount
        for level in levels where left.sign > 0 {
            if !reaches(level.price, side: side, limit: limit) { break }
            guard level.size.sign > 0 else { continue }
            let size = level.size < left ? level.size : left
            guard let product = size * level.price,
                let value = product.rescaled(to: min(product.scale, Self.costScale)),
                let cost = walk.cost + value, let filled = walk.filled + size,
                let rest = left - size
            else { return nil }
            walk.cost = cost
            walk.filled = filled
            walk.levels += 1
            walk.worst = level.price
            left = rest
        }
        walk.complete = !(left.sign > 0)
        return walk
    }

    /// An order on `side` with `limit` may take a level at `price`: a buy none above its limit,
    /// a sale none below (any level without a limit).
    public static func reaches(_ price: ExactDecimal, side: TradeSide, limit: ExactDecimal?) -> Bool {
        guard let limit else { return true }
        return side == .buy ? !(price > limit) : !(price < limit)
    }

    /// The places a level's value keeps in `cost`.
    public static let costScale = 8

    /// Cost / filled at `scale` decimals (rounded half away from zero); nil when nothing filled.
    public func averagePrice(scale: Int) -> ExactDecimal? {
        filled.sign > 0 ? cost.divided(by: filled, scale: scale)?.normalized : nil
    }

    /// How far the average is from the best price, in percent of the best (positive: worse for
    /// the order), at `scale` decimals.
    public func slippagePercent(side: TradeSide, scale: Int = 2) -> ExactDecimal? {
        guard let best, best.sign > 0, let average = averagePrice(scale: best.scale + 8),
            let gap = side == .buy ? average - best : best - average, let hundred = gap * ExactDecimal(100)
        else { return nil }
        return hundred.divided(by: best, scale: scale)
    }
}
