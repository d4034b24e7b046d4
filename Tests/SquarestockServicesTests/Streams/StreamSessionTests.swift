import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockServices

/// `StreamSession` against the loopback WebSocket server, through the real libcurl client: it
/// connects to the feed's path on the endpoint, subscribes (the server sees the message), reports
/// `live` with the first message and hands on the events in order, dropping those for symbols it
/// did not ask for; every way a connection ends is followed by `reconnecting` and a new
/// connection that subscribes to the same set and goes on; silence past the idle limit ends a
/// connection the same way; a refused symbol is reported and dropped while the others go on (all
/// refused ends the run); a drifted book is fetched again on the same connection; a feed without
/// a heartbeat has its list sent again; `stop()` from another thread ends `run` with a close
/// frame. Every wait is for something to happen, bounded only against failure; the idle and
/// keep-alive specs move a manual clock instead of waiting for time to pass.
struct StreamSessionTests {
    // MARK: Frames and what they become

    static let btcFrame = Fixture.text(
        "coinbase/ws-exchange/inline__msgparser__ticker_BTC-USD_no-sizes_2022-06-02.json")
    static let ethFrame = Fixture.text("coinbase/ws-exchange/ticker-ETH-USD-2022-10-19.json")
    static let btcQuote = CoinbaseStreamFeedTests.btcQuote
    static let ethQuote = CoinbaseStreamFeedTests.eth1019
    static let coinbaseBoth =
        #"{"type":"subscribe","product_ids":["BTC-USD","ETH-USD"],"channels":["ticker","heartbeat"]}"#
    static let yahooFrame =
        "{\"type\":\"pricing\",\"message\":\"\(YahooStreamFeedTests.recorded)\"}"

    /// A session on `server` with the short limits the command line's tests set through
    /// `SQUARESTOCK_STREAM_IDLE` and `SQUARESTOCK_STREAM_BACKOFF`; the idle limit is long unless a
    /// spec is about it, so a loaded machine cannot end a connection early.
    static func session(
        _ feed: any StreamFeed, _ server: LoopbackWebSocketServer, _ symbols: [String], idle: Double = 60,
        backoff: Double = 0.01, clock: any MonotonicClock = SystemMonotonicClock()
    ) -> StreamSession {
        StreamSession(
            feed: feed, endpoint: "http://127.0.0.1:\(server.port)", symbols: symbols, backoffBase: backoff,
            idleTimeout: idle, clock: clock)
    }

    /// Keeps a connection open, reading what the client sends, until the client closes or leaves.
    static func holdUntilClosed(_ peer: WebSocketPeer) {
        while peer.receiveText(timeout: 60) != nil {}
    }

    // MARK: One connection

