import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockServices

/// Yahoo's stream feed as a decoder: the subscribe and unsubscribe messages it sends, the
/// `PricingData` protobuf it reads (in the `{"type":"pricing","message":...}` envelope of
/// `?version=2` or as the bare base64 of the old endpoint) with prices rounded to the message's
/// price hint and proto3's absent zeros as nil, and every malformed frame ignored. Yahoo sends no
/// heartbeat, errors or acknowledgements, so a quote is the only event it can make.
struct YahooStreamFeedTests {
    let feed = YahooStreamFeed()

    /// yfinance's test message: BTC-USD at 94745.08, 2025-01-10 11:39:00 UTC, regular session.
    static let recorded = Fixture.text("yahoo-stream/inline__yfinance-test_PricingData_BTC-USD_2025-01-10.b64")
        .trimmingCharacters(in: .whitespacesAndNewlines)
    static let recordedQuote =
        "quote BTC-USD 94745.08 time=2025-01-10T11:39:00Z+0ns bid=nil ask=nil change=1431.89 pct=1.53"
        + " volume=59712028672 session=regular"

    static func envelope(_ base64: String) -> [UInt8] {
        Array("{\"type\":\"pricing\",\"message\":\"\(base64)\"}".utf8)
    }

    func decode(_ frame: [UInt8]) -> [String] {
        var state = feed.makeState()
        return StreamEventText.lines(feed.decode(frame, state: &state))
    }

