import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockServices

/// Coinbase Exchange's stream feed as a decoder: the subscribe and unsubscribe messages of the
/// `ticker` and `heartbeat` channels, the recorded frames (tickers with their 24-hour change,
/// heartbeats, acknowledgements, refusals) as events, what one connection remembers (a replayed
/// or older sequence dropped, lost trades shown as a gap when a heartbeat's `last_trade_id` runs
/// past the last trade seen) and that a fresh connection remembers nothing. Frames of channels it
/// did not ask for and malformed frames give nothing.
struct CoinbaseStreamFeedTests {
    let feed = CoinbaseStreamFeed()

    static func frame(_ name: String) -> [UInt8] { Fixture.bytes("coinbase/ws-exchange/" + name) }

    static let btcTicker = "inline__msgparser__ticker_BTC-USD_no-sizes_2022-06-02.json"
    static let btcQuote =
        "quote BTC-USD 29940.91 time=2022-06-02T09:20:54Z+127011000ns bid=29940.90 ask=29940.91 change=-1736.70"
        + " pct=-5.48 volume=27783.70216674 session=nil"
    static let eth1019 =
        "quote ETH-USD 1285.22 time=2022-10-19T23:28:22Z+61769000ns bid=1285.04 ask=1285.27 change=-25.57"
        + " pct=-1.95 volume=245532.79269678 session=nil"

    func decode(_ frames: [[UInt8]]) -> [String] {
        var state = feed.makeState()
        return frames.flatMap { StreamEventText.lines(feed.decode($0, state: &state)) }
    }