    @Test func connectsSubscribesAndDeliversEventsInOrder() throws {
        let path = Locked("")
        let server = try LoopbackWebSocketServer { peer in
            path.set(peer.path)
            guard peer.receiveText() != nil else { return }
            peer.send(text: Fixture.text("coinbase/ws-exchange/subscriptions-ack-docs-shape.json"))
            peer.send(text: Self.btcFrame)
            // Nobody asked for SOL-USD: not believed, not passed on.
            peer.send(text: #"{"type":"ticker","product_id":"SOL-USD","price":"150.00"}"#)
            peer.send(text: Self.ethFrame)
            peer.send(text: #"{"type":"heartbeat","product_id":"SOL-USD"}"#)
            peer.send(text: #"{"type":"heartbeat","product_id":"BTC-USD"}"#)
            Self.holdUntilClosed(peer)
        }
        defer { server.stop() }
        let run = SessionRun(Self.session(CoinbaseStreamFeed(), server, ["BTC-USD", "ETH-USD"]))
        defer { run.stop() }
        #expect(run.log.wait(startingWith: "heartbeat"))
        #expect(
            run.log.lines == [
                "connecting", "live", "subscribed ETH-USD,BTC-USD", Self.btcQuote, Self.ethQuote, "heartbeat BTC-USD",
            ])
        #expect(server.received == [Self.coinbaseBoth])
        #expect(path.current == "/" && server.connections == 1)
    }

    /// `stop()` from a thread other than the one in `run`: `run` returns, says `stopped`, and the
    /// server is sent a normal close.
    @Test func stopFromAnotherThreadEndsTheRunWithACloseFrame() throws {
        let path = Locked("")
        let closed = Signal()
        let server = try LoopbackWebSocketServer { peer in
            path.set(peer.path)
            guard peer.receiveText() != nil else { return }
            peer.send(text: Self.yahooFrame)
            Self.holdUntilClosed(peer)
            closed.set()
        }
        defer { server.stop() }
        let run = SessionRun(Self.session(YahooStreamFeed(), server, ["BTC-USD"]))
        #expect(run.log.wait(startingWith: "quote"))
        Thread { run.session.stop() }.start()
        #expect(run.log.waitForEnd(), "run returned")
        #expect(closed.wait(), "the server saw the client leave")
        #expect(server.closeCodes == [1000])
        #expect(run.log.lines == ["connecting", "live", YahooStreamFeedTests.recordedQuote, "stopped"])
        #expect(path.current == "/?version=2" && server.received == [#"{"subscribe":["BTC-USD"]}"#])
        #expect(server.connections == 1)
    }

    /// `onEvent` answering false ends the stream as `stop()` does.
    @Test func anEventHandlerThatSaysStopEndsTheRun() throws {
        let closed = Signal()
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: Self.btcFrame)
            peer.send(text: Self.ethFrame)
            Self.holdUntilClosed(peer)
            closed.set()
        }
        defer { server.stop() }
        let run = SessionRun(Self.session(CoinbaseStreamFeed(), server, ["BTC-USD", "ETH-USD"])) { _ in false }
        #expect(run.log.waitForEnd())
        #expect(run.log.lines == ["connecting", "live", Self.btcQuote, "stopped"])
        #expect(closed.wait() && server.closeCodes == [1000])
    }

    // MARK: Reconnects

    /// Each way the first connection can end, after its first quote was seen, and how the
    /// `reconnecting` state words it (a prefix where the words are libcurl's or the parser's).
    static let endings: [(name: String, end: @Sendable (WebSocketPeer) -> Void, reason: String)] = [
        (
            "a close frame", { $0.close(code: 1001, reason: "restart") },
            "the stream's connection failed (the server closed the stream (1001: restart))"
        ),
        (
            "a hang-up without a close frame", { $0.hangUp() },
            "the stream's connection failed (the server closed the connection without a close frame)"
        ),
        ("a reset", { $0.reset() }, "the stream's connection failed ("),
        (
            "a masked server frame", { $0.write(WebSocketPeer.frame(0x1, Array("{}".utf8), mask: true)) },
            "the server broke the WebSocket protocol ("
        ),
        (
            "invalid UTF-8", { $0.write(WebSocketPeer.frame(0x1, [0x7B, 0xFF, 0x7D])) },
            "the server sent a text message that is not UTF-8"
        ),
        (
            "a frame over the limit (its header alone)", { $0.write([0x82, 127, 0, 0, 0, 0, 0, 0x50, 0, 0]) },
            "the server sent a message over 4194304 bytes"
        ),
    ]

