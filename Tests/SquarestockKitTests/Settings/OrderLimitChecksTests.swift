import Testing

@testable import SquarestockCore
@testable import SquarestockKit

/// The user's limits from public data alone: a value converted at the exchange's rate, a limit
/// price measured from the mid in either direction, `--far`, and the config's spellings.
struct OrderLimitChecksTests {
    static func d(_ text: String) -> ExactDecimal { ExactDecimal(text)! }

    static func preview(_ side: TradeSide, amount: String, price: String) -> OrderPreview {
        let request = OrderRequest(
            pair: TradingPair(base: "BTC", quote: "EUR"), side: side, type: .limit, amount: d(amount),
            limitPrice: d(price))
        var p = OrderPreview(
            exchange: "kraken", exchangeDisplayName: "Kraken", request: request,
            listing: PairListing(pair: request.pair, nativeName: "XBTEUR", priceDecimals: 1),
            cost: request.cost, spends: request.spends, available: nil, problems: [])
        p.mid = d("50000")
        return p
    }

    @Test func aValueInAnotherCurrencyIsConvertedAtTheExchangesRate() {
        let limits = OrderLimits(maxOrderValue: OrderLimits.parseValue("1000 usd"))
        // 0.02 x 50000 = 1000 EUR, at 1.08 = 1080 USD: above.
        let over = OrderLimitChecks.problems(
            Self.preview(.buy, amount: "0.02", price: "50000"), limits: limits, configPath: "/c",
            rate: { $0 == "EUR" && $1 == "USD" ? Self.d("1.08") : nil })
        #expect(over.converted == OrderLimits.Value(amount: Self.d("1080.00"), currency: "USD"))
        #expect(over.problems.count == 1 && over.problems[0].contains("worth 1000.00 EUR (about 1080.00 USD"))
        // 0.018 x 50000 = 900 EUR = 972 USD: within.
        let within = OrderLimitChecks.problems(
            Self.preview(.buy, amount: "0.018", price: "50000"), limits: limits, configPath: "/c",
            rate: { _, _ in Self.d("1.08") })
        #expect(within.problems.isEmpty)
        let noRate = OrderLimitChecks.problems(
            Self.preview(.buy, amount: "0.001", price: "50000"), limits: limits, configPath: "/c", rate: { _, _ in nil }
        )
        #expect(noRate.problems.first?.contains("Kraken has no EUR-USD rate") == true)
    }

    @Test func theDistanceIsMeasuredFromTheMidBothWaysAndFarSkipsIt() {
        let limits = OrderLimits()
        let check = { (side: TradeSide, price: String, far: Bool) -> [String] in
            var l = limits
            l.far = far
            return OrderLimitChecks.problems(
                Self.preview(side, amount: "0.001", price: price), limits: l, configPath: nil, rate: { _, _ in nil }
            ).problems
        }
        #expect(check(.buy, "52500", false).isEmpty)  // exactly 5 %
        #expect(check(.buy, "52501", false).first?.contains("5.00% above the book's mid 50000.00 EUR") == true)
        #expect(check(.sell, "47000", false).first?.contains("6.00% below") == true)
        #expect(check(.sell, "47000", true).isEmpty)
        #expect(check(.buy, "5000", false).first?.contains("90.00% below") == true)
    }

    @Test func theConfigSpellings() {
        #expect(OrderLimits.parseValue("1000 USD") == OrderLimits.Value(amount: Self.d("1000"), currency: "USD"))
        #expect(OrderLimits.parseValue("1000") == nil && OrderLimits.parseValue("USD 1000") == nil)
        #expect(OrderLimits.parseValue("-5 USD") == nil && OrderLimits.parseValue("0 USD") == nil)
        #expect(OrderLimits.parseDistance("5%") == Self.d("5") && OrderLimits.parseDistance(" 2.5 % ") == Self.d("2.5"))
        #expect(OrderLimits.parseDistance("five") == nil && OrderLimits.parseDistance("0%") == nil)
    }
}
