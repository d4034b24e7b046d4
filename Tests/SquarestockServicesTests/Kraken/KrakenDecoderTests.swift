import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockServices

/// Kraken's decoders on the recorded bodies: pair names through AssetPairs, tickers under their
/// keys, books, tapes in both row lengths, OHLC with empty and unfinished bars, and its HTTP 200
/// errors.
struct KrakenDecoderTests {
    static func body(_ path: String) -> HTTPResponse {
        HTTPResponse(status: 200, body: Fixture.bytes("kraken/" + path))
    }
    static func d(_ s: String) -> ExactDecimal { ExactDecimal(s)! }

    static let allPairs2021 = "rest-assetpairs/cryptofeed__AssetPairs_all_2021-04-17.json"

    @Test func theFull2021PairListMapsEveryPairBothWays() throws {
        let listings = try KrakenAssetPairsDecoder.listings(Self.body(Self.allPairs2021)).get()
        // 304 keys, 11 of them dark-pool `.d` keys that cannot be quoted.
        #expect(listings.count == 293)
        let directory = PairDirectory(exchange: "kraken", listings: listings)
        let btc = try directory.resolve("BTC-USD").get()
        #expect(btc.nativeName == "XBTUSD" && btc.answerKey == "XXBTZUSD")
        #expect(btc.priceDecimals == 1 && btc.status == .online)
        #expect(btc.sizeIncrement == Self.d("0.00000001"))
        #expect(try directory.resolve("ETH-BTC").get().answerKey == "XETHXXBT")
        #expect(try directory.resolve("DOGE-USD").get().nativeName == "XDGUSD")
        #expect(try directory.resolve("DOGE-BTC").get().answerKey == "XXDGXXBT")
        #expect(try directory.resolve("DOT-USD").get().responseKey == nil)  // key == altname
        #expect(directory.listing(answerKey: "XXBTZEUR")?.pair.symbol == "BTC-EUR")
        // Every listing answers to its own pair, and no two listings claim one pair.
        #expect(Set(listings.map(\.pair)).count == listings.count)
        for l in listings { #expect(directory.listing(for: l.pair)?.nativeName == l.nativeName) }
        #expect(!listings.contains { $0.pair.base == "XBT" || $0.pair.quote == "XBT" || $0.pair.base == "XDG" })
        #expect(!listings.contains { $0.pair.base.count == 4 && $0.pair.base.hasPrefix("X") && $0.pair.base != "XTZ" })
    }

    @Test func theDocsExampleHasTheNewerFields() throws {
        let listings = try KrakenAssetPairsDecoder.listings(
            Self.body("rest-assetpairs/krakennet__docs-example_AssetPairs_XETHXXBT_XXBTZUSD_PRETTY.json")
        ).get()
        let btc = try #require(listings.first { $0.pair.symbol == "BTC-USD" })
        #expect(btc.minimumSize != nil && btc.tickSize != nil)
        #expect(listings.map(\.pair.symbol).sorted() == ["BTC-USD", "ETH-BTC"])
    }

    @Test func aTickerIsReadUnderItsKeyAndKeepsEveryDigit() throws {
        let byKey = try KrakenTickerDecoder.tickers(
            Self.body("rest-ticker/inline__Ticker_pair-XBTUSD_key-XXBTZUSD_2026-09-25.json"),
            pairFor: { $0 == "XXBTZUSD" ? TradingPair(base: "BTC", quote: "USD") : nil }
        ).get()
        let t = try #require(byKey["XXBTZUSD"])
        #expect(t.last?.description == "84036.00000")
        #expect(t.lastSize == Self.d("0.00112355"))
        #expect(t.bid == Self.d("84036.00000") && t.ask == Self.d("84036.10000"))
        #expect(t.askSize == Self.d("2.000") && t.bidSize == Self.d("1.000"))
        #expect(t.reference == Self.d("84380.00000") && t.changeBasis == .utcMidnight)
        #expect(t.high == Self.d("84914.80000") && t.low == Self.d("82832.30000"))
        #expect(t.volume == Self.d("3307.38151293") && t.vwap == Self.d("84073.56822"))
        #expect(t.tradeCount == 135029)
        #expect(t.spread?.normalized.description == "0.1")
    }

    @Test func a2014TickerWithTwoElementBidAndAskStillReads() throws {
        let byKey = try KrakenTickerDecoder.tickers(
            Self.body("rest-ticker/xchange__Ticker_XXBTZEUR_2014_PRETTY.json"),
            pairFor: { _ in TradingPair(base: "BTC", quote: "EUR") }
        ).get()
        let t = try #require(byKey.values.first)
        #expect(t.bid != nil && t.ask != nil && t.bidSize != nil)
        #expect(t.last != nil)
    }

    @Test func aBookHasBothSidesBestFirst() throws {
        let book = try KrakenDepthDecoder.book(
            Self.body("rest-depth/inline__msgparser__Depth_XXBTZUSD_3levels_2022-06-04.json"),
            pair: TradingPair(base: "BTC", quote: "USD")
        ).get()
        #expect(book.asks.map(\.price) == ["29727.10000", "29728.30000", "29728.70000"].map(Self.d))
        #expect(book.bids.map(\.size) == ["3.127", "0.085", "0.586"].map(Self.d))
        #expect(book.bids[0].updated == Instant(secondsSinceEpoch: 1_654_302_625))
        #expect(book.spread == Self.d("0.1"))
    }

    @Test func tradesComeNewestFirstWithExactTimesAndTakerSides() throws {
        let trades = try KrakenTradesDecoder.trades(
            Self.body("rest-trades/krakennet__docs-example_Trades_XXBTZUSD_2023-07-06_PRETTY.json")
        ).get()
        #expect(trades.count == 3)
        #expect(trades.map(\.id) == ["61044956", "61044953", "61044952"])
        #expect(trades[2].time == Instant(secondsSinceEpoch: 1_688_669_597))
        #expect(trades[2].nanoseconds == 827_736_900)
        #expect(trades[2].side == .buy && trades[1].side == .sell)
        #expect(trades[2].price.description == "30243.40000")
    }

    @Test(arguments: [
        "rest-trades/xchange__Trades_XXBTZUSD_2013-11-27_6-field-rows_PRETTY.json",
        "rest-trades/ccxt__Trades_XBTUSDT_count1_2024-03-13_PRETTY.json",
    ])
    func sixAndEightFieldRowsAreReadByPosition(file: String) throws {
        let trades = try KrakenTradesDecoder.trades(Self.body(file)).get()
        #expect(!trades.isEmpty)
        #expect(trades.allSatisfy { $0.side != nil && !$0.price.isZero })
        // Newest first.
        #expect(
            zip(trades, trades.dropFirst()).allSatisfy {
                !(EpochTime(instant: $0.time, nanoseconds: $0.nanoseconds)
                    < EpochTime(instant: $1.time, nanoseconds: $1.nanoseconds))
            })
    }

