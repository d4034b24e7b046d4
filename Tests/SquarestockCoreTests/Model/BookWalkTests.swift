import Testing

@testable import SquarestockCore

/// A walk through a book takes each level at its own price, best first, stops at a limit price,
/// and says when the book did not hold the amount; its average and slippage are exact.
struct BookWalkTests {
    static func d(_ text: String) -> ExactDecimal { ExactDecimal(text)! }
    static let book = OrderBook(
        pair: TradingPair(base: "BTC", quote: "USD"),
        bids: [
            BookLevel(price: d("100.0"), size: d("1")), BookLevel(price: d("99.5"), size: d("2")),
            BookLevel(price: d("99.0"), size: d("3")),
        ],
        asks: [
            BookLevel(price: d("101.0"), size: d("0.5")), BookLevel(price: d("101.5"), size: d("1")),
            BookLevel(price: d("103.0"), size: d("4")),
        ])

    @Test func aBuyTakesTheAsksBestFirstAndPartOfTheLastLevel() throws {
        let w = try #require(BookWalk.take(Self.d("1"), side: .buy, from: Self.book))
        // 0.5 x 101.0 + 0.5 x 101.5 = 101.25
        #expect(w.complete && w.filled == Self.d("1") && w.levels == 2)
        #expect(w.cost == Self.d("101.25") && w.worst == Self.d("101.5") && w.best == Self.d("101.0"))
        #expect(w.averagePrice(scale: 4) == Self.d("101.25"))
        // (101.25 - 101) / 101 = 0.2475... %
        #expect(w.slippagePercent(side: .buy) == Self.d("0.25"))
    }

    @Test func aSaleTakesTheBidsAndItsSlippageIsBelowTheBest() throws {
        let w = try #require(BookWalk.take(Self.d("4"), side: .sell, from: Self.book))
        // 1 x 100 + 2 x 99.5 + 1 x 99 = 398, 99.5 on average, 0.5 % below the best bid.
        #expect(w.complete && w.cost == Self.d("398") && w.levels == 3)
        #expect(w.averagePrice(scale: 2) == Self.d("99.5") && w.slippagePercent(side: .sell) == Self.d("0.50"))
    }

    @Test func eightPlusEightDecimalsAddUpPastTheirScalesLimit() throws {
        // Sizes and prices of 8 decimals each: a product has 16, and sums of 16-decimal values
        // leave 64 bits at 922 units. The walk keeps 8 places of each level's value.
        let book = OrderBook(
            pair: TradingPair(base: "XMR", quote: "USDT"), bids: [],
            asks: (0..<5).map { i in
                BookLevel(price: ExactDecimal("150.1234567\(i)")!, size: ExactDecimal("10.12345678")!)
            })
        let w = try #require(BookWalk.take(Self.d("50"), side: .buy, from: book))
        #expect(w.complete && w.levels == 5 && w.cost > Self.d("7500") && w.cost < Self.d("7600"))
        #expect(w.cost.scale <= BookWalk.costScale)
    }

    @Test func aLimitStopsTheWalkAndABookTooThinIsIncomplete() throws {
        let limited = try #require(BookWalk.take(Self.d("3"), side: .buy, from: Self.book, limit: Self.d("101.5")))
        #expect(!limited.complete && limited.filled == Self.d("1.5") && limited.cost == Self.d("152.0"))
        let sellLimit = try #require(BookWalk.take(Self.d("3"), side: .sell, from: Self.book, limit: Self.d("99.6")))
        #expect(sellLimit.filled == Self.d("1") && sellLimit.levels == 1)
        let thin = try #require(BookWalk.take(Self.d("10"), side: .buy, from: Self.book))
        #expect(!thin.complete && thin.filled == Self.d("5.5") && thin.levels == 3)
        let none = try #require(BookWalk.take(Self.d("1"), side: .buy, from: Self.book, limit: Self.d("100")))
        #expect(none.filled.isZero && none.averagePrice(scale: 2) == nil && !none.complete)
    }
}
