import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockServices

/// TradeOgre API v1: the host is offline, so the adapter works only with `--endpoint`; the
/// format is read from the recorded documentation bodies.
struct TradeOgreTests {
    static func body(_ file: String) -> HTTPResponse {
        HTTPResponse(status: 200, body: Fixture.bytes("tradeogre/" + file))
    }
    static func d(_ s: String) -> ExactDecimal { ExactDecimal(s)! }

    @Test(arguments: [
        ("BTC-XMR", "XMR-BTC"),  // 2018: quote first
        ("BTC-AEON", "AEON-BTC"),
        ("BTC-USDT", "BTC-USDT"),  // 2024: base first
        ("LTC-USDT", "LTC-USDT"),
        ("BTC-LTC", "LTC-BTC"),
        ("ABC-DEF", "ABC-DEF"),
    ])
    func marketNamesAreReadByWhichCurrencyIsTheQuote(market: String, pair: String) {
        #expect(TradeOgreMarketNames.pair(market)?.symbol == pair)
    }

    @Test func marketsAreThePairListAndEveryTicker() throws {
        let markets = try TradeOgreMarketsDecoder.markets(Self.body("markets.json")).get()
        #expect(markets.count == 29)
        let xmr = try #require(markets.first { $0.name == "BTC-XMR" })
        #expect(xmr.ticker.pair.symbol == "XMR-BTC")
        let dnr = try #require(markets.first { $0.name == "BTC-DNR" })
        #expect(dnr.ticker.bid == nil && dnr.ticker.ask == nil && dnr.ticker.last != nil)
        let listings = TradeOgreMarketsDecoder.listings(markets)
        #expect(listings.allSatisfy { $0.priceDecimals == 8 && $0.status == .online })
    }

    @Test func theBookIsSortedByExactPrice() throws {
        let book = try TradeOgreBookDecoder.book(
            Self.body("SYNTHETIC_orders_BTC-XMR.json"), pair: TradingPair(base: "XMR", quote: "BTC")
        ).get()
        #expect(book.bids.map(\.price) == ["0.02425501", "0.02425500", "0.02400000", "0.02300000"].map(Self.d))
        #expect(book.asks.map(\.price) == ["0.02500001", "0.02510000", "0.02625000"].map(Self.d))
        #expect(book.spread == Self.d("0.00074500"))
    }

    @Test func historyReadsNumberAndStringDates() throws {
        let trades = try TradeOgreHistoryDecoder.trades(Self.body("history_BTC-XMR.json")).get()
        #expect(trades.first!.time.secondsSinceEpoch >= trades.last!.time.secondsSinceEpoch)
        #expect(trades.last?.time == Instant(secondsSinceEpoch: 1_515_128_233))
        let ltc = try TradeOgreHistoryDecoder.trades(Self.body("ccxt-history-LTC-USDT.json")).get()
        #expect(ltc.first?.time == Instant(secondsSinceEpoch: 1_710_696_332) && ltc.first?.side == .sell)
        #expect(ltc.first?.size == Self.d("0.15001808"))
    }

    @Test func failuresSentWithHTTP200AreErrors() {
        guard
            case .failure(.exchangeError("tradeogre", "Must be authorized", _)) = TradeOgreResponse.json(
                Self.body("error-must-be-authorized.json"))
        else {
            Issue.record("must be authorized")
            return
        }
        let notFound = HTTPResponse(status: 200, body: Array(#"{"success":false,"error":"Market not found"}"#.utf8))
        guard case .failure(.unlistedPair("tradeogre", nil)) = TradeOgreResponse.json(notFound) else {
            Issue.record("market not found")
            return
        }
    }

    @Test func withoutAnEndpointItSaysTheHostIsGone() {
        let results = ExchangeSource(adapter: TradeOgreAdapter()).quotes(
            for: ["XMR-BTC"], context: SourceContext(), transport: ScriptedTransport())
        #expect(
            results[0].errorMessage
                == "XMR-BTC: tradeogre is not configured: it has no live host (offline since July 2025); give --endpoint URL of a server speaking its API"
        )
    }

    @Test func theAdapterOverHTTP() throws {
        let server = try TradeOgreReplay.server()
        let context = SourceContext(now: Instant(secondsSinceEpoch: 1_515_130_000), endpoint: server.baseURL)
        let results = ExchangeSource(adapter: TradeOgreAdapter()).quotes(
            for: ["XMR-BTC", "AEON-BTC", "BTC-XMR"], context: context, transport: CurlTransport())
        let xmr = try #require(results[0].stock)
        #expect(xmr.price.last == Self.d("0.02500000") && xmr.price.open == Self.d("0.02502002"))
        #expect(xmr.price.change == Self.d("-0.00002002") && xmr.priceDecimals == 8)
        #expect(results[1].stock?.price.bid == Self.d("0.00022456"))
        #expect(results[2].error == .unlistedPair(source: "tradeogre", suggestion: "XMR-BTC"))
        let request = ExchangeRequest(context: context, transport: CurlTransport())
        let listing = try ExchangeMarkets.directory(TradeOgreAdapter(), request).get().resolve("XMR-BTC").get()
        #expect(try TradeOgreAdapter().book(listing, depth: 2, request).get().bids.count == 4)
        #expect(server.requests.last?.path == "/api/v1/orders/BTC-XMR")
        #expect(try TradeOgreAdapter().trades(listing, limit: 5, request).get().count == 5)
        guard
            case .failure(.notConfigured("tradeogre", _)) = TradeOgreAdapter().candles(
                listing, interval: .daily, since: context.now, request)
        else {
            Issue.record("candles")
            return
        }
    }
}

/// TradeOgre signs with `Authorization: Basic base64(key:secret)`: a server echoing the header
/// sees it redacted whole (the key's and the secret's own base64 forms left a few characters of
/// each at their edges).
struct TradeOgreAuthorizationRedactionTests {
    @Test(arguments: [("TOKEYprobe777", "TOSECRETprobe888"), ("k1", "s3cret-x"), ("key-abc", "secret")])
    func anEchoedTokenIsRedactedWhole(key: String, secret: String) {
        let account = TradeOgreAccount(credentials: ExchangeCredentials(key: key, secret: secret), endpoint: nil) {
            _ in nil
        }
        let token = String(account.authorization.dropFirst("Basic ".count))
        #expect(SecretRedactor.shared.redact("echo " + account.authorization) == "echo Basic REDACTED")
        #expect(!SecretRedactor.shared.redact("said " + token + ".").contains(token.prefix(4)))
    }
}
