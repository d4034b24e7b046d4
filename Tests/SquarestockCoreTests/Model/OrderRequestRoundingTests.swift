import Testing

@testable import SquarestockCore

/// An order on the pair's grid: the amount never more than typed, a purchase's price never
/// higher, a sale's never lower; values already on the grid unchanged.
struct OrderRequestRoundingTests {
    static func request(_ side: TradeSide, _ amount: String, _ price: String?) -> OrderRequest {
        OrderRequest(
            pair: TradingPair(base: "BTC", quote: "USD"), side: side, type: price == nil ? .market : .limit,
            amount: ExactDecimal(amount)!, limitPrice: price.map { ExactDecimal($0)! })
    }

    static let ticked = PairListing(
        pair: TradingPair(base: "BTC", quote: "USD"), nativeName: "XBTUSD", tickSize: ExactDecimal("0.1"),
        sizeIncrement: ExactDecimal("0.0001"))
    static let decimals = PairListing(
        pair: TradingPair(base: "BTC", quote: "USD"), nativeName: "BTC-USD", priceDecimals: 2)

    @Test func toTheTickAndStep() {
        let buy = Self.request(.buy, "0.012345", "30000.05").rounded(to: Self.ticked)
        #expect(buy.amount == ExactDecimal("0.0123") && buy.limitPrice == ExactDecimal("30000"))
        let sell = Self.request(.sell, "0.012399", "30000.05").rounded(to: Self.ticked)
        #expect(sell.amount == ExactDecimal("0.0123") && sell.limitPrice == ExactDecimal("30000.1"))
        let exact = Self.request(.sell, "0.5", "30000.1")
        #expect(exact.rounded(to: Self.ticked) == exact)
        #expect(Self.request(.buy, "0.00009", nil).rounded(to: Self.ticked).amount.isZero)
    }

    @Test func toThePriceDecimals() {
        #expect(Self.request(.buy, "1", "1.009").rounded(to: Self.decimals).limitPrice == ExactDecimal("1"))
        #expect(Self.request(.sell, "1", "1.001").rounded(to: Self.decimals).limitPrice == ExactDecimal("1.01"))
        #expect(Self.request(.sell, "1", "1.25").rounded(to: Self.decimals).limitPrice == ExactDecimal("1.25"))
    }
}
