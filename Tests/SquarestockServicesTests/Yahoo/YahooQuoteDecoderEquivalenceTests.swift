import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockServices

/// The quote batch read straight from its bytes gives what the tree decoder gave
/// (`YahooQuoteTreeOracle`): the same outcome, the same symbols and, for each, the same stock or
/// error, on every recorded fixture at several statuses, on bodies written to probe the edges
/// (error envelopes, nulls, escapes, control characters, huge numbers, duplicate keys) and on
/// seeded mutations of the recorded batches (truncations, flipped and inserted bytes).
struct YahooQuoteDecoderEquivalenceTests {
    static let context = SourceContext(now: Instant(secondsSinceEpoch: 1_759_325_000))

    /// Both decoders' answer to one response, as text to compare (`dump` of every stock).
    static func mismatch(_ body: [UInt8], status: Int) -> String? {
        let response = HTTPResponse(status: status, body: body)
        let old = YahooQuoteTreeOracle.decode(response)
        let new = YahooQuoteDecoder.decode(response)
        switch (old, new) {
        case (.rows(let a), .rows(let b)):
            guard a.keys.sorted() == b.keys.sorted() else { return "symbols \(a.keys.sorted()) vs \(b.keys.sorted())" }
            let charts: [Result<Stock, QuoteError>?] = [nil, .failure(.noData(source: "yahoo"))]
            for symbol in a.keys.sorted() {
                for chart in charts {
                    let x = describe(
                        YahooQuoteTreeOracle.stock(
                            symbol: symbol, row: a[symbol]!, chart: chart, context: context, sourceName: "yahoo"))
                    let y = describe(
                        YahooQuoteDecoder.stock(
                            symbol: symbol, row: b[symbol]!, chart: chart, context: context, sourceName: "yahoo"))
                    if x != y { return "\(symbol):\n\(x)\nvs\n\(y)" }
                }
            }
            return nil
        case (.unauthorized, .rows) where status < 400 && ResponseScreen.jsonMessage(body) == nil:
            // The one intended difference (`aGoodAnswerIsNeverARefusal`): the tree decoder
            // searched the first line of a good answer for refusal words.
            return nil
        case (.failure(.malformed(_, 1, 1, let detail)), .failure(.exchangeError(_, let message, _)))
        where detail.hasPrefix("no quote rows in") && ResponseScreen.jsonMessage(body) == message:
            // The second intended difference (`anErrorEnvelopeWith200IsARefusal`): an answer
            // with no rows whose envelope says why is that refusal, not an unreadable body.
            return nil
        case (.unauthorized(let a), .unauthorized(let b)):
            return a == b ? nil : "unauthorized \(a) vs \(b)"
        case (.failure(let a), .failure(let b)):
            return a == b ? nil : "failure \(a) vs \(b)"
        default:
            return "outcome \(old) vs \(new)"
        }
    }

    static func describe(_ r: Result<Stock, QuoteError>) -> String {
        var out = ""
        dump(r, to: &out)
        return out
    }

    static func expectSame(_ body: [UInt8], statuses: [Int] = [200], _ what: String) {
        for status in statuses {
            if let m = mismatch(body, status: status) {
                Issue.record("\(what) (HTTP \(status)): \(m)")
            }
        }
    }

    static let quoteFixtures: [String] = {
        let dir = Fixture.testsDirectory + "/Fixtures/yahoo-json/quote"
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted().map {
            "yahoo-json/quote/" + $0
        }
    }()

    @Test func everyRecordedFixtureAtEveryStatus() throws {
        let root = Fixture.testsDirectory + "/Fixtures"
        let files = try FileManager.default.subpathsOfDirectory(atPath: root).sorted()
        var read = 0
        for path in files {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            else { continue }
            let body = Fixture.bytes(path)
            guard body.count < 4_000_000 else { continue }
            Self.expectSame(body, statuses: [200, 401, 404, 429, 500], path)
            read += 1
        }
        #expect(read > 100)
        #expect(Self.quoteFixtures.count == 8)
    }

