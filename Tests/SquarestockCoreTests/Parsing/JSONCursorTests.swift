import PropertyBased
import Testing

@testable import SquarestockCore

/// The token cursor the large exchange bodies are read with: it must accept what `JSONReader`
/// accepts, stop where the value ends, and turn prices into the same decimals as `ExactDecimal`.
struct JSONCursorTests {
    static func skip(_ text: String) -> (ok: Bool, offset: Int) {
        Array(text.utf8).withUnsafeBytes { raw in
            var c = JSONCursor(raw)
            let ok = c.skipValue()
            return (ok, c.offset)
        }
    }

    static func decimal(_ text: String) -> (value: ExactDecimal?, offset: Int) {
        Array(text.utf8).withUnsafeBytes { raw in
            var c = JSONCursor(raw)
            let v = c.decimal()
            return (v, c.offset)
        }
    }

    @Test(arguments: [
        "{}", "[]", "[1, -2.5e3, \"a\\\"b\", true, false, null]", " { \"a\" : [ {\"b\":{}} ] , \"c\":\"\\u00e9\" } ",
        "\"\"", "0",
    ])
    func skipsAWholeValue(text: String) {
        let (ok, offset) = Self.skip(text)
        #expect(ok)
        #expect(offset == text.utf8.count - (text.hasSuffix(" ") ? 1 : 0))
    }

    @Test(arguments: ["[1,]", "{\"a\" 1}", "[", "\"abc", "{\"a\":}", "[1 2]", "tru", "-", "{1:2}", ""])
    func refusesWhatIsNotJSON(text: String) {
        #expect(!Self.skip(text).ok)
    }

    @Test func stopsAtTheNestingLimitLikeTheReader() {
        func nested(_ n: Int) -> String { String(repeating: "[", count: n) + String(repeating: "]", count: n) }
        let limit = JSONReader.maxDepth
        #expect(Self.skip(nested(limit)).ok)
        #expect((try? JSONReader.parse(Array(nested(limit).utf8))) != nil)
        #expect(!Self.skip(nested(limit + 1)).ok)
        #expect((try? JSONReader.parse(Array(nested(limit + 1).utf8))) == nil)
        #expect(!Self.skip(String(repeating: "[", count: 100_000)).ok)
    }

    @Test func readsPricesAsExactDecimalsQuotedOrNot() {
        #expect(Self.decimal("\"84036.10000\"").value?.description == "84036.10000")
        #expect(Self.decimal("\"84036.10000\",").offset == 13)
        #expect(Self.decimal("30243.4").value?.description == "30243.4")
        #expect(Self.decimal(" \"0.00012345\"").value?.description == "0.00012345")
        #expect(Self.decimal("\"-1.5\"").value?.description == "-1.5")
        #expect(Self.decimal("\"1e3\"").value == ExactDecimal(1000))
        // Over 18 digits: only trailing zeros may be dropped, as ExactDecimal decides.
        #expect(Self.decimal("\"1.0000000000000000000000\"").value == ExactDecimal(1))
        #expect(Self.decimal("\"1234567890123456789\"").value == nil)
        // Not a number: nil, and the cursor stays put for the caller's error message.
        for text in ["\"\"", "\"1.2.3\"", "\"1\\u0030\"", "\"abc\"", "null", "\" 1\""] {
            let (value, offset) = Self.decimal(text)
            #expect(value == nil, "\(text)")
            #expect(offset == 0, "\(text)")
        }
    }

    static let decimalText = Gen.int(in: 0...1_000_000_000).array(of: 1...2).map { parts in
        parts.count == 1 ? "\(parts[0])" : "\(parts[0]).\(String(parts[1]).prefix(9))"
    }

    @Test func quotedAndBareDecimalsMatchExactDecimal() async {
        await propertyCheck(count: 300, input: Self.decimalText) { text in
            #expect(Self.decimal("\"\(text)\"").value == ExactDecimal(text))
            #expect(Self.decimal(text).value == ExactDecimal(text))
        }
    }

    static func read<T>(_ text: String, _ body: (inout JSONCursor) -> T) -> T {
        Array(text.utf8).withUnsafeBytes { raw in
            var c = JSONCursor(raw)
            return body(&c)
        }
    }

    /// `text()` hands out what a user may see: escapes resolved, then cleaned, as `JSONReader`.
    @Test(arguments: [
        (#""USD""#, "USD"),
        (#""A\u0042 C""#, "AB C"),
        (#""Apple\u001b]0;pwned\u0007 Inc.\n""#, "Apple Inc."),
        ("\"raw\u{1B}[2J  bytes \"", "raw bytes"),
        (#""Z\u00fcrich \ud83d\udcc8""#, "Zürich 📈"),
    ])
    func textIsResolvedAndCleaned(_ json: String, _ expected: String) throws {
        #expect(Self.read(json) { $0.text() } == expected)
        #expect(try JSONReader.parse(Array(json.utf8)) == .string(expected))
    }

    @Test func rawStringKeepsTheBytesAndGivesTheSameText() {
        let (bytes, escaped, text) = Self.read(#""\u0041b""#) { c -> ([UInt8], Bool, String) in
            let s = c.rawString()
            return (s.map { Array($0.bytes) } ?? [], s?.escaped ?? false, s?.text ?? "")
        }
        #expect(bytes == Array(#"\u0041b"#.utf8))
        #expect(escaped)
        #expect(text == "Ab")
        #expect(Self.read("12") { $0.text() } == nil)
    }

    @Test func numberAsTextIsCleaned() {
        #expect(Self.read("123456") { $0.numberAsText() } == "123456")
        #expect(Self.read("\"98\u{7}7\"") { $0.numberAsText() } == "987")
        #expect(Self.read("null") { $0.numberAsText() } == nil)
    }

    static let jsonishBytes = Gen.int(in: 0...13).array(of: 0...40).map { picks in
        let pieces = ["[", "]", "{", "}", ",", ":", "\"k\"", "1.5", "-2e3", "true", "null", " ", "\"\\n\"", "\"x"]
        return Array(picks.map { pieces[$0] }.joined().utf8)
    }

    /// Whatever `JSONReader` parses as one value, the cursor skips in full; whatever the cursor
    /// refuses, the reader refuses too.
    @Test func acceptsWhatTheReaderAccepts() async {
        await propertyCheck(count: 500, input: Self.jsonishBytes) { bytes in
            let parsed = (try? JSONReader.parse(bytes)) != nil
            let skipped: Bool = bytes.withUnsafeBytes { raw in
                var c = JSONCursor(raw)
                return c.skipValue() && c.atEnd()
            }
            if parsed { #expect(skipped) }
            if !skipped { #expect(!parsed) }
        }
    }
}
