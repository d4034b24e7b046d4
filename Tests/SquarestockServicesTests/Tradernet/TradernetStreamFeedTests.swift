import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockServices

/// Tradernet's stream feed as a decoder: the `quotes` and `orderBook` messages, which replace the
/// whole subscription list each time; quotes (`q`) that carry only what changed after the first,
/// merged per ticker, with a stale `n` dropped and a present `null` or `""` clearing a field;
/// demo mode and errors (which name no ticker) as notices, `keepAlive` as a heartbeat; books
/// (`b`) kept by position and a drifted one marked for a resync; and a fresh connection that
/// merges nothing from the last one. Frames may end with the server time (`"wstm=..."`).
struct TradernetStreamFeedTests {
    let quotes = TradernetStreamFeed()
    let books = TradernetStreamFeed(channel: .books)

    static func frame(_ file: String) -> [UInt8] { Fixture.bytes("tradernet/" + file) }

    static let sberDay =
        " | name=Sberbank previousClose=74 open=74 high=74.17 low=73.39 currency=RUB"
    static let sberFull =
        "quote SBER 73.565 time=nil bid=73.56 ask=73.57 change=-0.435 pct=-0.59 volume=110940760 session=nil"
        + sberDay
    static let noDay = " | name=nil previousClose=nil open=nil high=nil low=nil currency=nil"

    func decode(_ feed: TradernetStreamFeed, _ frames: [[UInt8]]) -> [String] {
        var state = feed.makeState()
        return frames.flatMap { StreamEventText.lines(feed.decode($0, state: &state)) }
    }

    @Test func subscribeAndResubscribeMessages() {
        #expect(quotes.subscribe(["SBER", "AAPL.US"]) == [#"["quotes",["SBER","AAPL.US"]]"#])
        #expect(quotes.subscribe([]).isEmpty)
        // The list replaces the last, so the whole of it is sent; an empty one clears it.
        #expect(quotes.resubscribe(from: ["SBER"], to: ["SBER", "GAZP"]) == [#"["quotes",["SBER","GAZP"]]"#])
        #expect(quotes.resubscribe(from: ["SBER"], to: []) == [#"["quotes",[]]"#])
        #expect(books.subscribe(["AAPL.US"]) == [#"["orderBook",["AAPL.US"]]"#])
        #expect(books.resubscribe(from: ["AAPL.US"], to: []) == [#"["orderBook",[]]"#])
        #expect(books.resync("AAPL.US") == [#"["orderBook",["AAPL.US"]]"#])
        #expect(quotes.resync("SBER").isEmpty)
        #expect(quotes.url(endpoint: "http://127.0.0.1:9000") == "ws://127.0.0.1:9000/")
        #expect(!quotes.sendsHeartbeats && quotes.keepAlive == nil && quotes.idleTimeout == 60)
    }

