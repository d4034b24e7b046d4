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
            rate: { $0 == "EUR" && $1 == "USD" ? .success(Self.d("1.08")) : .failure(.init("none")) })
        #expect(over.converted == OrderLimits.Value(amount: Self.d("1080.00"), currency: "USD"))
        #expect(over.problems.count == 1 && over.problems[0].contains("worth 1000.00 EUR (about 1080.00 USD"))
        // 0.018 x 50000 = 900 EUR = 972 USD: within.
        let within = OrderLimitChecks.problems(
            Self.preview(.buy, amount: "0.018", price: "50000"), limits: limits, configPath: "/c",
            rate: { _, _ in .success(Self.d("1.08")) })
        #expect(within.problems.isEmpty)
        let noRate = OrderLimitChecks.problems(
            Self.preview(.buy, amount: "0.001", price: "50000"), limits: limits, configPath: "/c",
            rate: { _, _ in .failure(.init("Kraken lists no EUR-USD or USD-EUR pair")) })
        #expect(
            noRate.problems.first?.contains(
                "cannot be converted into USD (Kraken lists no EUR-USD or USD-EUR pair), so it is refused; try again"
            ) == true, "\(noRate.problems)")
    }

    /// A market order expected to average further from the best price than the limit allows
    /// is refused as a limit price that far would be (a `--yes` buy of 1 BTC through a thin
    /// book averaged 48 % over the best ask); `--far` sends it.
    @Test func aMarketOrdersExpectedAverageIsHeldToTheSameDistance() {
        func walk(_ amount: String, side: TradeSide) -> OrderPreview {
            let request = OrderRequest(
                pair: TradingPair(base: "BTC", quote: "USD"), side: side, type: .market, amount: Self.d(amount),
                limitPrice: nil)
            var p = OrderPreview(
                exchange: "kraken", exchangeDisplayName: "Kraken", request: request,
                listing: PairListing(pair: request.pair, nativeName: "XBTUSD", priceDecimals: 1),
                cost: nil, spends: request.spends, available: nil, problems: [])
            let book = OrderBook(
                pair: request.pair,
                bids: [
                    BookLevel(price: Self.d("30000"), size: Self.d("1")),
                    BookLevel(price: Self.d("28000"), size: Self.d("10")),
                ],
                asks: [
                    BookLevel(price: Self.d("30384.1"), size: Self.d("0.001")),
                    BookLevel(price: Self.d("45000"), size: Self.d("10")),
                ])
            p.walk = BookWalk.take(request.amount, side: side, from: book)
            p.cost = p.walk?.cost
            return p
        }
        func problems(_ p: OrderPreview, far: Bool = false) -> [String] {
            var limits = OrderLimits()
            limits.far = far
            return OrderLimitChecks.problems(
                p, limits: limits, configPath: "/c", rate: { _, _ in .failure(.init("none")) }
            )
            .problems
        }
        let thin = problems(walk("1", side: .buy))
        #expect(
            thin.first?.contains(
                "max_price_distance = 5%: a market buy of 1 BTC is expected to average 48.06% above the best ask 30384.10 USD"
            ) == true,
            "\(thin)")
        #expect(problems(walk("1", side: .buy), far: true).isEmpty)
        // Within the best level, or a sale a few percent into the bids: sent.
        #expect(problems(walk("0.001", side: .buy)).isEmpty)
        #expect(problems(walk("1.5", side: .sell)).isEmpty)  // averages 2.22 % below 30000
        #expect(problems(walk("5", side: .sell)).first?.contains("below the best bid 30000.00 USD") == true)
    }

    @Test func theDistanceIsMeasuredFromTheMidBothWaysAndFarSkipsIt() {
        let limits = OrderLimits()
        let check: (TradeSide, String, Bool) -> [String] = { side, price, far in
            var l = limits
            l.far = far
            return OrderLimitChecks.problems(
                Self.preview(side, amount: "0.001", price: price), limits: l, configPath: nil,
                rate: { _, _ in .failure(.init("none")) }
            ).problems
        }
        #expect(check(.buy, "52500", false).isEmpty)  // exactly 5 %
        // 5.002 %: more places than two, never "5.00% above" a 5 % limit.
        #expect(check(.buy, "52501", false).first?.contains("5.002% above the book's mid 50000.00 EUR") == true)
        #expect(check(.sell, "47000", false).first?.contains("6.00% below") == true)
        #expect(check(.sell, "47000", true).isEmpty)
        #expect(check(.buy, "5000", false).first?.contains("90.00% below") == true)
    }

    @Test func aValueThatCannotBeComputedIsRefusedNeverSkipped() {
        let limits = OrderLimits(maxOrderValue: OrderLimits.parseValue("1000 EUR"))
        var p = Self.preview(.buy, amount: "0.001", price: "50000")
        p.cost = nil
        let refused = OrderLimitChecks.problems(
            p, limits: limits, configPath: nil, rate: { _, _ in .failure(.init("x")) })
        #expect(refused.problems.first?.contains("too large to compute") == true, "\(refused.problems)")
        // A market order whose walk could not add up its book is refused for that.
        var market = p
        market.request.type = .market
        market.request.limitPrice = nil
        market.walk = nil
        let noWalk = OrderLimitChecks.problems(
            market, limits: limits, configPath: nil, rate: { _, _ in .failure(.init("x")) })
        #expect(noWalk.problems.first?.contains("too large to add up") == true, "\(noWalk.problems)")
    }

    @Test func theConfigSpellings() {
        #expect(OrderLimits.parseValue("1000 USD") == OrderLimits.Value(amount: Self.d("1000"), currency: "USD"))
        #expect(OrderLimits.parseValue("1000") == nil && OrderLimits.parseValue("USD 1000") == nil)
        #expect(OrderLimits.parseValue("-5 USD") == nil && OrderLimits.parseValue("0 USD") == nil)
        #expect(OrderLimits.parseDistance("5%") == Self.d("5") && OrderLimits.parseDistance(" 2.5 % ") == Self.d("2.5"))
        #expect(OrderLimits.parseDistance("five") == nil && OrderLimits.parseDistance("0%") == nil)
        // Digits as they are read: an exponent is refused (the setting then refuses orders).
        #expect(OrderLimits.parseValue("1e2 USD") == nil && OrderLimits.parseDistance("5e0%") == nil)
    }
}