    @Test func subscribeAndResubscribeMessages() {
        #expect(
            feed.subscribe(["ETH-USD", "BTC-USD"]) == [
                #"{"type":"subscribe","product_ids":["ETH-USD","BTC-USD"],"channels":["ticker","heartbeat"]}"#
            ])
        #expect(feed.subscribe([]).isEmpty)
        #expect(
            feed.resubscribe(from: ["BTC-USD", "ETH-USD"], to: ["ETH-USD", "SOL-USD"]) == [
                #"{"type":"unsubscribe","product_ids":["BTC-USD"],"channels":["ticker","heartbeat"]}"#,
                #"{"type":"subscribe","product_ids":["SOL-USD"],"channels":["ticker","heartbeat"]}"#,
            ])
        #expect(feed.resubscribe(from: ["BTC-USD"], to: ["BTC-USD"]).isEmpty)
        #expect(feed.resync("BTC-USD").isEmpty, "no books")
        #expect(feed.url(endpoint: "http://127.0.0.1:9000") == "ws://127.0.0.1:9000/")
        #expect(feed.sendsHeartbeats && feed.idleTimeout == 10 && feed.keepAlive == nil)
    }

    /// Each recorded frame alone, on a fresh connection (pretty-printed ones as the docs wrote them).
    static let recorded: [(String, [String])] = [
        (btcTicker, [btcQuote]),
        ("ticker-ETH-USD-2022-10-19.json", [eth1019]),
        ("inline__ticker_ETH-USD_with-sizes_2022-10-19_docs-example.json", [eth1019]),
        (
            "ticker-ETH-USD-2022-05-25-no-sizes.json",
            [
                "quote ETH-USD 1958.18 time=2022-05-25T13:06:56Z+76339000ns bid=1958.18 ask=1958.37 change=28.18"
                    + " pct=1.46 volume=163658.03343361 session=nil"
            ]
        ),
        ("heartbeat-docs.json", ["heartbeat ETH-USD"]),
        ("inline__heartbeat_BTC-EUR_2018-05-03.json", ["heartbeat BTC-EUR"]),
        ("inline__heartbeat_BTC-USD_whole-second_2026-09-15.json", ["heartbeat BTC-USD"]),
        ("inline__heartbeat_ETH-USD_2022-05-20.json", ["heartbeat ETH-USD"]),
        ("subscriptions-ack-docs-shape.json", ["subscribed ETH-USD,BTC-USD"]),
        // Every product of every channel, each once, in the order first named.
        ("inline__fastmm__subscriptions-ack_account_ids-null_2026-09-30.json", ["subscribed ETH-USD,BTC-USD"]),
        ("inline__error_invalid-product.json", ["failed ETH-XYZ: ETH-XYZ is not a valid product"]),
        // The first word is taken for the product; the session turns a refusal naming nothing it
        // asked for into a notice (StreamSessionTests).
        (
            "inline__error_level2-requires-authentication.json",
            ["failed level2,: level2, level3, and full channels now require authentication."]
        ),
        // Channels it never subscribes to.
        ("inline__fastmm__last_match_ETH-USD_2026-09-30.json", []),
        ("subscribe-ticker-heartbeat.json", []),
    ]

    @Test(arguments: 0..<recorded.count)
    func recordedFrames(index: Int) {
        let (name, expected) = Self.recorded[index]
        #expect(decode([Self.frame(name)]) == expected, "\(name)")
    }

    @Test func recordedLinesOfOneConnection() {
        let lines = Fixture.text("coinbase/ws-exchange/inline__heartbeat_ADA-EUR_2022-10-25_x2.jsonl")
            .split(separator: "\n").map { Array($0.utf8) }
        // Heartbeats alone never make a gap: only a trade seen gives a place to count from.
        #expect(decode(lines) == ["heartbeat ADA-EUR", "heartbeat ADA-EUR"])
        let matches = Fixture.text("coinbase/ws-exchange/inline__fastmm__match_BTC-USD_2026-09-30_x2.jsonl")
            .split(separator: "\n").map { Array($0.utf8) }
        #expect(matches.count == 2 && decode(matches).isEmpty, "the matches channel is not a ticker")
    }

    static func ticker(sequence: Int, tradeID: Int, price: String = "29940.91") -> [UInt8] {
        Array(
            (#"{"type":"ticker","sequence":\#(sequence),"product_id":"BTC-USD","price":"\#(price)","#
                + #""time":"2022-06-02T09:20:54.5Z","trade_id":\#(tradeID)}"#).utf8)
    }

    static func heartbeat(lastTradeID: Int, product: String = "BTC-USD") -> [UInt8] {
        Array(#"{"type":"heartbeat","last_trade_id":\#(lastTradeID),"product_id":"\#(product)"}"#.utf8)
    }

    static func short(_ price: String) -> String {
        "quote BTC-USD \(price) time=2022-06-02T09:20:54Z+500000000ns bid=nil ask=nil change=nil pct=nil"
            + " volume=nil session=nil"
    }

    /// Sequences per product only move forward: a replayed or older ticker is dropped, a jump
    /// is normal (the sequence counts every order event, not only trades).
    @Test func aReplayedOrOlderSequenceIsDropped() {
        let events = decode([
            Self.ticker(sequence: 100, tradeID: 7, price: "1.00"),
            Self.ticker(sequence: 100, tradeID: 7, price: "1.01"),
            Self.ticker(sequence: 99, tradeID: 6, price: "1.02"),
            Self.ticker(sequence: 5000, tradeID: 8, price: "1.03"),
            // Another product has its own sequence.
            Array(#"{"type":"ticker","sequence":1,"product_id":"ETH-USD","price":"2.5"}"#.utf8),
        ])
        #expect(
            events == [
                Self.short("1.00"), Self.short("1.03"),
                "quote ETH-USD 2.5 time=nil bid=nil ask=nil change=nil pct=nil volume=nil session=nil",
            ])
    }

    /// A heartbeat whose `last_trade_id` runs past the last trade seen: the trades between were
    /// lost, said once, and counting goes on from there.
    @Test func aHeartbeatPastTheLastTradeIsAGapSaidOnce() {
        let events = decode([
            Self.ticker(sequence: 1, tradeID: 347_875_517),
            Self.heartbeat(lastTradeID: 347_875_517),
            Self.heartbeat(lastTradeID: 347_875_520),
            Self.heartbeat(lastTradeID: 347_875_520),
            Self.ticker(sequence: 2, tradeID: 347_875_521, price: "29941.00"),
            Self.heartbeat(lastTradeID: 347_875_521),
            Self.heartbeat(lastTradeID: 9, product: "ETH-USD"),
        ])
        #expect(
            events == [
                Self.short("29940.91"), "heartbeat BTC-USD",
                "gap BTC-USD: trades 347875518...347875520 were not received", "heartbeat BTC-USD",
                "heartbeat BTC-USD", Self.short("29941.00"), "heartbeat BTC-USD", "heartbeat ETH-USD",
            ])
    }

    /// A reconnect is sent everything anew: what the last connection saw is forgotten, so its
    /// sequences are taken again and no gap is counted from its trades.
    @Test func aFreshStateRemembersNothing() {
        var old = feed.makeState()
        _ = feed.decode(Self.ticker(sequence: 100, tradeID: 7), state: &old)
        // On the old connection the same ticker is a replay, and a later heartbeat a gap.
        var oldToo = old
        #expect(feed.decode(Self.ticker(sequence: 100, tradeID: 7), state: &old).isEmpty)
        #expect(
            StreamEventText.lines(feed.decode(Self.heartbeat(lastTradeID: 50), state: &oldToo)) == [
                "gap BTC-USD: trades 8...50 were not received", "heartbeat BTC-USD",
            ])
        // A new connection counts no gap from trades it never saw, and takes the ticker as news.
        var fresh = feed.makeState()
        #expect(
            StreamEventText.lines(feed.decode(Self.heartbeat(lastTradeID: 50), state: &fresh)) == ["heartbeat BTC-USD"])
        #expect(
            StreamEventText.lines(feed.decode(Self.ticker(sequence: 100, tradeID: 7), state: &fresh)) == [
                Self.short("29940.91")
            ])
    }

    static let odd: [(String, String, [String])] = [
        ("a heartbeat naming no product", #"{"type":"heartbeat","sequence":90}"#, ["heartbeat nil"]),
        ("an empty acknowledgement", #"{"type":"subscriptions","channels":[]}"#, ["subscribed "]),
        (
            "escapes in strings are read as JSON and controls removed",
            #"{"type":"ticker","product_id":"BTC\u002DUSD","price":"1.5"}"#,
            ["quote BTC-USD 1.5 time=nil bid=nil ask=nil change=nil pct=nil volume=nil session=nil"]
        ),
        (
            "an error's control characters are removed",
            #"{"type":"error","message":"Failed to subscribe","reason":"ETH-XYZ \u001b[31mis not a valid product"}"#,
            ["failed ETH-XYZ: ETH-XYZ is not a valid product"]
        ),
        (
            "the type after the fields", #"{"product_id":"BTC-USD","price":"3","type":"ticker"}"#,
            [
                "quote BTC-USD 3 time=nil bid=nil ask=nil change=nil pct=nil volume=nil session=nil"
            ]
        ),
        (
            "a zero open gives no percentage", #"{"type":"ticker","product_id":"X-Y","price":"3","open_24h":"0"}"#,
            [
                "quote X-Y 3 time=nil bid=nil ask=nil change=3 pct=nil volume=nil session=nil"
            ]
        ),
        (
            "an unreadable time is left out", #"{"type":"ticker","product_id":"X-Y","price":"3","time":"yesterday"}"#,
            [
                "quote X-Y 3 time=nil bid=nil ask=nil change=nil pct=nil volume=nil session=nil"
            ]
        ),
    ]

    @Test(arguments: 0..<odd.count)
    func oddButReadableFrames(index: Int) {
        let (name, frame, expected) = Self.odd[index]
        #expect(decode([Array(frame.utf8)]) == expected, "\(name)")
    }

    static let malformed: [String] = [
        "", "{}", "[]", "null", "not json", #"{"type":"ticker"}"#, #"{"type":"ticker","product_id":"BTC-USD"}"#,
        #"{"type":"ticker","product_id":"BTC-USD","price":"abc"}"#,
        #"{"type":"ticker","product_id":"BTC-USD","price":"1"#,
        #"{"type":7,"product_id":"BTC-USD","price":"1"}"#, #"{"type":"unknown","product_id":"BTC-USD","price":"1"}"#,
        #"{"type":"heartbeat","product_id":"BTC-USD""#, "\u{FF}\u{00}",
    ]

    @Test(arguments: malformed)
    func malformedFramesGiveNothing(frame: String) {
        var state = feed.makeState()
        #expect(feed.decode(Array(frame.utf8), state: &state).isEmpty)
        #expect(
            StreamEventText.lines(feed.decode(Self.frame(Self.btcTicker), state: &state)) == [Self.btcQuote],
            "the connection reads on")
    }
}