    @Test func recordedBatchesGiveRowsAndStocks() {
        for path in Self.quoteFixtures {
            guard case .rows(let rows) = YahooQuoteDecoder.decode(HTTPResponse(status: 200, body: Fixture.bytes(path)))
            else {
                Issue.record("\(path): no rows")
                continue
            }
            if path.contains("unknown-symbol") { #expect(rows.isEmpty) } else { #expect(!rows.isEmpty) }
        }
    }

    static func batch(_ rows: String, rest: String = "\"error\":null") -> [UInt8] {
        Array("{\"quoteResponse\":{\"result\":[\(rows)],\(rest)}}".utf8)
    }

    static let edgeBodies: [(String, [UInt8])] = [
        ("empty", []),
        ("spaces", Array("  \n ".utf8)),
        ("html", Array("<html><title>Yahoo! Unauthorized</title></html>".utf8)),
        ("text", Array("Too Many Requests\r\n".utf8)),
        ("jsonp", Array("cb({\"finance\":{\"error\":{\"description\":\"Invalid Crumb\"}}});".utf8)),
        (
            "invalid crumb",
            Array(
                "{\"finance\":{\"result\":null,\"error\":{\"code\":\"Unauthorized\",\"description\":\"Invalid Crumb\"}}}"
                    .utf8)
        ),
        ("invalid cookie", Array("{\"finance\":{\"error\":{\"description\":\"Invalid Cookie\"}}}".utf8)),
        (
            "200 error envelope",
            batch(
                "",
                rest:
                    "\"error\":{\"code\":\"Bad Request\",\"description\":\"Missing value for the \\\"symbols\\\" argument\"}"
            )
        ),
        ("message at the root", Array("{\"message\":\"unable to access this resource\"}".utf8)),
        ("message as a number", Array("{\"message\":5,\"error\":{\"message\":\"deeper\"}}".utf8)),
        ("message too deep", Array("{\"a\":{\"b\":{\"c\":{\"d\":{\"message\":\"Unauthorized\"}}}}}".utf8)),
        ("message three down", Array("{\"a\":{\"b\":{\"c\":{\"message\":\"Unauthorized\"}}}}".utf8)),
        ("message in an array", Array("{\"a\":[{\"message\":\"Unauthorized\"}]}".utf8)),
        ("escaped message key", Array("{\"mess\\u0061ge\":\"Invalid Crumb\"}".utf8)),
        ("message key with a control byte", Array("{\"mess\u{1}age\":\"Invalid Crumb\"}".utf8)),
        (
            "secret in a message",
            Array("{\"error\":{\"description\":\"bad crumb=abcdefghijklmnop apikey=SECRET123456\"}}".utf8)
        ),
        ("no quoteResponse", Array("{\"finance\":{\"result\":[]}}".utf8)),
        ("quoteResponse not an object", Array("{\"quoteResponse\":[1,2]}".utf8)),
        ("result not an array", Array("{\"quoteResponse\":{\"result\":null,\"error\":null}}".utf8)),
        ("result an object", Array("{\"quoteResponse\":{\"result\":{\"symbol\":\"AAPL\"}}}".utf8)),
        ("root an array", Array("[{\"quoteResponse\":{\"result\":[]}}]".utf8)),
        ("root a string", Array("\"quoteResponse\"".utf8)),
        (
            "duplicate quoteResponse",
            Array(
                "{\"quoteResponse\":{\"result\":[{\"symbol\":\"A\",\"regularMarketPrice\":1}]},\"quoteResponse\":{\"result\":[{\"symbol\":\"B\",\"regularMarketPrice\":2}]}}"
                    .utf8)
        ),
        (
            "duplicate result",
            Array("{\"quoteResponse\":{\"result\":5,\"result\":[{\"symbol\":\"B\",\"regularMarketPrice\":2}]}}".utf8)
        ),
        (
            "escaped keys",
            Array(
                "{\"quote\\u0052esponse\":{\"res\\u0075lt\":[{\"\\u0073ymbol\":\"AAPL\",\"regularMarket\\u0050rice\":1.5}]}}"
                    .utf8)
        ),
        ("key with a space", batch("{\"symbol\":\"AAPL\",\" regularMarketPrice\":1.5,\"regularMarketPrice \":2.5}")),
        (
            "rows that are not objects",
            batch("1,\"AAPL\",null,[{\"symbol\":\"X\"}],{\"symbol\":\"AAPL\",\"regularMarketPrice\":3}")
        ),
        ("row without symbol", batch("{\"regularMarketPrice\":3}")),
        ("symbol not a string", batch("{\"symbol\":5,\"regularMarketPrice\":3}")),
        ("duplicate symbol in a row", batch("{\"symbol\":null,\"symbol\":\"AAPL\",\"regularMarketPrice\":3}")),
        (
            "same symbol twice",
            batch("{\"symbol\":\"aapl\",\"regularMarketPrice\":3},{\"symbol\":\"AAPL\",\"regularMarketPrice\":4}")
        ),
        ("duplicate price", batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":\"3\",\"regularMarketPrice\":4}")),
        ("price as a string", batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":\"3.5\"}")),
        ("price null", batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":null,\"longName\":null}")),
        ("price huge", batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":1e999}")),
        ("price too precise", batch("{\"symbol\":\"SHIB-USD\",\"regularMarketPrice\":1.2345678901234567e-30}")),
        ("price many digits", batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":123456789012345678901234.5}")),
        ("price trailing zeros", batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":254.6300000000000000000000}")),
        (
            "price negative, exponent",
            batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":-2.5E+2,\"regularMarketPreviousClose\":+3}")
        ),
        ("price an object", batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":{\"raw\":3,\"fmt\":\"3.00\"}}")),
        (
            "times",
            batch(
                "{\"symbol\":\"AAPL\",\"regularMarketPrice\":3,\"regularMarketTime\":1759325000.0,\"marketState\":\"PRE\",\"preMarketPrice\":3.25,\"preMarketTime\":-5,\"preMarketChange\":0.25000001}"
            )
        ),
        (
            "time huge",
            batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":3,\"regularMarketTime\":99999999999999999999}")
        ),
        ("time a string", batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":3,\"regularMarketTime\":\"1759325000\"}")),
        (
            "post market",
            batch(
                "{\"symbol\":\"MSFT\",\"regularMarketPrice\":513.43,\"regularMarketPreviousClose\":513.57,\"marketState\":\"POST\",\"postMarketPrice\":512.84,\"postMarketChange\":-0.59000003,\"postMarketTime\":1759325000,\"exchange\":\"NMS\",\"fullExchangeName\":\"NasdaqGS\",\"exchangeTimezoneName\":\"America/New_York\",\"currency\":\"USD\"}"
            )
        ),
        (
            "change without previous close",
            batch(
                "{\"symbol\":\"X\",\"regularMarketPrice\":3,\"regularMarketChange\":0.20001,\"regularMarketChangePercent\":7.1,\"regularMarketOpen\":2.9,\"regularMarketDayHigh\":3.1,\"regularMarketDayLow\":2.8,\"regularMarketVolume\":123456789012}"
            )
        ),
        (
            "unicode name with escapes",
            batch(
                "{\"symbol\":\"NESN.SW\",\"regularMarketPrice\":80.12,\"longName\":\"Nestl\\u00e9 S.A. \\ud83d\\ude00 \\\"quoted\\\" \\/ \\\\\",\"currency\":\"CHF\",\"exchange\":\"EBS\"}"
            )
        ),
        (
            "raw unicode name",
            batch(
                "{\"symbol\":\"7203.T\",\"regularMarketPrice\":2500,\"longName\":\"トヨタ自動車株式会社\",\"exchangeTimezoneName\":\"Asia/Tokyo\"}"
            )
        ),
        (
            "control characters in names",
            batch(
                "{\"symbol\":\"AAPL\",\"regularMarketPrice\":3,\"longName\":\"Apple\\u001b[31m Inc.\\u0007\",\"shortName\":\"Apple\u{1}\u{7f}  Inc\",\"fullExchangeName\":\" Nasdaq\\tGS \"}"
            )
        ),
        ("bidi in a name", batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":3,\"longName\":\"Apple\u{202E}cnI\"}")),
        (
            "empty names",
            batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":3,\"longName\":\"\",\"shortName\":\"Apple\"}")
        ),
        (
            "lone surrogate",
            batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":3,\"longName\":\"a\\ud83d b \\ud83d\\u0041 \\udc00\"}")
        ),
        (
            "bad escape in an unused field",
            batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":3,\"unused\":\"\\u12G4\"}")
        ),
        (
            "bad low surrogate escape",
            batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":3,\"unused\":\"\\ud83d\\uZZZZ\"}")
        ),
        ("escape at the end", Array("{\"quoteResponse\":{\"result\":[{\"symbol\":\"A\\".utf8)),
        ("symbol with escapes", batch("{\"symbol\":\"\\u0041APL\",\"regularMarketPrice\":3}")),
        ("lower-case symbol", batch("{\"symbol\":\"brk-b\",\"regularMarketPrice\":3}")),
        ("unknown market state", batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":3,\"marketState\":\"HOLIDAY\"}")),
        (
            "pence",
            batch("{\"symbol\":\"OCDO.L\",\"regularMarketPrice\":308.8,\"currency\":\"GBp\",\"exchange\":\"LSE\"}")
        ),
        ("trailing data", Array("{\"quoteResponse\":{\"result\":[]}} x".utf8)),
        ("two values", Array("{}{}".utf8)),
        ("missing comma", Array("{\"quoteResponse\":{\"result\":[] \"error\":null}}".utf8)),
        ("trailing comma", batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":3,}")),
        ("bad literal", batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":nul}")),
        ("lone minus", batch("{\"symbol\":\"AAPL\",\"regularMarketPrice\":-}")),
        (
            "deep nesting",
            Array(
                ("{\"quoteResponse\":{\"result\":[{\"symbol\":\"A\",\"x\":" + String(repeating: "[", count: 200)
                    + String(repeating: "]", count: 200) + "}]}}").utf8)
        ),
        (
            "nesting at the limit",
            Array(
                ("{\"quoteResponse\":{\"result\":[{\"symbol\":\"A\",\"x\":" + String(repeating: "[", count: 123)
                    + String(repeating: "]", count: 123) + "}]}}").utf8)
        ),
        (
            "nesting one over",
            Array(
                ("{\"quoteResponse\":{\"result\":[{\"symbol\":\"A\",\"x\":" + String(repeating: "[", count: 124)
                    + String(repeating: "]", count: 124) + "}]}}").utf8)
        ),
        ("a BOM first", [0xEF, 0xBB, 0xBF] + batch("")),
        (
            "white space everywhere",
            Array(
                " \n{ \"quoteResponse\" :\t{ \"result\" : [ { \"symbol\" : \"AAPL\" , \"regularMarketPrice\" : 3 } ] } } \n"
                    .utf8)
        ),
        (
            "unauthorized in a name near the start",
            batch("{\"symbol\":\"X\",\"longName\":\"Unauthorized Co\",\"regularMarketPrice\":3}")
        ),
    ]

    /// A batch with rows and no error message is rows, whatever its first line says: the tree
    /// decoder took a name near its start for a refusal and renewed the session for nothing,
    /// then failed every symbol of the batch.
    @Test func aGoodAnswerIsNeverARefusal() throws {
        let body = Self.batch("{\"symbol\":\"X\",\"longName\":\"Unauthorized Co\",\"regularMarketPrice\":3}")
        if case .unauthorized = YahooQuoteTreeOracle.decode(HTTPResponse(status: 200, body: body)) {
        } else {
            Issue.record("the tree decoder's reading changed; this test no longer shows the difference")
        }
        guard case .rows(let rows) = YahooQuoteDecoder.decode(HTTPResponse(status: 200, body: body)) else {
            Issue.record("not rows")
            return
        }
        let stock = try YahooQuoteDecoder.stock(
            symbol: "X", row: try #require(rows["X"]), chart: nil, context: Self.context, sourceName: "yahoo"
        ).get()
        #expect(stock.company.name == "Unauthorized Co")
        // A refusal is still one when the envelope says so, rows or not.
        let refused = Self.batch("", rest: "\"error\":{\"description\":\"Invalid Crumb\"}")
        if case .unauthorized(let said) = YahooQuoteDecoder.decode(HTTPResponse(status: 200, body: refused)) {
            #expect(said == "Invalid Crumb")
        } else {
            Issue.record("an Invalid Crumb envelope is a refusal")
        }
    }

    /// Every field the reader keeps, each under its own name, read into its own place.
    @Test func everyFieldLandsInItsPlace() throws {
        let body = Self.batch(
            "{\"symbol\":\"aapl\",\"regularMarketPrice\":1.1,\"regularMarketPreviousClose\":1.2,"
                + "\"regularMarketChange\":1.3,\"regularMarketChangePercent\":1.4,\"regularMarketOpen\":1.5,"
                + "\"regularMarketDayHigh\":1.6,\"regularMarketDayLow\":1.7,\"regularMarketVolume\":18,"
                + "\"regularMarketTime\":1000,\"marketState\":\"PRE\",\"preMarketPrice\":2.1,"
                + "\"preMarketChange\":2.2,\"preMarketTime\":2000,\"postMarketPrice\":3.1,"
                + "\"postMarketChange\":3.2,\"postMarketTime\":3000,\"exchange\":\"NMS\","
                + "\"fullExchangeName\":\"NasdaqGS\",\"exchangeTimezoneName\":\"America/New_York\","
                + "\"longName\":\"Apple Inc.\",\"shortName\":\"Apple\",\"currency\":\"USD\"}")
        guard case .rows(let rows) = YahooQuoteDecoder.decode(HTTPResponse(status: 200, body: body)) else {
            Issue.record("not rows")
            return
        }
        let row = try #require(rows["AAPL"])
        var expected = YahooQuoteRow()
        expected.regularMarketPrice = ExactDecimal("1.1")
        expected.regularMarketPreviousClose = ExactDecimal("1.2")
        expected.regularMarketChange = ExactDecimal("1.3")
        expected.regularMarketChangePercent = ExactDecimal("1.4")
        expected.regularMarketOpen = ExactDecimal("1.5")
        expected.regularMarketDayHigh = ExactDecimal("1.6")
        expected.regularMarketDayLow = ExactDecimal("1.7")
        expected.regularMarketVolume = ExactDecimal("18")
        expected.regularMarketTime = Instant(secondsSinceEpoch: 1000)
        expected.marketState = "PRE"
        expected.preMarket = .init(
            price: ExactDecimal("2.1"), change: ExactDecimal("2.2"), time: Instant(secondsSinceEpoch: 2000))
        expected.postMarket = .init(
            price: ExactDecimal("3.1"), change: ExactDecimal("3.2"), time: Instant(secondsSinceEpoch: 3000))
        expected.venue = YahooVenueNames(
            code: "NMS", fullExchangeName: "NasdaqGS", exchangeTimezoneName: "America/New_York",
            longName: "Apple Inc.", shortName: "Apple", currency: "USD")
        #expect(row == expected)
    }

    /// A currency field that is no code (a hostile or garbled one) gives way to the venue's
    /// currency: it was shown as the currency of every figure.
    @Test func aCurrencyThatIsNoCodeGivesWayToTheVenues() {
        func venue(_ currency: String) -> YahooVenue {
            YahooVenue(
                YahooVenueNames(
                    code: "NMS", fullExchangeName: "NasdaqGS", exchangeTimezoneName: "America/New_York",
                    longName: "Apple Inc.", shortName: "Apple", currency: currency),
                symbol: "AAPL", registry: .standard)
        }
        #expect(venue("U\u{1B}[31mS%{A1:touch /tmp/x}#(id)\u{202E}D").currency?.code == "USD")
        #expect(venue("EUR").currency?.code == "EUR")
    }

    @Test func edgeBodiesAtEveryStatus() {
        for (what, body) in Self.edgeBodies {
            Self.expectSame(body, statuses: [200, 401, 403, 404, 429, 500], what)
        }
    }

    @Test func mutatedBatches() {
        let alphabet =
            Array("\"{}[],:\\u0123456789abcdefABCDEF-+.eEnulltrue \n\t".utf8) + [0, 1, 0x1B, 0x7F, 0xC3, 0xA9, 0xFF]
        var rng = SeededRandom(seed: 30)
        for path in Self.quoteFixtures {
            let original = Fixture.bytes(path)
            for cut in stride(from: 0, through: original.count, by: max(1, original.count / 150)) {
                Self.expectSame(Array(original[..<cut]), "\(path) cut at \(cut)")
            }
            for k in 0..<200 {
                var body = original
                for _ in 0..<(1 + k % 3) {
                    guard !body.isEmpty else { break }
                    let at = Int.random(in: 0..<body.count, using: &rng)
                    let byte = alphabet.randomElement(using: &rng)!
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0: body[at] = byte
                    case 1: body.insert(byte, at: at)
                    default: body.remove(at: at)
                    }
                }
                Self.expectSame(body, "\(path) mutation \(k)")
            }
        }
    }

    @Test func escapesReadableAgreesWithTheTreeReader() {
        let strings = [
            #""plain""#, #""a\"b""#, #""\\u0041""#, #""\u0041""#, #""\u004""#, #""\u00G1""#, #""\ud83d\ude00""#,
            #""\ud83d\u00""#, #""\ud83d x""#, #""\udc00""#, #""\x""#, #""\/\b\f\n\r\t""#, #""\ud83d\\u12""#,
        ]
        for s in strings {
            let bytes = Array(s.utf8)
            let tree = (try? JSONReader.parse(bytes)) != nil
            let cursor = bytes.withUnsafeBytes { JSONCursor.escapesAreReadable($0) }
            #expect(tree == cursor, "\(s)")
        }
    }
}