    /// The recorded frames, then changes, on one connection.
    @Test func quotesMergeByTickerOnOneConnection() {
        let frames: [[UInt8]] = [
            Array(#"["userData",{"mode":"demo","marketDelay":15},"wstm=2026-11-26T12:00:00"]"#.utf8),
            Self.frame("q-SBER-full_from-legacy-docs.json"),
            Array(#"["q",{"c":"SBER","n":2,"ltp":73.6,"bbp":73.59},"wstm=2026-11-26T12:00:01"]"#.utf8),
            Array(#"["q",{"c":"SBER","n":1,"ltp":70.0}]"#.utf8),  // older than n 2: dropped
            Array(#"["q",{"c":"SBER","n":2,"ltp":70.0}]"#.utf8),  // n 2 again: dropped
            Self.frame("tn-nodejs-q-mock.json"),  // sizes only, no price yet: no quote
            Self.frame("sdkrs-error.json"),
            Array(#"["keepAlive",[]]"#.utf8),
            Self.frame("sdkrs-q-minimal.json"),
            Array(#"["q",{"c":"SBER","n":3,"bbp":null,"bap":"","chg":0,"name2":"","x_curr":"USD"}]"#.utf8),
            Array(#"["q",{"c":"AAPL","ltp":"191.5"}]"#.utf8),  // the sizes-only ticker gets a price
        ]
        #expect(
            decode(quotes, frames) == [
                "notice demo mode: quotes may be delayed",
                Self.sberFull,
                "quote SBER 73.6 time=nil bid=73.59 ask=73.57 change=-0.435 pct=-0.59 volume=110940760 session=nil"
                    + Self.sberDay,
                "notice error: boom",
                "heartbeat nil",
                "quote AAPL.US 191.2 time=nil bid=nil ask=nil change=nil pct=nil volume=nil session=nil" + Self.noDay,
                "quote SBER 73.6 time=nil bid=nil ask=nil change=0 pct=-0.59 volume=110940760 session=nil"
                    + " | name=nil previousClose=74 open=74 high=74.17 low=73.39 currency=USD",
                "quote AAPL 191.5 time=nil bid=nil ask=nil change=nil pct=nil volume=nil session=nil" + Self.noDay,
            ])
    }

    static let frames: [(String, String, [String])] = [
        ("a live account's userData says nothing", #"["userData",{"mode":"prod"}]"#, []),
        ("userData without a mode", #"["userData",[]]"#, []),
        ("an error without a message", #"["error",{"code":500}]"#, ["notice error: an unreadable error"]),
        (
            "an error's controls are removed", #"["error",{"message":"bad \u001b[2Jthing"}]"#,
            ["notice error: bad thing"]
        ),
        (
            "a sequence that is not a whole number is ignored, not the quote",
            #"["q",{"c":"X","n":2.5,"ltp":80}]"#,
            ["quote X 80 time=nil bid=nil ask=nil change=nil pct=nil volume=nil session=nil" + noDay]
        ),
        ("a price that is not a number is ignored", #"["q",{"c":"X","ltp":"abc"}]"#, []),
        ("a book on the quote stream", #"["b",{"i":"X","ins":[{"k":0,"p":1,"s":"B","q":1}],"cnt":1}]"#, []),
        ("an unknown event", #"["portfolio",{"c":"X","ltp":1}]"#, []),
    ]

    @Test(arguments: 0..<frames.count)
    func singleFrames(index: Int) {
        let (name, frame, expected) = Self.frames[index]
        #expect(decode(quotes, [Array(frame.utf8)]) == expected, "\(name)")
    }

    static let malformed: [String] = [
        "", "{}", "[]", "null", "not json", #"["q"]"#, #"["q",{}]"#, #"["q",[1]]"#, #"["q",{"c":5,"ltp":1}]"#,
        #"[1,{"c":"X","ltp":1}]"#, #"["q",{"c":"X","ltp":1"#, #"["b",{"i":"X","ins":[{"p":1}],"cnt":1}]"#,
        #"["b",{"ins":[],"cnt":0}]"#, #"["b",{"i":"","cnt":0}]"#, #"["b",7]"#,
    ]

    @Test(arguments: malformed)
    func malformedFramesGiveNothing(frame: String) {
        for feed in [quotes, books] {
            var state = feed.makeState()
            #expect(feed.decode(Array(frame.utf8), state: &state).isEmpty, "\(feed.channel)")
            #expect(
                StreamEventText.lines(feed.decode(Self.frame("q-SBER-full_from-legacy-docs.json"), state: &state))
                    == [Self.sberFull], "the connection reads on")
        }
    }

    /// A reconnect is sent the whole quote again: nothing of the last connection's merge is
    /// kept, so a partial quote on a new connection has only what it says.
    @Test func aFreshStateMergesNothing() {
        var old = quotes.makeState()
        _ = quotes.decode(Self.frame("q-SBER-full_from-legacy-docs.json"), state: &old)
        let partial = Array(#"["q",{"c":"SBER","n":0,"ltp":73.7}]"#.utf8)
        #expect(quotes.decode(partial, state: &old).isEmpty, "n 0 is stale on the old connection")
        var fresh = quotes.makeState()
        #expect(
            StreamEventText.lines(quotes.decode(partial, state: &fresh)) == [
                "quote SBER 73.7 time=nil bid=nil ask=nil change=nil pct=nil volume=nil session=nil" + Self.noDay
            ])
    }

    // MARK: Books

    static let wholeBook =
        #"["b",{"n":1,"i":"SBER","del":[],"ins":[{"p":73.6,"s":"S","q":100,"k":0},{"p":73.57,"s":"S","q":50,"k":1},{"p":73.56,"s":"B","q":12000,"k":2},{"p":73.5,"s":"B","q":10,"k":3}],"upd":[],"cnt":4}]"#

    @Test func aWholeBookThenChangesByPosition() {
        let change = #"["b",{"n":2,"i":"SBER","del":[{"k":0}],"ins":[],"upd":[{"k":1,"q":75}],"cnt":3}]"#
        let insert = #"["b",{"n":3,"i":"SBER","del":[],"ins":[{"k":0,"p":73.58,"s":"S","q":5}],"upd":[],"cnt":4}]"#
        #expect(
            decode(books, [Array(Self.wholeBook.utf8), Array(change.utf8), Array(insert.utf8)]) == [
                // Tradernet sends no checksum: a book that agrees is unchecked, never verified.
                "book SBER unchecked bids=73.56x12000,73.5x10 asks=73.57x50,73.6x100",
                "book SBER unchecked bids=73.56x75,73.5x10 asks=73.57x50",
                "book SBER unchecked bids=73.56x75,73.5x10 asks=73.57x50,73.58x5",
            ])
    }

    /// The recorded message updates positions of a book this connection never received: a drift,
    /// fetched again; the whole book that answers the resync is taken afresh.
    @Test func aDriftedBookIsFetchedAgain() {
        let drifted = decode(books, [Self.frame("sdkrs-b-orderbook-AAPL.US.json")])
        #expect(drifted == ["book AAPL.US resyncing(21!=0) bids= asks="])
        var state = books.makeState()
        _ = books.decode(Array(Self.wholeBook.utf8), state: &state)
        let wrongCount = #"["b",{"i":"SBER","upd":[{"k":0,"q":1}],"cnt":9}]"#
        #expect(
            StreamEventText.lines(books.decode(Array(wrongCount.utf8), state: &state)) == [
                "book SBER resyncing(9!=4) bids=73.56x12000,73.5x10 asks=73.57x50,73.6x1"
            ])
        #expect(
            StreamEventText.lines(books.decode(Array(Self.wholeBook.utf8), state: &state)) == [
                "book SBER unchecked bids=73.56x12000,73.5x10 asks=73.57x50,73.6x100"
            ])
    }

    /// A new connection's first book message is the whole book, whatever the last one held.
    @Test func aFreshStateStartsEachBookAfresh() {
        var old = books.makeState()
        _ = books.decode(Array(Self.wholeBook.utf8), state: &old)
        let one = #"["b",{"i":"SBER","ins":[{"k":0,"p":80,"s":"B","q":1}],"cnt":1}]"#
        #expect(
            StreamEventText.lines(books.decode(Array(one.utf8), state: &old)) == [
                "book SBER resyncing(1!=5) bids=80x1,73.56x12000,73.5x10 asks=73.57x50,73.6x100"
            ], "on the old connection it is a change, and a wrong one")
        var fresh = books.makeState()
        #expect(
            StreamEventText.lines(books.decode(Array(one.utf8), state: &fresh)) == [
                "book SBER unchecked bids=80x1 asks="
            ])
    }
}
