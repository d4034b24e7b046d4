import SquarestockKit

@testable import SquarestockCore
@testable import SquarestockLive
@testable import SquarestockMarket

/// Quotes the script decides: `answer` gets the symbols asked and the number of the refresh
/// (0 first) and returns the results, as a source would.
final class ScriptedFeed: WatchQuoteFeed, @unchecked Sendable {
    let sourceName = "scripted"
    let sourceIsChain = false
    let replay: WatchReplay? = nil
    private let lock = Lock()
    private let answer: @Sendable ([String], Int) -> [StockResult]
    private var calls = 0

    init(_ answer: @escaping @Sendable ([String], Int) -> [StockResult]) { self.answer = answer }

    /// How many refreshes were asked for.
    var refreshes: Int { lock.withLock { calls } }

    func quotes(for symbols: [String], now: Instant) -> [StockResult] {
        let call = lock.withLock {
            defer { calls += 1 }
            return calls
        }
        return answer(symbols, call)
    }
}

/// Stocks for the live tests: a Nasdaq symbol in its regular session, built in one line.
enum LiveFixtures {
    /// 2025-10-29T14:30:00Z, Wednesday 10:30 New York: an hour into the regular session.
    static let now = Instant(secondsSinceEpoch: 1_761_748_200)
    static let open = Instant(secondsSinceEpoch: 1_761_744_600)

    static func d(_ s: String) -> ExactDecimal { ExactDecimal(s)! }

    static func stock(_ symbol: String, price: String, previousClose: String = "100") -> Stock {
        let exchange = ExchangeRegistry.standard.exchange(forSymbol: symbol)
        let zone = exchange.flatMap { try? ExchangeTimeZone(identifier: $0.timeZone) }
        var p = Price(
            last: d(price), high: d(price), low: d(price), previousClose: d(previousClose), lastTrade: now)
        p.deriveChange()
        return Stock(
            company: Company(symbol: symbol, name: symbol + " Inc.", exchange: exchange), currency: exchange?.currency,
            timeZone: zone, price: p, session: open...open.adding(seconds: 390 * 60), source: "scripted")
    }

    static func ok(_ symbol: String, _ price: String) -> StockResult {
        StockResult(symbol: symbol, outcome: .success(stock(symbol, price: price)))
    }

    static let refused = QuoteError.transport(
        source: "scripted", .couldNotConnect(host: "127.0.0.1:9", detail: "Connection refused"))
}
