import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockServices

/// Kraken through libcurl against a loopback server answering at Kraken's real paths with the
/// recorded bodies (`--endpoint` swaps only scheme, host and port).
struct KrakenLoopbackTests {
    static let now = Instant(secondsSinceEpoch: 1_790_000_000)

    static func context(_ server: LoopbackHTTPServer, cache: String? = nil) -> SourceContext {
        SourceContext(now: now, endpoint: server.baseURL, cacheDirectory: cache)
    }

    static func cacheFolder() -> String {
        let dir = TemporaryPath.make("kraken")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        chmod(dir, 0o700)
        return dir
    }

    @Test func quotesComeFromOneBatchAndThePairListIsCachedForADay() throws {
        let server = try KrakenReplay.server()
        let cache = Self.cacheFolder()
        let source = ExchangeSource(adapter: KrakenAdapter())
        let results = source.quotes(
            for: ["BTC-USD", "btc-usdt", "BTC-USDX", "AAPL"], context: Self.context(server, cache: cache),
            transport: CurlTransport())
        #expect(results.map(\.symbol) == ["BTC-USD", "btc-usdt", "BTC-USDX", "AAPL"])
        let btc = try #require(results[0].stock)
        #expect(btc.price.last?.description == "84036.00000")
        #expect(btc.price.bid?.description == "84036.00000" && btc.price.ask?.description == "84036.10000")
        #expect(btc.price.vwap?.description == "84073.56822")
        #expect(btc.price.change?.description == "-344.00000")
        #expect(btc.price.changePercent?.description == "-0.4077")
        #expect(btc.price.open?.description == "84380.00000")
        #expect(btc.reportedStatus == .open)
        #expect(btc.notes.contains(.remark("change since 00:00 UTC")))
        #expect(btc.company.exchange?.id == "CRYPTO" && btc.timeZone?.identifier == "UTC")
        #expect(btc.priceDecimals == 1)
        #expect(btc.source == "kraken")
        #expect(results[1].stock?.price.last?.description == "73380.60000")
        #expect(results[2].error == .unlistedPair(source: "kraken", suggestion: "BTC-USD"))
        guard case .unsupportedSymbol("kraken", _)? = results[3].error else {
            Issue.record("AAPL: \(String(describing: results[3].error))")
            return
        }
        let paths = server.requests.map(\.path)
        #expect(paths.filter { $0 == "/0/public/AssetPairs" }.count == 1)
        #expect(
            server.requests.filter { $0.path == "/0/public/Ticker" }.map { $0.queryItem("pair") } == ["XBTUSD,XBTUSDT"])
        #expect(paths.contains("/0/public/SystemStatus"))
        #expect(server.requests.allSatisfy { $0.header("User-Agent")?.hasPrefix("squarestock/") == true })

