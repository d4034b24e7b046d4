import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockServices

/// Kraken v2's book checksum on Kraken's documented snapshot (whose checksum, 3310070434, was
/// checked independently with zlib), updates that delete and add levels, the cut to depth, and
/// a mismatch.
struct KrakenBookChecksumTests {
    static let snapshot = Fixture.text("kraken-stream/SYNTHETIC_book_snapshot_BTC-USD_docs-example.json")

    @Test func crc32IsZlibs() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
    }

    @Test func theDocumentedSnapshotChecksOut() {
        var book = KrakenBookState(depth: 10)
        #expect(book.apply(Array(Self.snapshot.utf8)) == .applied)
        #expect(book.bids.count == 10 && book.asks.count == 10)
        #expect(book.bids.first?.priceText == "45283.5" && book.asks.first?.priceText == "45285.2")
        #expect(book.checksum() == 3_310_070_434)
    }

    @Test func updatesDeleteAndAddLevelsAndAWrongChecksumIsAMismatch() {
        var book = KrakenBookState(depth: 10)
        _ = book.apply(Array(Self.snapshot.utf8))
        // Take the best ask away and add a bid above the best: both sides stay 10 deep.
        var expected = book
        let update =
            #"{"channel":"book","type":"update","data":[{"symbol":"BTC/USD","bids":[{"price":45284.0,"qty":0.50000000}],"asks":[{"price":45285.2,"qty":0}],"checksum":CHECK}]}"#
        _ = expected.apply(Array(update.replacingOccurrences(of: "CHECK", with: "0").utf8))
        let right = expected.checksum()
        #expect(expected.bids.count == 10 && expected.bids.first?.priceText == "45284.0")
        #expect(expected.asks.count == 9 && expected.asks.first?.priceText == "45286.4")
        #expect(book.apply(Array(update.replacingOccurrences(of: "CHECK", with: String(right)).utf8)) == .applied)
        var other = KrakenBookState(depth: 10)
        _ = other.apply(Array(Self.snapshot.utf8))
        let wrong = update.replacingOccurrences(of: "CHECK", with: String(right &+ 1))
        #expect(other.apply(Array(wrong.utf8)) == .mismatch(expected: right &+ 1, computed: right))
        // The snapshot with a wrong checksum, and anything that is not a book.
        var fresh = KrakenBookState()
        #expect(
            fresh.apply(Array(Self.snapshot.replacingOccurrences(of: "3310070434", with: "3310070435").utf8))
                == .mismatch(expected: 3_310_070_435, computed: 3_310_070_434))
        #expect(fresh.apply(Array(#"{"channel":"heartbeat"}"#.utf8)) == .ignored)
    }
}

/// After a mismatch the book waits for the resync's snapshot (updates ignored); a checksum that
/// keeps disagreeing after `maxResyncs` snapshots stops asking and is shown unverified.
struct KrakenBookResyncTests {
    static let snapshot = Array(KrakenBookChecksumTests.snapshot.utf8)
    static let badSnapshot = Array(
        KrakenBookChecksumTests.snapshot.replacingOccurrences(of: "3310070434", with: "7").utf8)
    static let update = Array(
        #"{"channel":"book","type":"update","data":[{"symbol":"BTC/USD","bids":[{"price":45284.0,"qty":0.5}],"asks":[],"checksum":1}]}"#
            .utf8)

    @Test func updatesWaitForTheSnapshotAfterAMismatch() {
        var book = KrakenBookState()
        #expect(book.apply(Self.snapshot) == .applied)
        guard case .mismatch = book.apply(Self.update) else {
            Issue.record("expected a mismatch")
            return
        }
        #expect(book.awaitingSnapshot)
        #expect(book.apply(Self.update) == .awaitingSnapshot)
        #expect(book.apply(Self.snapshot) == .applied)
        // The fresh snapshot is taken; only a good update ends the run of mismatches.
        #expect(!book.awaitingSnapshot && book.mismatchesInARow == 1)
    }

    @Test func aChecksumThatKeepsDisagreeingStopsAskingForSnapshots() {
        var book = KrakenBookState()
        for _ in 0..<KrakenBookState.maxResyncs {
            #expect(book.apply(Self.badSnapshot) == .mismatch(expected: 7, computed: 3_310_070_434))
        }
        #expect(book.apply(Self.badSnapshot) == .failing(expected: 7, computed: 3_310_070_434))
        #expect(!book.awaitingSnapshot, "applied, unverified")
        #expect(book.apply(Self.snapshot) == .applied, "a good snapshot is shown verified again")
        #expect(book.mismatchesInARow == KrakenBookState.maxResyncs + 1)
    }

