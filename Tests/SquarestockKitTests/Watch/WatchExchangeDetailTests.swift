import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockNetworking
@testable import SquarestockServices

/// Watch rows of an exchange source: the day's candles become the sparkline's points and the
/// newest trade the last trade time when the ticker has none (Kraken's), instead of "no
/// intraday data" and no last trade.
struct WatchExchangeDetailTests {
    /// 2023-12-05T22:30:00Z: the recorded hourly OHLC runs from 23:00 the day before to 22:00.
    static let now = Instant(secondsSinceEpoch: 1_701_815_400)

    static func feed(_ server: LoopbackHTTPServer) -> WatchFeed {
        let cache = TemporaryPath.make("watch-exchange")
        try? FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        chmod(cache, 0o700)
        return WatchFeed(
            source: ExchangeSource(adapter: KrakenAdapter()), transport: CurlTransport(),
            context: SourceContext(now: now, endpoint: server.baseURL, cacheDirectory: cache), replay: nil)
    }

    @Test func aKrakenRowGetsTheDaysCandlesAndItsLastTrade() throws {
        let routes = KrakenReplay.routes()
        // The recorded hourly candles, answered for the 5-minute ones watch asks for (same body).
        routes.add(
            path: "/0/public/OHLC", queryContains: ["pair=XBTUSD", "interval=5"],
            response: LoopbackResponse(
                headers: [("Content-Type", "application/json")],
                body: Fixture.bytes("kraken/rest-ohlc/inline__OHLC_XXBTZUSD_interval60_24bars_2023-12-05.json")))
        let server = try KrakenReplay.server(routes: routes)
        let stock = try #require(Self.feed(server).quotes(for: ["BTC-USD"], now: Self.now).first?.stock)
        // 23 of the 24 candles are of the day (from 00:00 UTC), each at its bucket's close.
        #expect(stock.intraday.count == 23, "\(stock.intraday.count)")
        #expect(stock.intraday.last?.price.description == "44355.0")
        #expect(stock.intradayUnavailable == nil)
        #expect(stock.session?.lowerBound == Instant(secondsSinceEpoch: 1_701_734_400))
        // The newest recorded trade (2023-07-06 18:53:22 UTC) where the ticker carries no time.
        #expect(
            stock.price.lastTrade?.iso8601UTC == "2023-07-06T18:53:22Z", "\(String(describing: stock.price.lastTrade))")
        #expect(server.requests.contains { $0.path == "/0/public/Trades" && $0.queryItem("count") == "1" })
    }

    /// Every row's candles and newest trade go to the transport in one batch, not one row after
    /// another (a refresh of 50 pairs was 100 round trips).
    @Test func theRowsRequestsGoOutTogether() throws {
        let server = try KrakenReplay.server()
        let cache = TemporaryPath.make("watch-exchange")
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        chmod(cache, 0o700)
        let log = BatchLogTransport(CurlTransport())
        let feed = WatchFeed(
            source: ExchangeSource(adapter: KrakenAdapter()), transport: log,
            context: SourceContext(now: Self.now, endpoint: server.baseURL, cacheDirectory: cache), replay: nil)
        let results = feed.quotes(for: ["BTC-USD", "BTC-USDT"], now: Self.now)
        #expect(results.allSatisfy { $0.stock != nil }, "\(results.map(\.errorMessage))")
        let detail = log.batches.filter { batch in batch.contains { $0.contains("/OHLC") || $0.contains("/Trades") } }
        #expect(detail.count == 1, "\(log.batches)")
        let urls = detail.first ?? []
        #expect(urls.filter { $0.contains("/0/public/OHLC") }.count == 2, "\(urls)")
        #expect(urls.filter { $0.contains("/0/public/Trades") }.count == 2, "\(urls)")
    }

    @Test func whatCannotBeFetchedLeavesTheRowAsTheTickerMadeIt() throws {
        // KrakenReplay answers OHLC at 5 minutes with Kraken's error: the row keeps its note.
        let server = try KrakenReplay.server()
        let stock = try #require(Self.feed(server).quotes(for: ["BTC-USD"], now: Self.now).first?.stock)
        #expect(stock.intraday.isEmpty && stock.intradayUnavailable != nil)
        #expect(stock.price.last?.description == "84036.00000")
    }

    /// Kraken's day of candles is one URL all day, kept 4 minutes like Yahoo's day chart: its
    /// adapter says so on the request; its trades, which give the last trade time, never.
    @Test func theDaysCandlesAreKeptAFewMinutes() {
        let transport = ScriptedTransport()
        let request = ExchangeRequest(context: SourceContext(endpoint: "http://127.0.0.1:1"), transport: transport)
        let pair = PairListing(pair: TradingPair(base: "BTC", quote: "USD"), nativeName: "XBTUSD")
        let adapter = KrakenAdapter()
        _ = adapter.candles(pair, interval: .minutes(5), since: Self.now, request)
        _ = adapter.trades(pair, limit: 1, request)
        let asked = transport.requested
        #expect(asked.count == 2 && asked[0].url.contains("/0/public/OHLC?") && asked[1].url.contains("/Trades?"))
        #expect(asked.map(\.reuseFor) == [240, nil])
    }
}