    @Test func barsWithoutTradesLoseTheirZeroVWAPAndTheLastBarIsUnfinished() throws {
        let series = try KrakenOHLCDecoder.candles(
            Self.body("rest-ohlc/inline__OHLC_USDCUSD_interval1_zero-volume-bars_2023-11-14.json"),
            pair: TradingPair(base: "USDC", quote: "USD"), minutes: 1
        ).get()
        #expect(series.seconds == 60)
        #expect(series.candles[0].vwap == Self.d("1.0000") && series.candles[0].tradeCount == 6)
        #expect(series.candles[1].vwap == nil && series.candles[1].isEmpty)
        #expect(series.candles[1].close == Self.d("1.0000"))
        #expect(series.candles.last?.isComplete == false)
        #expect(series.candles.dropLast().allSatisfy { $0.isComplete })
    }

    @Test func ohlcWithAGapAndAStringCursorReads() throws {
        let series = try KrakenOHLCDecoder.candles(
            Self.body("rest-ohlc/ccxt__OHLC_XBTUSDT_interval60_gap_2024-01-30_PRETTY.json"),
            pair: TradingPair(base: "BTC", quote: "USDT"), minutes: 60
        ).get()
        #expect(series.candles.count > 2)
        #expect(zip(series.candles, series.candles.dropFirst()).allSatisfy { $0.time < $1.time })
    }

    @Test func intervalsRoundUpToOnesKrakenServes() {
        #expect(KrakenOHLCDecoder.minutes(for: .minutes(5)) == 5)
        #expect(KrakenOHLCDecoder.minutes(for: .minutes(2)) == 5)
        #expect(KrakenOHLCDecoder.minutes(for: .minutes(120)) == 240)
        #expect(KrakenOHLCDecoder.minutes(for: .daily) == 1440)
        #expect(KrakenOHLCDecoder.minutes(for: .weekly) == 10080)
        #expect(KrakenOHLCDecoder.minutes(for: .monthly) == 21600)
    }

    @Test func systemStatusReads() throws {
        #expect(
            try KrakenStatusDecoder.status(Self.body("rest-status/krakennet__docs-example_SystemStatus_PRETTY.json"))
                .get()
                == .online)
        let maintenance = HTTPResponse(
            status: 200, body: Array(#"{"error":[],"result":{"status":"maintenance","timestamp":"x"}}"#.utf8))
        #expect(try KrakenStatusDecoder.status(maintenance).get() == .maintenance)
    }

    @Test func errorsSentWithHTTP200BecomeClearErrors() {
        func error(_ file: String) -> QuoteError? {
            if case .failure(let e) = KrakenEnvelope.result(Self.body("error-bodies/" + file)) { return e }
            return nil
        }
        #expect(error("inline__EQuery_Unknown_asset_pair.json") == .unlistedPair(source: "kraken", suggestion: nil))
        #expect(
            error("inline__EGeneral_Too_many_requests.json")
                == .rateLimited(source: "kraken", detail: "EGeneral:Too many requests", retryAfter: nil))
        #expect(
            error("RECONSTRUCTED__EAPI_Rate_limit_exceeded.json")
                == .rateLimited(source: "kraken", detail: "EAPI:Rate limit exceeded", retryAfter: nil))
        guard
            case .exchangeError("kraken", "EGeneral:Invalid arguments", _)? = error(
                "inline__EGeneral_Invalid_arguments.json")
        else {
            Issue.record("invalid arguments")
            return
        }
        // A warning with a result is not a failure.
        let warned = HTTPResponse(
            status: 200, body: Array(#"{"error":["WGeneral:Something"],"result":{"status":"online"}}"#.utf8))
        #expect((try? KrakenStatusDecoder.status(warned).get()) == .online)
        // A CDN page or an empty body is not an answer.
        let html = HTTPResponse(status: 503, body: Array("<html><body>Service Unavailable</body></html>".utf8))
        guard case .failure(.notJSON("kraken", 503, .html, _)) = KrakenEnvelope.result(html) else {
            Issue.record("html")
            return
        }
        let throttled = HTTPResponse(status: 429, headers: [HTTPHeader(name: "Retry-After", value: "7")], body: [])
        guard case .failure(.rateLimited("kraken", _, 7)) = KrakenEnvelope.result(throttled) else {
            Issue.record("429")
            return
        }
    }
}
