import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockServices

/// Trades and Depth are read with a cursor over the bytes, not through a `JSONValue` tree: the
/// envelope rules (HTTP 200 errors, warnings, key order, white space) and the row shapes must
/// hold the same as on the tree.
struct KrakenEnvelopeTests {
    static func response(_ text: String) -> HTTPResponse {
        HTTPResponse(status: 200, body: Array(text.utf8))
    }
    static func trades(_ text: String) -> Result<[MarketTrade], QuoteError> {
        KrakenTradesDecoder.trades(response(text))
    }
    static let pair = TradingPair(base: "BTC", quote: "USD")

    /// A 404 from a proxy or a wrong --endpoint with some JSON of its own is that status (exit 3,
    /// "check the --endpoint"), not a body read "at line 1, column 1"; on TradeOgre too.
    @Test func anErrorStatusWithoutTheEnvelopeIsThatStatus() {
        let notFound = HTTPResponse(status: 404, body: Array(#"{"error":"Not Found","message":"no route"}"#.utf8))
        for answer in [
            KrakenEnvelope.result(notFound).map { _ in () },
            KrakenEnvelope.pairAnswer(notFound, "Trades") { _ in .success(()) },
            TradeOgreResponse.json(notFound).map { _ in () },
        ] {
            guard case .failure(.httpStatus(_, 404, _)) = answer else {
                Issue.record("\(answer)")
                continue
            }
        }
        // Kraken's own failure, sent with 200, is still its error.
        guard
            case .failure(.unlistedPair) = KrakenEnvelope.result(
                Self.response(#"{"error":["EQuery:Unknown asset pair"]}"#))
        else {
            Issue.record("not the pair's error")
            return
        }
    }

    @Test func anErrorWithoutAResultIsThePairsError() {
        guard
            case .failure(.unlistedPair(source: "kraken", _)) = Self.trades(
                "{\"error\":[\"EQuery:Unknown asset pair\"]}")
        else {
            Issue.record("not unlistedPair")
            return
        }
        guard
            case .failure(.rateLimited) = KrakenDepthDecoder.book(
                Self.response("{\"error\":[\"EGeneral:Too many requests\"]}"), pair: Self.pair)
        else {
            Issue.record("not rateLimited")
            return
        }
    }

    @Test func anErrorAfterTheResultStillWins() {
        let text =
            "{\"result\":{\"XXBTZUSD\":[[\"1.0\",\"2.0\",1688669597.1,\"b\",\"m\",\"\",1]]},\"error\":[\"EService:Unavailable\"]}"
        guard case .failure(.exchangeError(_, let message, _)) = Self.trades(text) else {
            Issue.record("not exchangeError")
            return
        }
        #expect(message == "EService:Unavailable")
    }

    @Test func aWarningBesideAResultIsNotAFailure() throws {
        let text =
            "{\"error\":[\"WGeneral:Deprecated\"],\"result\":{\"XXBTZUSD\":[[\"1.0\",\"2.0\",1688669597,\"s\",\"l\",\"\"]],\"last\":\"1\"}}"
        let trades = try Self.trades(text).get()
        #expect(trades.count == 1 && trades[0].side == .sell && trades[0].id == nil)
    }

    @Test func anEscapedErrorIsReadAsText() {
        guard
            case .failure(.exchangeError(_, let message, _)) = Self.trades(
                "{\"error\":[\"EGeneral:Bad \\\"pair\\\"\\u00e9\"]}")
        else {
            Issue.record("not exchangeError")
            return
        }
        #expect(message == "EGeneral:Bad \"pair\"é")
    }

    @Test func prettyBodiesWithABOMAndTheLastCursorFirstRead() throws {
        let text =
            "\u{FEFF}{\n  \"error\" : [ ],\n  \"result\" : {\n    \"last\" : \"17\" ,\n    \"XXBTZUSD\" : [\n"
            + "      [ \"30243.40000\" , \"0.34507674\" , 1688669597.8277369 , \"b\" , \"m\" , \"\" , 61044952 , \"x\" ]\n"
            + "    ]\n  }\n}\n"
        let trades = try Self.trades(text).get()
        #expect(trades.count == 1)
        #expect(trades[0].price.description == "30243.40000" && trades[0].size.description == "0.34507674")
        #expect(trades[0].nanoseconds == 827_736_900 && trades[0].id == "61044952" && trades[0].side == .buy)
    }

    @Test(arguments: [
        ("{\"error\":[]}", 1),
        ("{\"error\":[],\"result\":null}", 1),
        ("{\"error\":[],\"result\":{\"last\":\"1\"}}", 1),
        ("{\"error\":[],\"result\":{\"XXBTZUSD\":[[\"x\",\"2.0\",1]]}}", 36),
        ("{\"error\":[],\"result\":{\"XXBTZUSD\":[[\"1.0\",\"2.0\"]]}}", 47),
        ("{\"error\":[],\"result\":{\"XXBTZUSD\":[[\"1.0\",\"2.0\",1688669597]}}", 59),
        ("{\"error\":[],\"result\":{\"XXBTZUSD\":[]}} trailing", 39),
    ])
    /// The column is the byte where the expected shape broke: the `x` where a price belongs, the
    /// `]` where a time belongs, the `}` that should have closed the list, the trailing word.
    func malformedAnswersNameTheByte(text: String, column: Int) {
        guard case .failure(.malformed(source: "kraken", line: 1, let at, _)) = Self.trades(text) else {
            Issue.record("not malformed: \(text)")
            return
        }
        #expect(at == column, "\(text)")
    }

    @Test func aBookNeedsBothSidesAndReadsExtraFieldsByPosition() throws {
        let text =
            "{\"error\":[],\"result\":{\"XXBTZUSD\":{\"asks\":[[\"30244.0\",\"1.5\",1688669590,\"x\",[1]]],"
            + "\"bids\":[[30243.5,\"0.25\",\"1688669591\"]],\"other\":{\"a\":[1]}}}}"
        let book = try KrakenDepthDecoder.book(Self.response(text), pair: Self.pair).get()
        #expect(book.asks.map(\.price.description) == ["30244.0"] && book.bids.map(\.price.description) == ["30243.5"])
        #expect(book.asks[0].updated == Instant(secondsSinceEpoch: 1_688_669_590))
        #expect(book.bids[0].updated == Instant(secondsSinceEpoch: 1_688_669_591))
        let oneSided = "{\"error\":[],\"result\":{\"XXBTZUSD\":{\"asks\":[]}}}"
        guard case .failure(.malformed) = KrakenDepthDecoder.book(Self.response(oneSided), pair: Self.pair) else {
            Issue.record("a book without bids decoded")
            return
        }
        // Filed under the pair asked for, it is read; under another pair's key it is no answer
        // for this one (ETH-USD's order checks ran on BTC's prices).
        let keys = ["XXBTZUSD", "XBTUSD"]
        #expect((try? KrakenDepthDecoder.book(Self.response(text), pair: Self.pair, keys: keys).get()) != nil)
        guard
            case .failure(.missingFromResponse) = KrakenDepthDecoder.book(
                Self.response(text), pair: Self.pair, keys: ["XETHZUSD", "ETHUSD"])
        else {
            Issue.record("a book of another pair decoded")
            return
        }
    }

    @Test func anHTMLPageIsNotJSON() {
        guard case .failure(.notJSON) = Self.trades("<html><title>Cloudflare</title></html>") else {
            Issue.record("not notJSON")
            return
        }
    }
}
