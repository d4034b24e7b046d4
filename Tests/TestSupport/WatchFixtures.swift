import SquarestockCore
import SquarestockMarket

/// Small stocks for the watch tests: a Nasdaq symbol on a Wednesday, built in one line.
package enum WatchFixtures {
    /// 2025-10-29T13:30:00Z, Wednesday 09:30 New York: the regular session opens.
    package static let open = Instant(secondsSinceEpoch: 1_761_744_600)

    package static func d(_ s: String) -> ExactDecimal { ExactDecimal(s)! }

    package static func stock(
        _ symbol: String = "AAPL", price: String?, previousClose: String? = "100",
        lastTrade: Instant? = WatchFixtures.open,
        high: String? = nil, low: String? = nil, intraday: [(Int64, String)] = [], withSession: Bool = true
    ) -> Stock {
        let registry = ExchangeRegistry.standard
        let exchange = registry.exchange(forSymbol: symbol)
        let zone = exchange.flatMap { try? ExchangeTimeZone(identifier: $0.timeZone) }
        var p = Price(
            last: price.map(d), high: (high ?? price).map(d), low: (low ?? price).map(d),
            previousClose: previousClose.map(d), lastTrade: lastTrade)
        p.deriveChange()
        let session: ClosedRange<Instant>? = withSession ? open...open.adding(seconds: 390 * 60) : nil
        return Stock(
            company: Company(symbol: symbol, name: symbol + " Inc.", exchange: exchange), currency: exchange?.currency,
            timeZone: zone, price: p,
            intraday: intraday.map { IntradayPoint(time: open.adding(seconds: $0.0), price: d($0.1)) },
            session: session, source: "test")
    }

    package static func ok(_ stock: Stock) -> StockResult {
        StockResult(symbol: stock.company.symbol, outcome: .success(stock))
    }

    package static func fail(_ symbol: String, _ error: QuoteError) -> StockResult {
        StockResult(symbol: symbol, outcome: .failure(error))
    }

    package static let refused = QuoteError.transport(
        source: "stooq", .couldNotConnect(host: "127.0.0.1:9", detail: "Connection refused"))
}