        // Within the day the pair list comes from the cache: no second AssetPairs request.
        let again = source.quotes(
            for: ["BTC-USD"], context: Self.context(server, cache: cache), transport: CurlTransport())
        #expect(again[0].stock != nil)
        #expect(server.requests.filter { $0.path == "/0/public/AssetPairs" }.count == 1)
    }

    @Test func oneUnknownPairInABatchFailsOnlyThatPair() throws {
        let server = try KrakenReplay.server()
        // ETH-USD is listed, but this server (like Kraken for a pair it no longer serves) answers
        // the batch holding it with `EQuery:Unknown asset pair`.
        let results = ExchangeSource(adapter: KrakenAdapter()).quotes(
            for: ["ETH-USD", "BTC-USD"], context: Self.context(server), transport: CurlTransport())
        // Listed, so not called unlisted (issue 28): what happened, and the closest other pair.
        #expect(
            results[0].error
                == .exchangeError(
                    source: "kraken", message: "ETH-USD is in its pair list, but its ticker was not found",
                    hint:
                        "try ETH-USDT; the pair may be being delisted: `squarestock markets --exchange kraken` lists its pairs"
                ))
        #expect(results[1].stock?.price.last?.description == "84036.00000")
        // The batch first, then each pair alone; the singles go out together, in any order.
        let asked = server.requests.filter { $0.path == "/0/public/Ticker" }.compactMap { $0.queryItem("pair") }
        #expect(asked.first == "ETHUSD,XBTUSD")
        #expect(asked.dropFirst().sorted() == ["ETHUSD", "XBTUSD"])
    }

    @Test func bookTradesAndCandlesComeFromTheirEndpoints() throws {
        let server = try KrakenReplay.server()
        let request = ExchangeRequest(context: Self.context(server), transport: CurlTransport())
        let adapter = KrakenAdapter()
        let listing = try ExchangeMarkets.directory(adapter, request).get().resolve("BTC-USD").get()
        let book = try adapter.book(listing, depth: 10, request).get()
        #expect(!book.bids.isEmpty && !book.asks.isEmpty)
        #expect(book.bids.first!.price > book.bids.last!.price || book.bids.count == 1)
        #expect(server.requests.last?.target == "/0/public/Depth?pair=XBTUSD&count=10")
        let trades = try adapter.trades(listing, limit: 50, request).get()
        #expect(trades.map(\.id) == ["61044956", "61044953", "61044952"])
        #expect(server.requests.last?.target == "/0/public/Trades?pair=XBTUSD&count=50")
        let candles = try adapter.candles(
            listing, interval: .minutes(60), since: Instant(secondsSinceEpoch: 1_701_700_000), request
        ).get()
        #expect(candles.seconds == 3600 && candles.candles.count == 24)
        #expect(candles.candles.last?.isComplete == false)
        #expect(server.requests.last?.target == "/0/public/OHLC?pair=XBTUSD&interval=60&since=1701700000")
        // The market never closes: the last bar of 4 December (ending at midnight UTC) is the
        // close a chart of the 5th measures from; it measured from its own first bar.
        let fetched = ExchangeSource(adapter: adapter).fetched(
            symbol: "BTC-USD", series: candles, context: Self.context(server))
        #expect(fetched.previousCloses[CivilDate(year: 2023, month: 12, day: 5)] == ExactDecimal("41984.7"))
        let day = try fetched.chartData(symbol: "BTC-USD", range: .day1).get()
        #expect(day.previousClose == ExactDecimal("41984.7") && day.series.bars.first?.session.day == 5)
        // An interval the server refuses comes back as Kraken's own error, with what to do.
        guard
            case .failure(.exchangeError("kraken", "EGeneral:Invalid arguments", _)) = adapter.candles(
                listing, interval: .minutes(5), since: Self.now, request)
        else {
            Issue.record("invalid arguments")
            return
        }
    }

    @Test func aThrottleIsARateLimitForEveryPair() throws {
        let routes = KrakenReplay.routes()
        let server = try LoopbackHTTPServer { request in
            request.path == "/0/public/Ticker"
                ? LoopbackResponse(body: Fixture.bytes("kraken/error-bodies/inline__EGeneral_Too_many_requests.json"))
                : routes.respond(to: request)
        }
        let results = ExchangeSource(adapter: KrakenAdapter()).quotes(
            for: ["BTC-USD", "BTC-USDT"], context: Self.context(server), transport: CurlTransport())
        for r in results {
            #expect(r.error == .rateLimited(source: "kraken", detail: "EGeneral:Too many requests", retryAfter: nil))
            #expect(r.error?.isServiceLevel == true)
        }
    }

    @Test func aCDNPageInsteadOfThePairListFailsEveryPairClearly() throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackResponse(
                status: 503,
                body: Array(
                    "<html><head><title>503 Service Unavailable</title></head><body>cloudflare</body></html>".utf8))
        }
        let results = ExchangeSource(adapter: KrakenAdapter()).quotes(
            for: ["BTC-USD"], context: Self.context(server),
            transport: CurlTransport(options: TransportOptions(timeout: 5)))
        #expect(
            results[0].errorMessage
                == "BTC-USD: the server sent an HTML page instead of JSON (HTTP 503): \"503 Service Unavailable\"; kraken may be down or changed its format, try again later"
        )
    }
}