    @Test(arguments: 0..<endings.count)
    func aLostConnectionIsReconnectedAndSubscribedAgain(index: Int) throws {
        let (name, end, reason) = Self.endings[index]
        let log = SessionLog()
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            if peer.connection == 1 {
                peer.send(text: Self.btcFrame)
                // Ended only once the quote was handed on: nothing races the fault.
                guard log.wait(startingWith: "quote") else { return }
                end(peer)
            } else {
                peer.send(text: Self.ethFrame)
            }
            Self.holdUntilClosed(peer)
        }
        defer { server.stop() }
        let run = SessionRun(Self.session(CoinbaseStreamFeed(), server, ["BTC-USD", "ETH-USD"]), log: log)
        defer { run.stop() }
        #expect(log.wait(for: 2, startingWith: "quote"), "\(name): \(log.lines)")
        let lines = log.lines
        try #require(lines.count == 7, "\(name): \(lines)")
        #expect(Array(lines[0..<3]) == ["connecting", "live", Self.btcQuote], "\(name)")
        #expect(lines[3].hasPrefix("reconnecting #1: " + reason), "\(name): \(lines[3])")
        #expect(Array(lines[4...]) == ["connecting", "live", Self.ethQuote], "\(name)")
        #expect(log.waits.allSatisfy { $0 >= 0.005 && $0 <= 0.01 }, "half to all of the first backoff: \(log.waits)")
        #expect(server.connections == 2)
        #expect(server.received == [Self.coinbaseBoth, Self.coinbaseBoth], "\(name): the same set again")
    }

    /// A connection the client fails is closed with the code that says why (RFC 6455 7.4.1):
    /// 1002 a broken protocol, 1007 text that is not UTF-8, 1009 a message over the limit.
    static let failures: [(ending: Int, code: UInt16)] = [(3, 1002), (4, 1007), (5, 1009)]

    @Test(arguments: 0..<failures.count)
    func aConnectionTheClientFailsIsClosedWithTheCodeThatSaysWhy(index: Int) throws {
        let (ending, code) = Self.failures[index]
        let (name, end, _) = Self.endings[ending]
        let firstClosed = Signal()
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            if peer.connection == 1 { end(peer) }
            Self.holdUntilClosed(peer)
            if peer.connection == 1 { firstClosed.set() }
        }
        defer { server.stop() }
        let run = SessionRun(Self.session(CoinbaseStreamFeed(), server, ["BTC-USD"]))
        defer { run.stop() }
        #expect(firstClosed.wait(), "\(name)")
        #expect(server.closeCodes == [code], "\(name)")
    }

    /// Connections that die young are further attempts, each counted, not the first forever.
    @Test func connectionsThatDieYoungCountUpTheAttempts() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: Self.btcFrame)
            peer.hangUp()
        }
        defer { server.stop() }
        let run = SessionRun(Self.session(CoinbaseStreamFeed(), server, ["BTC-USD"], backoff: 0))
        #expect(run.log.wait(for: 3, startingWith: "reconnecting"))
        #expect(run.stop())
        let attempts = run.log.lines.filter { $0.hasPrefix("reconnecting") }.prefix(3)
        #expect(
            Array(attempts)
                == (1...3).map {
                    "reconnecting #\($0): the stream's connection failed (the server closed the connection without a close frame)"
                })
        #expect(
            Set(server.received) == [
                #"{"type":"subscribe","product_ids":["BTC-USD"],"channels":["ticker","heartbeat"]}"#
            ])
    }

    /// A feed that falls silent past the idle limit (set small, as `SQUARESTOCK_STREAM_IDLE` does)
    /// is left for a new connection; the manual clock passes the limit in one step, so nothing
    /// depends on how fast the machine is. Both kinds of feed: one that promises heartbeats and
    /// one where quiet is normal.
    /// `later` and `laterQuote`: what the new connection sends, a trade after the first (the
    /// first again would be the feed's replay of it, not shown twice); Tradernet's quote has no
    /// time, so it is the same.
    static let silentFeeds:
        [(
            feed: any StreamFeed, symbol: String, frame: String, quote: String, later: String, laterQuote: String,
            subscribe: String
        )] = [
            (
                CoinbaseStreamFeed(), "BTC-USD", btcFrame, btcQuote,
                btcFrame.replacingOccurrences(of: "09:20:54.127011Z", with: "09:20:55.127011Z"),
                btcQuote.replacingOccurrences(of: "09:20:54Z", with: "09:20:55Z"),
                #"{"type":"subscribe","product_ids":["BTC-USD"],"channels":["ticker","heartbeat"]}"#
            ),
            (
                TradernetStreamFeed(), "SBER", Fixture.text("tradernet/q-SBER-full_from-legacy-docs.json"),
                TradernetStreamFeedTests.sberFull, Fixture.text("tradernet/q-SBER-full_from-legacy-docs.json"),
                TradernetStreamFeedTests.sberFull, #"["quotes",["SBER"]]"#
            ),
        ]

    @Test(arguments: 0..<silentFeeds.count)
    func theIdleLimitReconnectsASilentStream(index: Int) throws {
        let (feed, symbol, frame, quote, later, laterQuote, subscribe) = Self.silentFeeds[index]
        let clock = ManualClock(1000)
        let firstClosed = Signal()
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: peer.connection == 1 ? frame : later)
            Self.holdUntilClosed(peer)
            if peer.connection == 1 { firstClosed.set() }
        }
        defer { server.stop() }
        let run = SessionRun(Self.session(feed, server, [symbol], idle: 5, backoff: 0, clock: clock))
        defer { run.stop() }
        #expect(run.log.wait(startingWith: "quote"))
        clock.advance(by: 6)
        #expect(run.log.wait(for: 2, startingWith: "quote"), "\(run.log.lines)")
        #expect(
            run.log.lines == [
                "connecting", "live", quote, "reconnecting #1: the stream sent nothing for 6 s", "connecting", "live",
                laterQuote,
            ])
        #expect(firstClosed.wait() && server.closeCodes == [1001], "the silent connection was closed as going away")
        #expect(server.received == [subscribe, subscribe])
    }

    /// A Coinbase ticker of BTC-USD at `price`, at 09:20:`second` on 2022-06-02.
    static func tick(_ price: String, second: Int = 54) -> String {
        #"{"type":"ticker","product_id":"BTC-USD","price":""# + price + #"","time":"2022-06-02T09:20:"#
            + "\(second).000000Z\"}"
    }

    /// The prices a session shows of `frames(n)`, sent on connection n (the first hangs up after
    /// its frames when `reconnect`, so the client connects again), once `count` quotes came.
    static func pricesShown(count: Int, reconnect: Bool, _ frames: @escaping @Sendable (Int) -> [String]) throws
        -> [Substring]
    {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            for f in frames(peer.connection) { peer.send(text: f) }
            if reconnect && peer.connection == 1 { return }  // gone without a close frame
            Self.holdUntilClosed(peer)
        }
        defer { server.stop() }
        let run = SessionRun(Self.session(CoinbaseStreamFeed(), server, ["BTC-USD"]))
        defer { run.stop() }
        #expect(run.log.wait(for: count, startingWith: "quote"), "\(run.log.lines)")
        return run.log.lines.filter { $0.hasPrefix("quote") }.map { $0.split(separator: " ")[2] }
    }

    /// A new connection that replays ticks older than one already shown: dropped, so a price
    /// never steps back in time (102.12 at 09:20:54 was followed by 100.12 at 09:20:52). Its
    /// first tick at the time and price already shown is the feed's replay of the last trade
    /// (Coinbase sends it on every subscribe): printed twice before, it is dropped too.
    @Test func aTickOlderThanOneShownIsDroppedAcrossReconnections() throws {
        let shown = try Self.pricesShown(count: 2, reconnect: true) { n in
            n == 1
                ? [Self.tick("102.12")]
                : [Self.tick("100.12", second: 52), Self.tick("102.12"), Self.tick("103.00", second: 55)]
        }
        #expect(shown == ["102.12", "103.00"])
    }

    /// A new connection's replay of the last trade is dropped, and only it: a second trade at the
    /// same time on that connection is shown (the replay rule once ate every quote at that time).
    @Test func onlyTheReplayIsDroppedOnANewConnection() throws {
        let shown = try Self.pricesShown(count: 2, reconnect: true) { n in
            n == 1 ? [Self.tick("102.12")] : [Self.tick("102.12"), Self.tick("102.13")]
        }
        #expect(shown == ["102.12", "102.13"])
    }

    /// On one connection, two trades at the same time are two trades: only a new connection's
    /// first one at the newest time is a replay.
    @Test func twoTicksAtOneTimeOnOneConnectionAreBothShown() throws {
        let shown = try Self.pricesShown(count: 2, reconnect: false) { _ in [Self.tick("102.12"), Self.tick("102.13")] }
        #expect(shown == ["102.12", "102.13"])
    }

    /// Yahoo sends no heartbeat: its list goes again every `keepAlive` seconds on the same
    /// connection, which stays up.
    @Test func theKeepAliveSendsTheListAgain() throws {
        let clock = ManualClock(1000)
        let again = Signal()
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: Self.yahooFrame)
            guard peer.receiveText() != nil else { return }
            again.set()
            Self.holdUntilClosed(peer)
        }
        defer { server.stop() }
        let run = SessionRun(Self.session(YahooStreamFeed(), server, ["BTC-USD", "AAPL"], clock: clock))
        defer { run.stop() }
        #expect(run.log.wait(startingWith: "quote"))
        #expect(server.received.count == 1)
        clock.advance(by: 15)
        #expect(again.wait())
        #expect(server.received == Array(repeating: #"{"subscribe":["BTC-USD","AAPL"]}"#, count: 2))
        #expect(server.connections == 1 && run.log.lines == ["connecting", "live", YahooStreamFeedTests.recordedQuote])
    }

    /// A share class is subscribed as Yahoo spells it (`BRK-B`), and its ticks come back named
    /// as asked (`BRK.B`): the row never moved, subscribed as `BRK.B`, which Yahoo does not know.
    @Test func aShareClassIsStreamedAsYahooSpellsIt() throws {
        let frame =
            "{\"type\":\"pricing\",\"message\":\""
            + PricingMessage().string(1, "BRK-B").float(2, 480.5).sint64(3, 1_736_509_140_000).base64 + "\"}"
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: frame)
            Self.holdUntilClosed(peer)
        }
        defer { server.stop() }
        let run = SessionRun(Self.session(YahooStreamFeed(), server, ["BRK.B", "AAPL"]))
        defer { run.stop() }
        #expect(run.log.wait(startingWith: "quote"))
        #expect(server.received.first == #"{"subscribe":["BRK-B","AAPL"]}"#)
        #expect(run.log.lines.contains { $0.hasPrefix("quote BRK.B 480.50") }, "\(run.log.lines)")
    }

    // MARK: Refusals

    /// The refused symbol is reported and dropped; the rest are subscribed again on the same
    /// connection and stream on.
    @Test func aRefusedSymbolIsReportedAndTheOthersContinue() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: Fixture.text("coinbase/ws-exchange/inline__error_invalid-product.json"))
            guard peer.receiveText() != nil else { return }
            peer.send(text: Self.btcFrame)
            Self.holdUntilClosed(peer)
        }
        defer { server.stop() }
        let session = Self.session(CoinbaseStreamFeed(), server, ["ETH-XYZ", "BTC-USD"])
        let run = SessionRun(session)
        defer { run.stop() }
        #expect(run.log.wait(startingWith: "quote"))
        #expect(
            run.log.lines == [
                "connecting", "live", "failed ETH-XYZ: ETH-XYZ is not a valid product", Self.btcQuote,
            ])
        #expect(
            server.received == [
                #"{"type":"subscribe","product_ids":["ETH-XYZ","BTC-USD"],"channels":["ticker","heartbeat"]}"#,
                #"{"type":"subscribe","product_ids":["BTC-USD"],"channels":["ticker","heartbeat"]}"#,
            ])
        #expect(session.currentSymbols == ["BTC-USD"] && server.connections == 1)
    }

    /// Kraken answers each symbol of a subscribe on its own: a refused one fails alone and the
    /// others stay subscribed. Subscribed again, Kraken answered each "Already subscribed", a
    /// refusal, and the stream stopped one symbol after another.
    @Test func aKrakenRefusalLeavesTheOthersSubscribed() throws {
        typealias K = KrakenStreamFeedTests
        let refused =
            #"{"error":"Currency pair not supported DOGE/EUR","method":"subscribe","success":false,"symbol":"DOGE/EUR"}"#
        let again = #"{"error":"Already subscribed","method":"subscribe","success":false,"symbol":"BTC/USD"}"#
        let closed = Signal()
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: K.acknowledged)
            peer.send(text: refused)
            peer.send(text: K.tickerFrame)
            while peer.receiveText(timeout: 60) != nil { peer.send(text: again) }
            closed.set()
        }
        defer { server.stop() }
        let session = Self.session(KrakenStreamFeed(), server, ["BTC-USD", "DOGE-EUR"])
        let run = SessionRun(session)
        #expect(run.log.wait(startingWith: "quote"), "\(run.log.lines)")
        #expect(
            run.log.lines.filter { $0.hasPrefix("failed") } == ["failed DOGE-EUR: Currency pair not supported DOGE/EUR"]
        )
        #expect(session.currentSymbols == ["BTC-USD"])
        run.stop()
        // Everything the client sent came before its close frame.
        #expect(closed.wait() && server.received.count == 1, "\(server.received)")
        // An "Already subscribed" answer says the symbol streams: no failure of it.
        var state = KrakenStreamFeed().makeState()
        #expect(KrakenStreamFeed().decode(Array(again.utf8), state: &state).isEmpty)
    }

    /// Nothing left to stream: the run ends by itself, without reconnecting to subscribe to nothing.
    @Test func whenEverySymbolIsRefusedTheRunEnds() throws {
        let closed = Signal()
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: Fixture.text("coinbase/ws-exchange/inline__error_invalid-product.json"))
            Self.holdUntilClosed(peer)
            closed.set()
        }
        defer { server.stop() }
        let session = Self.session(CoinbaseStreamFeed(), server, ["ETH-XYZ"])
        let run = SessionRun(session)
        #expect(run.log.waitForEnd())
        #expect(run.log.lines == ["connecting", "live", "failed ETH-XYZ: ETH-XYZ is not a valid product", "stopped"])
        #expect(session.currentSymbols.isEmpty)
        #expect(closed.wait() && server.closeCodes == [1000] && server.connections == 1)
    }

    /// A refusal naming nothing asked for (Coinbase's first word, Kraken's missing pair) is the
    /// one symbol's when only one was asked for, else a notice about the whole request, and the
    /// stream goes on.
    @Test func aRefusalNamingNothingAskedFor() throws {
        let refusal = Fixture.text("coinbase/ws-exchange/inline__error_level2-requires-authentication.json")
        let words = "level2, level3, and full channels now require authentication."
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: refusal)
            peer.send(text: Self.btcFrame)
            Self.holdUntilClosed(peer)
        }
        defer { server.stop() }
        let two = SessionRun(Self.session(CoinbaseStreamFeed(), server, ["BTC-USD", "ETH-USD"]))
        defer { two.stop() }
        #expect(two.log.wait(startingWith: "quote"))
        #expect(
            two.log.lines == [
                "connecting", "live", "notice the feed refused the subscription: " + words, Self.btcQuote,
            ])
        #expect(two.session.currentSymbols == ["BTC-USD", "ETH-USD"])
        let one = SessionRun(Self.session(CoinbaseStreamFeed(), server, ["BTC-USD"]))
        #expect(one.log.waitForEnd())
        #expect(one.log.lines == ["connecting", "live", "failed BTC-USD: " + words, "stopped"])
    }

    // MARK: Books

    /// A book whose checksum failed is fetched again (that book's unsubscribe and subscribe) on
    /// the same connection, and the fresh snapshot is verified.
    @Test func aDriftedBookIsFetchedAgainOnTheSameConnection() throws {
        typealias K = KrakenStreamFeedTests
        let right = K.checksum(bids: K.afterBids, asks: K.afterAsks)
        let drifted = K.update(
            "BTC/USD", bids: [("45284.0", "0.50000000")], asks: [("45285.2", "0")], checksum: right &+ 1)
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: K.snapshot)
            peer.send(text: String(decoding: drifted, as: UTF8.self))
            guard peer.receiveText() != nil, peer.receiveText() != nil else { return }
            peer.send(text: K.snapshot)
            Self.holdUntilClosed(peer)
        }
        defer { server.stop() }
        let run = SessionRun(Self.session(KrakenStreamFeed(channel: .book(depth: 10)), server, ["BTC-USD"]))
        defer { run.stop() }
        #expect(run.log.wait(for: 3, startingWith: "book"), "\(run.log.lines)")
        let snapshot = K.line("BTC-USD", "verified", bids: K.snapshotBids, asks: K.snapshotAsks)
        #expect(
            run.log.lines == [
                "connecting", "live", snapshot,
                K.line("BTC-USD", "resyncing(\(right &+ 1)!=\(right))", bids: K.afterBids, asks: K.afterAsks), snapshot,
            ])
        #expect(
            server.received == [
                #"{"method":"subscribe","params":{"channel":"book","symbol":["BTC/USD"],"depth":10}}"#,
                #"{"method":"unsubscribe","params":{"channel":"book","symbol":["BTC/USD"],"depth":10}}"#,
                #"{"method":"subscribe","params":{"channel":"book","symbol":["BTC/USD"],"depth":10}}"#,
            ])
        #expect(server.connections == 1)
    }

    // MARK: Rules without a server

    /// The wait before attempt n: the base doubled n-1 times, at most the maximum, times a random
    /// factor between a half and one; a huge attempt number neither overflows nor passes the cap.
    @Test func theBackoffDoublesUpToItsCapWithJitter() {
        let session = StreamSession(
            feed: CoinbaseStreamFeed(), endpoint: nil, symbols: [], backoffBase: 1, backoffMax: 60)
        for (attempt, raw) in [(1, 1.0), (2, 2), (3, 4), (6, 32), (7, 60), (40, 60), (1_000_000, 60)] {
            for _ in 0..<50 {
                let d = session.delay(attempt: attempt)
                #expect(d >= raw / 2 && d <= raw, "attempt \(attempt): \(d)")
            }
        }
    }

    /// Which events a connection believes: those about a symbol it asked for (without regard to
    /// case) or about none.
    static let concerns: [(StreamEvent, Bool)] = [
        (.quote(StreamQuote(symbol: "btc-usd", price: ExactDecimal(1))), true),
        (.quote(StreamQuote(symbol: "SOL-USD", price: ExactDecimal(1))), false),
        (.heartbeat(symbol: nil), true),
        (.heartbeat(symbol: "ETH-USD"), true),
        (.heartbeat(symbol: "SOL-USD"), false),
        (.gap(symbol: "SOL-USD", detail: "x"), false),
        (.symbolFailed(symbol: "SOL-USD", reason: "x"), false),
        (.symbolFailed(symbol: "Eth-Usd", reason: "x"), true),
        (.subscribed(["SOL-USD"]), true),
        (.notice("anything"), true),
        (
            .book(
                LiveBook(
                    book: OrderBook(pair: TradingPair(base: "BTC", quote: "USD"), bids: [], asks: []), check: .unchecked
                )), true
        ),
        (
            .book(
                LiveBook(
                    book: OrderBook(pair: TradingPair(base: "SOL", quote: "USD"), bids: [], asks: []), check: .unchecked
                )), false
        ),
    ]

    @Test(arguments: 0..<concerns.count)
    func onlyEventsAboutTheSymbolsAskedForAreBelieved(index: Int) {
        let (event, believed) = Self.concerns[index]
        #expect(StreamSession.concerns(event, subscribed: ["BTC-USD", "ETH-USD"]) == believed, "\(event)")
    }
}