    @Test func subscribeAndResubscribeMessages() {
        #expect(feed.subscribe(["AAPL", "BTC-USD"]) == [#"{"subscribe":["AAPL","BTC-USD"]}"#])
        #expect(feed.subscribe([]).isEmpty)
        // A symbol is a JSON string in the message: a quote or backslash in one cannot end it.
        #expect(feed.subscribe(["A\"B\\C"]) == [#"{"subscribe":["A\"B\\C"]}"#])
        #expect(
            feed.resubscribe(from: ["AAPL", "MSFT", "BTC-USD"], to: ["BTC-USD", "^GSPC"]) == [
                #"{"unsubscribe":["AAPL","MSFT"]}"#, #"{"subscribe":["BTC-USD","^GSPC"]}"#,
            ])
        #expect(feed.resubscribe(from: ["AAPL"], to: ["AAPL", "MSFT"]) == [#"{"subscribe":["AAPL","MSFT"]}"#])
        #expect(feed.resubscribe(from: ["AAPL"], to: []) == [#"{"unsubscribe":["AAPL"]}"#])
        #expect(feed.resync("AAPL").isEmpty, "no books")
    }

    @Test func endpointAndTimers() {
        #expect(feed.url == "wss://streamer.finance.yahoo.com/?version=2")
        #expect(feed.url(endpoint: "http://127.0.0.1:8123") == "ws://127.0.0.1:8123/?version=2")
        #expect(feed.url(endpoint: nil) == feed.url)
        // No heartbeat of its own: the list is sent again every 15 s and a pong proves the link.
        #expect(feed.keepAlive == 15 && feed.idleTimeout == 30 && !feed.sendsHeartbeats)
    }

    @Test func theRecordedMessageInBothFramings() {
        #expect(decode(Self.envelope(Self.recorded)) == [Self.recordedQuote])
        #expect(decode(Array(Self.recorded.utf8)) == [Self.recordedQuote], "the unversioned endpoint's bare base64")
        // Members around the message, in any order, are skipped.
        let reordered = "{\"time\":1,\"message\":\"\(Self.recorded)\",\"type\":\"pricing\",\"extra\":{\"a\":[1]}}"
        #expect(decode(Array(reordered.utf8)) == [Self.recordedQuote])
    }

    /// Messages written field by field, as `pricing.proto` numbers them.
    static let built: [(String, PricingMessage, String)] = [
        (
            "bid, ask and a millisecond time",
            PricingMessage().string(1, "AAPL").float(2, 227.52).sint64(3, 1_736_509_140_123).varint(7, 1)
                .float(8, -0.4321).sint64(9, 41_234_567).float(12, -0.98).float(23, 227.5).float(25, 227.55),
            "quote AAPL 227.52 time=2025-01-10T11:39:00Z+123000000ns bid=227.50 ask=227.55 change=-0.98"
                + " pct=-0.43 volume=41234567 session=regular"
        ),
        (
            "a price hint of 4 (FX)",
            PricingMessage().string(1, "EURUSD=X").float(2, 1.0297).sint64(3, 1_736_509_140_000).float(23, 1.0296)
                .sint64(27, 4),
            "quote EURUSD=X 1.0297 time=2025-01-10T11:39:00Z+0ns bid=1.0296 ask=nil change=nil pct=nil"
                + " volume=nil session=nil"
        ),
        (
            "pre-market, zeros absent",
            PricingMessage().string(1, "TSLA").float(2, 394.2).varint(7, 0).float(23, 0).sint64(9, 0),
            "quote TSLA 394.20 time=nil bid=nil ask=nil change=nil pct=nil volume=nil session=pre"
        ),
        (
            "post-market",
            PricingMessage().string(1, "TSLA").float(2, 395).varint(7, 2),
            "quote TSLA 395.00 time=nil bid=nil ask=nil change=nil pct=nil volume=nil session=post"
        ),
        (
            "fields it does not read, of every wire type, are skipped",
            PricingMessage().fixed64(50, 7).string(1, "MSFT").string(4, "USD").varint(6, 8).float(2, 420.5)
                .string(40, "ignored").fixed32(41, 1),
            "quote MSFT 420.50 time=nil bid=nil ask=nil change=nil pct=nil volume=nil session=nil"
        ),
        (
            "an implausible time is left out, the price kept",
            PricingMessage().string(1, "X").float(2, 1).sint64(3, -5),
            "quote X 1.00 time=nil bid=nil ask=nil change=nil pct=nil volume=nil session=nil"
        ),
    ]

    @Test(arguments: 0..<built.count)
    func builtMessages(index: Int) {
        let (name, message, expected) = Self.built[index]
        #expect(decode(Self.envelope(message.base64)) == [expected], "\(name)")
    }

    /// Nothing here is a quote, and none of it may crash or leave state that spoils the next one.
    static let ignored: [(String, [UInt8])] = [
        ("empty", []),
        ("an empty object", Array("{}".utf8)),
        ("an envelope without a message", Array(#"{"type":"pricing"}"#.utf8)),
        ("a message that is not a string", Array(#"{"type":"pricing","message":42}"#.utf8)),
        ("an escaped message", Array(#"{"type":"pricing","message":"Cgd\u0043"}"#.utf8)),
        ("not base64", Array(#"{"type":"pricing","message":"not base64!"}"#.utf8)),
        ("bare text", Array("hello".utf8)),
        ("broken JSON", Array(#"{"type":"pricing","message":"#.utf8)),
        (
            "a truncated protobuf",
            envelope(
                PricingMessage(bytes: Array(PricingMessage().string(1, "AAPL").float(2, 1).bytes.dropLast(2))).base64)
        ),
        ("no symbol", envelope(PricingMessage().float(2, 227.52).base64)),
        ("an empty symbol", envelope(PricingMessage().string(1, "").float(2, 227.52).base64)),
        // Refused, not cleaned into AAPL (a tick of a symbol never asked for).
        ("a symbol with an escape sequence", envelope(PricingMessage().string(1, "AAPL\u{1B}[31m").float(2, 1).base64)),
        ("a symbol with a zero-width space", envelope(PricingMessage().string(1, "AA\u{200B}PL").float(2, 1).base64)),
        ("no price", envelope(PricingMessage().string(1, "AAPL").float(23, 227.5).base64)),
        ("a zero price", envelope(PricingMessage().string(1, "AAPL").float(2, 0).base64)),
        ("a price that is not a number", envelope(PricingMessage().string(1, "AAPL").float(2, .nan).base64)),
        ("a price hint past 8", envelope(PricingMessage().string(1, "AAPL").float(2, 1).sint64(27, 9).base64)),
        ("field number 0", envelope(PricingMessage(bytes: [0x02, 0x00]).base64)),
        ("a group wire type", envelope(PricingMessage().string(1, "AAPL").float(2, 1).key(5, 3).base64)),
        ("a length past the end", envelope(PricingMessage(bytes: [0x0A, 0x7F, 0x41]).base64)),
    ]

    @Test(arguments: 0..<ignored.count)
    func malformedFramesGiveNothing(index: Int) {
        let (name, frame) = Self.ignored[index]
        var state = feed.makeState()
        #expect(feed.decode(frame, state: &state).isEmpty, "\(name)")
        // The same connection goes on reading.
        #expect(
            StreamEventText.lines(feed.decode(Self.envelope(Self.recorded), state: &state)) == [Self.recordedQuote],
            "after \(name)")
    }

    /// The state only saves work (one base64 buffer, the symbol strings made once): a long
    /// message, then a shorter one, then the first again decode on one connection exactly as
    /// each does on a fresh one.
    @Test func oneConnectionsStateChangesNoMessage() {
        let long = Self.envelope(Self.built[0].1.base64)
        let short = Self.envelope(PricingMessage().string(1, "AAPL").float(2, 228).base64)
        var state = feed.makeState()
        var together: [String] = []
        for frame in [long, short, Self.envelope(Self.recorded), long] {
            together += StreamEventText.lines(feed.decode(frame, state: &state))
        }
        #expect(together == [long, short, Self.envelope(Self.recorded), long].flatMap { decode($0) })
        #expect(together[1] == "quote AAPL 228.00 time=nil bid=nil ask=nil change=nil pct=nil volume=nil session=nil")
    }
}

/// A `PricingData` protobuf written by hand: keys, varints, zigzag sint64, little-endian fixed
/// values and length-delimited strings.
struct PricingMessage {
    var bytes: [UInt8] = []

    var base64: String { Data(bytes).base64EncodedString() }

    func key(_ field: Int, _ wire: Int) -> PricingMessage { appending(Self.varint(UInt64(field << 3 | wire))) }

    func varint(_ field: Int, _ value: UInt64) -> PricingMessage { key(field, 0).appending(Self.varint(value)) }

    func sint64(_ field: Int, _ value: Int64) -> PricingMessage {
        varint(field, UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    func float(_ field: Int, _ value: Float) -> PricingMessage {
        key(field, 5).appending(Self.littleEndian(UInt64(value.bitPattern), 4))
    }

    func fixed32(_ field: Int, _ value: UInt32) -> PricingMessage {
        key(field, 5).appending(Self.littleEndian(UInt64(value), 4))
    }

    func fixed64(_ field: Int, _ value: UInt64) -> PricingMessage {
        key(field, 1).appending(Self.littleEndian(value, 8))
    }

    func string(_ field: Int, _ value: String) -> PricingMessage {
        key(field, 2).appending(Self.varint(UInt64(value.utf8.count)) + Array(value.utf8))
    }

    func appending(_ more: [UInt8]) -> PricingMessage { PricingMessage(bytes: bytes + more) }

    static func varint(_ value: UInt64) -> [UInt8] {
        var v = value
        var out: [UInt8] = []
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        return out + [UInt8(v)]
    }

    static func littleEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
