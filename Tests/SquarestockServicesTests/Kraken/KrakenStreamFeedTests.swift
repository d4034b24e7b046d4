import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockServices

/// Kraken v2's stream feed as a decoder: subscribe, unsubscribe and resync messages for the
/// `ticker` and `book` channels (pairs written `BTC/USD` on the wire, `BTC-USD` everywhere else),
/// tickers with their values read from the JSON numbers' text, heartbeats, a refused pair as that
/// pair's failure, and live books: a snapshot and the updates after it checked against Kraken's
/// checksum, a drifted book marked for a resync (its updates ignored until the fresh snapshot),
/// each pair's book on its own, and a fresh connection starting with no book. Kraken's frames are
/// in the documented shape (no stream frame was ever recorded beside the book snapshot).
struct KrakenStreamFeedTests {
    let ticker = KrakenStreamFeed()
    let books = KrakenStreamFeed(channel: .book(depth: 10))

    @Test func subscribeAndResubscribeMessages() {
        #expect(
            ticker.subscribe(["BTC-USD", "ETH-EUR"]) == [
                #"{"method":"subscribe","params":{"channel":"ticker","symbol":["BTC/USD","ETH/EUR"]}}"#
            ])
        #expect(ticker.subscribe([]).isEmpty)
        #expect(
            ticker.resubscribe(from: ["BTC-USD", "ETH-EUR"], to: ["ETH-EUR"]) == [
                #"{"method":"unsubscribe","params":{"channel":"ticker","symbol":["BTC/USD"]}}"#,
                #"{"method":"subscribe","params":{"channel":"ticker","symbol":["ETH/EUR"]}}"#,
            ])
        #expect(
            KrakenStreamFeed(channel: .book(depth: 26)).subscribe(["BTC-USD"]) == [
                #"{"method":"subscribe","params":{"channel":"book","symbol":["BTC/USD"],"depth":100}}"#
            ])
        #expect(ticker.resync("BTC-USD").isEmpty, "a ticker has no book to fetch again")
        #expect(ticker.url(endpoint: "http://127.0.0.1:9000") == "ws://127.0.0.1:9000/v2")
        #expect(ticker.sendsHeartbeats && ticker.idleTimeout == 10 && ticker.keepAlive == nil)
    }

    static let statusFrame =
        #"{"channel":"status","type":"update","data":[{"api_version":"v2","connection_id":13834774380200032777,"system":"online","version":"2.0.0"}]}"#
    static let acknowledged =
        #"{"method":"subscribe","result":{"channel":"ticker","symbol":"BTC/USD","snapshot":true},"success":true,"time_in":"2023-09-25T09:04:31.742599Z","time_out":"2023-09-25T09:04:31.742648Z"}"#
    static let tickerFrame =
        #"{"channel":"ticker","type":"snapshot","data":[{"symbol":"BTC/USD","bid":26298.2,"bid_qty":0.70045549,"ask":26298.3,"ask_qty":3.79702421,"last":26298.30000,"volume":1098.07069065,"vwap":26281.5,"low":26175.1,"high":26365.0,"change":-46.0,"change_pct":-0.17}]}"#
    static let btcQuote =
        "quote BTC-USD 26298.30000 time=nil bid=26298.2 ask=26298.3 change=-46.0 pct=-0.17 volume=1098.07069065"
        + " session=nil"

    static let frames: [(String, String, [String])] = [
        ("a ticker snapshot", tickerFrame, [btcQuote]),
        (
            "an update with a timestamp, and two pairs in one message",
            #"{"channel":"ticker","type":"update","data":[{"symbol":"ETH/EUR","last":2201.5,"timestamp":"2023-09-25T09:04:31.742648Z"},{"symbol":"BTC/USD","last":"26300.1"}]}"#,
            [
                "quote ETH-EUR 2201.5 time=2023-09-25T09:04:31Z+742648000ns bid=nil ask=nil change=nil pct=nil"
                    + " volume=nil session=nil",
                "quote BTC-USD 26300.1 time=nil bid=nil ask=nil change=nil pct=nil volume=nil session=nil",
            ]
        ),
        ("a heartbeat", #"{"channel":"heartbeat"}"#, ["heartbeat nil"]),
        ("the status", statusFrame, []),
        ("an acknowledgement", acknowledged, []),
        (
            "a refused pair",
            #"{"error":"Currency pair not supported XBT/EUR","method":"subscribe","success":false,"symbol":"XBT/EUR","time_in":"2023-09-25T09:04:31.742599Z","time_out":"2023-09-25T09:04:31.742648Z"}"#,
            ["failed XBT-EUR: Currency pair not supported XBT/EUR"]
        ),
        // The session gives a refusal naming no pair to the one asked for (StreamSessionTests).
        (
            "a refusal naming no pair",
            #"{"error":"Currency pair not supported","method":"subscribe","success":false}"#,
            ["failed : Currency pair not supported"]
        ),
        (
            "a refusal without words", #"{"method":"subscribe","success":false,"symbol":"BTC/USD"}"#,
            ["failed BTC-USD: the subscription failed"]
        ),
        (
            "an unsubscribe refused is no pair's failure",
            #"{"error":"Subscription Not Found","method":"unsubscribe","success":false,"symbol":"BTC/USD"}"#, []
        ),
        (
            "escapes are read as JSON and controls removed",
            #"{"error":"bad \u001b[31mthing","method":"subscribe","success":false,"symbol":"\u0058BT\/EUR"}"#,
            ["failed XBT-EUR: bad thing"]
        ),
        (
            "a ticker without a last price gives no quote, the others in it do",
            #"{"channel":"ticker","data":[{"symbol":"ETH/EUR","bid":1},{"symbol":"BTC/USD","last":2},7]}"#,
            ["quote BTC-USD 2 time=nil bid=nil ask=nil change=nil pct=nil volume=nil session=nil"]
        ),
    ]

    @Test(arguments: 0..<frames.count)
    func tickerFeedFrames(index: Int) {
        let (name, frame, expected) = Self.frames[index]
        var state = ticker.makeState()
        #expect(StreamEventText.lines(ticker.decode(Array(frame.utf8), state: &state)) == expected, "\(name)")
    }

    static let malformed: [String] = [
        "", "{}", "[]", "null", "not json", #"{"channel":"ticker"}"#, #"{"channel":"ticker","data":{}}"#,
        #"{"channel":"ticker","data":[{"symbol":"BTC/USD","last":"abc"}]}"#,
        #"{"channel":"ticker","data":[{"symbol":"BTC/USD","last":1"#, #"{"success":"no","method":"subscribe"}"#,
        #"{"channel":"book","type":"snapshot","data":[{"symbol":"BTC/USD","bids":[{"price":"x","qty":1}]}]}"#,
        #"{"channel":"book","type":"update","data":[{"symbol":"BTC/USD","asks":[{"price":1}],"checksum":5}]}"#,
        #"{"channel":"book","type":"snapshot","data":[{"symbol":"BTC/USD","checksum":-1}]}"#,
    ]

    @Test(arguments: malformed)
    func malformedFramesGiveNothing(frame: String) {
        for feed in [ticker, books] {
            var state = feed.makeState()
            #expect(feed.decode(Array(frame.utf8), state: &state).isEmpty, "\(feed.channel)")
        }
        var state = ticker.makeState()
        _ = ticker.decode(Array(frame.utf8), state: &state)
        #expect(
            StreamEventText.lines(ticker.decode(Array(Self.tickerFrame.utf8), state: &state)) == [Self.btcQuote],
            "the connection reads on")
    }

    // MARK: Books

    typealias Level = (price: String, qty: String)

    static let snapshot = Fixture.text("kraken-stream/SYNTHETIC_book_snapshot_BTC-USD_docs-example.json")
    static let snapshotBids: [Level] = [
        ("45283.5", "0.10000000"), ("45283.4", "1.54582015"), ("45282.1", "0.10000000"), ("45281.0", "0.10000000"),
        ("45280.3", "1.54592586"), ("45279.0", "0.07990000"), ("45277.6", "0.03310103"), ("45277.5", "0.30000000"),
        ("45277.3", "1.54602737"), ("45276.6", "0.15445238"),
    ]
    static let snapshotAsks: [Level] = [
        ("45285.2", "0.00100000"), ("45286.4", "1.54571953"), ("45286.6", "1.54571109"), ("45289.6", "1.54560911"),
        ("45290.2", "0.15890660"), ("45291.8", "1.54553491"), ("45294.7", "0.04454749"), ("45296.1", "0.35380000"),
        ("45297.5", "0.09945542"), ("45299.5", "0.18772827"),
    ]

    /// Kraken's checksum written out here, apart from `KrakenBookState`: CRC-32 of the top ten
    /// asks then the top ten bids, each price and quantity as sent without its point and
    /// leading zeros.
    static func checksum(bids: [Level], asks: [Level]) -> UInt32 {
        func digits(_ s: String) -> String { String(s.filter { $0 != "." }.drop { $0 == "0" }) }
        let text = (asks.prefix(10) + bids.prefix(10)).map { digits($0.price) + digits($0.qty) }.joined()
        return CRC32.checksum(Array(text.utf8))
    }

    static func line(_ symbol: String, _ check: String, bids: [Level], asks: [Level]) -> String {
        func side(_ levels: [Level]) -> String { levels.map { "\($0.price)x\($0.qty)" }.joined(separator: ",") }
        return "book \(symbol) \(check) bids=\(side(bids)) asks=\(side(asks))"
    }

    static func update(_ symbol: String, bids: [Level] = [], asks: [Level] = [], checksum: UInt32?) -> [UInt8] {
        func side(_ levels: [Level]) -> String {
            levels.map { "{\"price\":\($0.price),\"qty\":\($0.qty)}" }.joined(separator: ",")
        }
        let sum = checksum.map { ",\"checksum\":\($0)" } ?? ""
        return Array(
            (#"{"channel":"book","type":"update","data":[{"symbol":"\#(symbol)","bids":[\#(side(bids))],"asks":[\#(side(asks))]"#
                + #"\#(sum),"timestamp":"2023-10-06T17:35:55.440295Z"}]}"#).utf8)
    }

    /// The best ask taken, a bid above the best added: the bids cut back to ten.
    static let afterBids: [Level] = [("45284.0", "0.50000000")] + snapshotBids.prefix(9)
    static let afterAsks: [Level] = Array(snapshotAsks.dropFirst())

    @Test func aSnapshotThenUpdatesThatCheckOut() {
        var state = books.makeState()
        #expect(Self.checksum(bids: Self.snapshotBids, asks: Self.snapshotAsks) == 3_310_070_434)
        let first = books.decode(Array(Self.snapshot.utf8), state: &state)
        #expect(
            StreamEventText.lines(first) == [
                Self.line("BTC-USD", "verified", bids: Self.snapshotBids, asks: Self.snapshotAsks)
            ])
        let good = Self.checksum(bids: Self.afterBids, asks: Self.afterAsks)
        let change = Self.update(
            "BTC/USD", bids: [("45284.0", "0.50000000")], asks: [("45285.2", "0")], checksum: good)
        let second = books.decode(change, state: &state)
        #expect(
            StreamEventText.lines(second) == [
                Self.line("BTC-USD", "verified", bids: Self.afterBids, asks: Self.afterAsks)
            ])
        // An update without a checksum is applied and shown unchecked; a quantity replaces the level's.
        let unchecked = Self.update("BTC/USD", bids: [("45284.0", "0.25000000")], checksum: nil)
        let bids: [Level] = [("45284.0", "0.25000000")] + Self.afterBids.dropFirst()
        #expect(
            StreamEventText.lines(books.decode(unchecked, state: &state)) == [
                Self.line("BTC-USD", "unchecked", bids: bids, asks: Self.afterAsks)
            ])
        // The book's time is the exchange's, from the message that carried one.
        guard case .book(let snapshotBook)? = first.first, case .book(let updatedBook)? = second.first else {
            Issue.record("no book")
            return
        }
        #expect(snapshotBook.book.time == nil && snapshotBook.book.pair == TradingPair(base: "BTC", quote: "USD"))
        #expect(updatedBook.book.time?.description == "2023-10-06T17:35:55Z")
    }

    /// A drifted book is marked resyncing with both checksums, its updates are ignored until the
    /// fresh snapshot the resync brings, and that snapshot is verified again; the messages of the
    /// resync are that one book's unsubscribe and subscribe.
    @Test func aChecksumMismatchAsksForThatBookAlone() {
        var state = books.makeState()
        _ = books.decode(Array(Self.snapshot.utf8), state: &state)
        let right = Self.checksum(bids: Self.afterBids, asks: Self.afterAsks)
        let drifted = Self.update(
            "BTC/USD", bids: [("45284.0", "0.50000000")], asks: [("45285.2", "0")], checksum: right &+ 1)
        #expect(
            StreamEventText.lines(books.decode(drifted, state: &state)) == [
                Self.line("BTC-USD", "resyncing(\(right &+ 1)!=\(right))", bids: Self.afterBids, asks: Self.afterAsks)
            ])
        #expect(
            books.resync("BTC-USD") == [
                #"{"method":"unsubscribe","params":{"channel":"book","symbol":["BTC/USD"],"depth":10}}"#,
                #"{"method":"subscribe","params":{"channel":"book","symbol":["BTC/USD"],"depth":10}}"#,
            ])
        let later = Self.update("BTC/USD", bids: [("45283.9", "1.0")], checksum: 12345)
        #expect(books.decode(later, state: &state).isEmpty, "ignored until the snapshot")
        #expect(
            StreamEventText.lines(books.decode(Array(Self.snapshot.utf8), state: &state)) == [
                Self.line("BTC-USD", "verified", bids: Self.snapshotBids, asks: Self.snapshotAsks)
            ])
    }

    /// Each pair's book is its own: one drifting leaves the other's updates applied, and one
    /// message may carry several books.
    @Test func booksOfTwoPairsAreKeptApart() {
        var state = books.makeState()
        let ethBids: [Level] = [("1650.10", "2.0"), ("1650.00", "1.5")]
        let ethAsks: [Level] = [("1650.20", "0.7")]
        let eth =
            #"{"symbol":"ETH/USD","bids":[{"price":1650.10,"qty":2.0},{"price":1650.00,"qty":1.5}],"asks":[{"price":1650.20,"qty":0.7}],"checksum":\#(Self.checksum(bids: ethBids, asks: ethAsks))},"#
        let message = Self.snapshot.replacingOccurrences(of: #""data":["#, with: #""data":["# + eth)
        #expect(
            StreamEventText.lines(books.decode(Array(message.utf8), state: &state)) == [
                Self.line("ETH-USD", "verified", bids: ethBids, asks: ethAsks),
                Self.line("BTC-USD", "verified", bids: Self.snapshotBids, asks: Self.snapshotAsks),
            ])
        _ = books.decode(Self.update("BTC/USD", bids: [("45284.0", "0.5")], checksum: 1), state: &state)
        let ethNext: [Level] = [("1650.10", "2.0")]
        let ethUpdate = Self.update(
            "ETH/USD", bids: [("1650.00", "0")], checksum: Self.checksum(bids: ethNext, asks: ethAsks))
        #expect(
            StreamEventText.lines(books.decode(ethUpdate, state: &state)) == [
                Self.line("ETH-USD", "verified", bids: ethNext, asks: ethAsks)
            ])
        #expect(books.decode(Self.update("BTC/USD", bids: [("1", "1")], checksum: 1), state: &state).isEmpty)
    }

    /// A new connection's state has no book: the old connection's drift and its run of
    /// mismatches stay with it, and the new connection's snapshot stands alone.
    @Test func aFreshStateStartsWithNoBook() {
        var old = books.makeState()
        let badSnapshot = Array(Self.snapshot.replacingOccurrences(of: "3310070434", with: "7").utf8)
        for _ in 0...KrakenBookState.maxResyncs { _ = books.decode(badSnapshot, state: &old) }
        guard case .book(let stale)? = books.decode(badSnapshot, state: &old).first,
            case .unverified = stale.check
        else {
            Issue.record("the old connection's book stopped asking and shows unverified")
            return
        }
        var fresh = books.makeState()
        #expect(
            StreamEventText.lines(books.decode(badSnapshot, state: &fresh)) == [
                Self.line("BTC-USD", "resyncing(7!=3310070434)", bids: Self.snapshotBids, asks: Self.snapshotAsks)
            ])
        // An update before any snapshot builds on nothing.
        var empty = books.makeState()
        let lone = Self.update(
            "BTC/USD", bids: [("100.0", "1.0")], checksum: Self.checksum(bids: [("100.0", "1.0")], asks: []))
        #expect(
            StreamEventText.lines(books.decode(lone, state: &empty)) == [
                Self.line("BTC-USD", "verified", bids: [("100.0", "1.0")], asks: [])
            ])
    }
}