    /// Good snapshots, drifting updates: the fresh snapshot does not end the run of mismatches,
    /// so the cycle stops at `maxResyncs` instead of resubscribing on every update.
    @Test func goodSnapshotsDoNotResetTheRunOfDriftingUpdates() {
        var book = KrakenBookState()
        var resyncs = 0
        for _ in 0..<10 {
            #expect(book.apply(Self.snapshot) == .applied)
            switch book.apply(Self.update) {
            case .mismatch: resyncs += 1
            case .failing: break
            default: Issue.record("the drifting update was applied as good")
            }
        }
        #expect(resyncs == KrakenBookState.maxResyncs)
    }

    @Test func theFeedTurnsBooksIntoEventsAndResyncsOnlyTheDriftedOne() {
        let feed = KrakenStreamFeed(channel: .book(depth: 3))
        var state = KrakenStreamFeed.State()
        let first = feed.decode(Self.snapshot, state: &state)
        guard case .book(let live)? = first.first else {
            Issue.record("no book event: \(first)")
            return
        }
        #expect(live.check == .verified && live.symbol == "BTC-USD" && live.book.bids.count == 10)
        let drifted = feed.decode(Self.update, state: &state)
        guard case .book(let after)? = drifted.first, case .resyncing = after.check else {
            Issue.record("no resync: \(drifted)")
            return
        }
        #expect(feed.decode(Self.update, state: &state).isEmpty, "ignored until the snapshot")
        #expect(
            feed.resync("BTC-USD") == [
                #"{"method":"unsubscribe","params":{"channel":"book","symbol":["BTC/USD"],"depth":10}}"#,
                #"{"method":"subscribe","params":{"channel":"book","symbol":["BTC/USD"],"depth":10}}"#,
            ])
        #expect(KrakenStreamFeed().resync("BTC-USD").isEmpty)
        #expect(KrakenStreamFeed.subscribedDepth(26) == 100 && KrakenStreamFeed.subscribedDepth(1) == 10)
    }
}

/// Tradernet's books by position: deletes from the highest position down, inserts from the
/// lowest up, updates in place, then the count and the falling prices are checked.
struct TradernetBookStateTests {
    typealias Row = TradernetBookState.Row
    static func row(_ k: Int, _ p: String, _ bid: Bool, _ q: String) -> Row {
        Row(k: k, price: ExactDecimal(p), isBid: bid, size: ExactDecimal(q))
    }

    @Test func deletesInsertsAndUpdatesByPosition() {
        var book = TradernetBookState()
        let full = [
            Self.row(0, "10.3", false, "1"), Self.row(1, "10.2", false, "2"), Self.row(2, "10.1", true, "3"),
            Self.row(3, "10.0", true, "4"),
        ]
        #expect(book.apply(deletes: [], inserts: full.reversed(), updates: [], count: 4) == .applied)
        // Two deletes (positions before any shift, highest first) and an insert between.
        #expect(
            book.apply(
                deletes: [Row(k: 0), Row(k: 3)], inserts: [Self.row(1, "10.15", false, "9")], updates: [], count: 3)
                == .applied)
        #expect(book.levels.map(\.price.description) == ["10.2", "10.15", "10.1"])
        let ob = book.orderBook(TradingPair(base: "X", quote: "Y"))
        #expect(ob.asks.map(\.price.description) == ["10.15", "10.2"] && ob.bids.map(\.price.description) == ["10.1"])
    }

    @Test func aWrongCountOrOrderIsADriftAndTheNextMessageStartsAfresh() {
        var book = TradernetBookState()
        _ = book.apply(deletes: [], inserts: [Self.row(0, "10", false, "1")], updates: [], count: 1)
        #expect(book.apply(deletes: [], inserts: [], updates: [], count: 2) == .mismatch(expected: 2, computed: 1))
        #expect(book.awaitingSnapshot)
        #expect(
            book.apply(
                deletes: [], inserts: [Self.row(0, "11", false, "1"), Self.row(1, "9", true, "1")], updates: [],
                count: 2) == .applied)
        #expect(book.levels.count == 2, "the drifted level was dropped, not kept")
        // Prices out of order.
        #expect(
            book.apply(deletes: [], inserts: [], updates: [Row(k: 1, price: ExactDecimal("12"))], count: 2)
                == .mismatch(expected: 2, computed: 2))
        // An update past the end.
        var other = TradernetBookState()
        #expect(other.apply(deletes: [], inserts: [], updates: [Self.row(3, "1", true, "1")], count: nil) != .applied)
    }
}
