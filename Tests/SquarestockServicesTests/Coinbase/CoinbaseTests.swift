import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockServices

/// Coinbase Exchange: decoders on the recorded bodies, then the adapter through libcurl against
/// the replay server at Coinbase's real paths.
struct CoinbaseTests {
    static func body(_ path: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, body: Fixture.bytes("coinbase/rest-exchange/" + path))
    }
    static func d(_ s: String) -> ExactDecimal { ExactDecimal(s)! }
    static let btc = TradingPair(base: "BTC", quote: "USD")

    @Test func productsBecomeListingsWithTheirSteps() throws {
        let listings = try CoinbaseProductsDecoder.listings(Self.body("cryptofeed__products_2021-04-17.json")).get()
        #expect(listings.count == 162)
        let directory = PairDirectory(exchange: "coinbase", listings: listings)
        let btc = try directory.resolve("btc-usd").get()
        #expect(btc.nativeName == "BTC-USD" && btc.responseKey == nil)
        #expect(btc.tickSize == Self.d("0.01") && btc.sizeIncrement == Self.d("0.00000001"))
        #expect(btc.minimumSize != nil && btc.minimumCost != nil)
        guard case .failure(.unlistedPair("coinbase", "BTC-USD")) = directory.resolve("BTC-USDT") else {
            Issue.record("BTC-USDT")
            return
        }
        let one = try CoinbaseProductsDecoder.listings(
            HTTPResponse(
                status: 200,
                body: Array(
                    ("[" + Fixture.text("coinbase/rest-exchange/inline__cryptocogs__product_BTC-USD_2026-06-19.json")
                        + "]").utf8))
        ).get()
        #expect(one.first?.minimumSize == nil && one.first?.minimumCost == Self.d("1"))
    }

    @Test func statusFlagsAreRead() {
        func status(_ json: String) -> PairStatus {
            CoinbaseProductsDecoder.status((try? JSONReader.parse(Array(json.utf8))) ?? .null)
        }
        #expect(status(#"{"status":"online"}"#) == .online)
        #expect(status(#"{"status":"delisted"}"#) == .delisted)
        #expect(status(#"{"status":"online","trading_disabled":true}"#) == .delisted)
        #expect(status(#"{"status":"online","cancel_only":true}"#) == .cancelOnly)
        #expect(status(#"{"status":"online","post_only":true}"#) == .postOnly)
        #expect(status(#"{"status":"online","limit_only":true}"#) == .limitOnly)
    }

    @Test func aTickerJoinsTheLastTradeAndThe24HourStats() throws {
        let t = try CoinbaseTickerDecoder.ticker(
            pair: Self.btc, ticker: Self.body("inline__cryptocogs__ticker_BTC-USD_2026-06-19.json"),
            stats: Self.body("inline__cryptocogs__stats_BTC-USD_2026-06-19.json")
        ).get()
        #expect(t.last == Self.d("63212.97") && t.bid == Self.d("63212.97") && t.ask == Self.d("63212.98"))
        #expect(t.reference == Self.d("62605.56") && t.changeBasis == .rolling24h)
        #expect(t.high == Self.d("63351.3") && t.low == Self.d("62159.76"))
        #expect(t.volume == Self.d("4918.33722403"))
        #expect(t.lastTradeTime == Instant(secondsSinceEpoch: 1_781_887_413))
        // Without stats the price still stands.
        let bare = try CoinbaseTickerDecoder.ticker(
            pair: Self.btc, ticker: Self.body("xchange__ticker_2015-04-08_PRETTY.json"), stats: nil
        ).get()
        #expect(bare.last != nil && bare.reference == nil)
    }

    @Test func bookLevelsKeepTheirOrderCounts() throws {
        let book = try CoinbaseBookDecoder.book(
            Self.body("inline__msgparser__book_level2_5levels_2022_PRETTY.json"), pair: Self.btc
        ).get()
        #expect(book.bids.map(\.price) == ["0.1135", "0.1134", "0.1133", "0.1132", "0.1131"].map(Self.d))
        #expect(book.asks[3].price == Self.d("0.114") && book.asks[3].orders == 4)
        #expect(book.time == nil && book.sequence == 406_959_136)
        let level1 = try CoinbaseBookDecoder.book(
            Self.body("inline__cryptocogs__book_level1_BTC-USD_2026-06-19.json"), pair: Self.btc
        ).get()
        #expect(level1.time == Instant(secondsSinceEpoch: 1_781_887_411))
    }

    @Test func tradesShowTheTakersSideWithExactTimes() throws {
        let trades = try CoinbaseTradesDecoder.trades(
            Self.body("inline__cryptocogs__trades_limit2_BTC-USD_2026-06-19.json")
        )
        .get()
        // Coinbase's REST `side` is the maker's: "buy" there means a seller took a resting bid.
        #expect(trades.map(\.side) == [.sell, .buy])
        #expect(trades[0].id == "1040406590" && trades[0].nanoseconds == 739_704_000)
        #expect(trades[0].price.description == "63212.97000000")
        let ccxt = try CoinbaseTradesDecoder.trades(Self.body("ccxt__trades_BTC-USDT_limit1_2024-03-13_PRETTY.json"))
            .get()
        #expect(ccxt.first?.id == "18502034")  // a string trade_id
    }

    @Test func candlesComeOldestFirstWithTheNumbersTextKept() throws {
        let candles = try CoinbaseCandlesDecoder.candles(
            Self.body("xchange__candles_g60_2018-02-01_float-artifacts_PRETTY.json")
        )
        .get()
        #expect(candles.count == 10)
        #expect(candles.first?.time == Instant(secondsSinceEpoch: 1_517_443_200))
        #expect(zip(candles, candles.dropFirst()).allSatisfy { $0.time < $1.time })
        let artifact = try #require(candles.first { $0.time == Instant(secondsSinceEpoch: 1_517_443_680) })
        #expect(artifact.volume?.description == "4.727521520000001")
        #expect(
            artifact.low == Self.d("10106.01") && artifact.high == Self.d("10130")
                && artifact.open == Self.d("10129.99"))
        #expect(CoinbaseCandlesDecoder.seconds(for: .minutes(5)) == 300)
        #expect(CoinbaseCandlesDecoder.seconds(for: .minutes(240)) == 21600)
        #expect(CoinbaseCandlesDecoder.seconds(for: .weekly) == 86400)
    }

    @Test func errorsCarryTheirStatusAndMessage() {
        func failure(_ r: HTTPResponse) -> QuoteError? {
            if case .failure(let e) = CoinbaseResponse.json(r) { return e }
            return nil
        }
        #expect(
            failure(Self.body("error-bodies/RECONSTRUCTED__NotFound.json", status: 404))
                == .unlistedPair(source: "coinbase", suggestion: nil))
        #expect(
            failure(Self.body("error-bodies/RECONSTRUCTED__Public_rate_limit_exceeded.json", status: 429))
                == .rateLimited(
                    source: "coinbase", detail: "HTTP 429: Public rate limit exceeded",
                    retryAfter: nil))
        guard
            case .exchangeError("coinbase", "User-Agent header is required.", _)? = failure(
                Self.body("error-bodies/inline__User-Agent_header_is_required.json", status: 400))
        else {
            Issue.record("user agent")
            return
        }
    }

    @Test func theAdapterOverHTTP() throws {
        let server = try CoinbaseReplay.server()
        let context = SourceContext(now: Instant(secondsSinceEpoch: 1_781_887_500), endpoint: server.baseURL)
        let results = ExchangeSource(adapter: CoinbaseAdapter()).quotes(
            for: ["BTC-USD", "BTC-USDT"], context: context, transport: CurlTransport())
        let btc = try #require(results[0].stock)
        #expect(btc.price.last == Self.d("63212.97") && btc.price.change == Self.d("607.41"))
        #expect(btc.price.lastTrade == Instant(secondsSinceEpoch: 1_781_887_413))
        #expect(btc.notes.contains(.remark("change over 24 h")))
        #expect(btc.priceDecimals == 2)
        #expect(results[1].error == .unlistedPair(source: "coinbase", suggestion: "BTC-USD"))
        #expect(server.requests.allSatisfy { $0.header("User-Agent")?.hasPrefix("squarestock/") == true })
        #expect(
            Set(server.requests.map(\.path)) == ["/products", "/products/BTC-USD/ticker", "/products/BTC-USD/stats"])

        let request = ExchangeRequest(context: context, transport: CurlTransport())
        let listing = try ExchangeMarkets.directory(CoinbaseAdapter(), request).get().resolve("BTC-USD").get()
        let book = try CoinbaseAdapter().book(listing, depth: 10, request).get()
        #expect(book.bids.first?.orders == 1 && book.asks.first?.orders == 8)
        let trades = try CoinbaseAdapter().trades(listing, limit: 2, request).get()
        #expect(trades.count == 2)
        #expect(server.requests.last?.target == "/products/BTC-USD/trades?limit=2")
        let candles = try CoinbaseAdapter().candles(
            listing, interval: .minutes(1), since: Instant(secondsSinceEpoch: 1_781_887_000), request
        ).get()
        #expect(candles.seconds == 60 && candles.candles.count == 2)
        #expect(server.requests.last?.queryItem("granularity") == "60")
        #expect(server.requests.last?.queryItem("end") == "2026-06-19T16:45:00Z")
        guard
            case .failure(.exchangeError("coinbase", "Unsupported granularity", _)) = CoinbaseAdapter().candles(
                listing, interval: .daily, since: Instant(secondsSinceEpoch: 1_781_000_000), request)
        else {
            Issue.record("granularity")
            return
        }
    }

    @Test func withoutStatsAQuoteStandsWithoutItsChange() throws {
        let routes = CoinbaseReplay.routes()
        let server = try LoopbackHTTPServer { request in
            request.path.hasSuffix("/stats")
                ? LoopbackResponse(status: 404, body: Array(#"{"message":"NotFound"}"#.utf8))
                : routes.respond(to: request)
        }
        let results = ExchangeSource(adapter: CoinbaseAdapter()).quotes(
            for: ["BTC-USD"],
            context: SourceContext(now: Instant(secondsSinceEpoch: 1_781_887_500), endpoint: server.baseURL),
            transport: CurlTransport())
        let btc = try #require(results[0].stock)
        #expect(btc.price.last == Self.d("63212.97") && btc.price.change == nil && btc.price.high == nil)
    }
}
