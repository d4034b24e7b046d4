import PropertyBased
import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockNetworking
@testable import SquarestockSearch
@testable import SquarestockServices

/// Properties that must hold for every input, not just the recorded ones.
struct ParserPropertyTests {
    /// Field text drawn from the characters that make CSV hard: separators, quotes, line ends.
    static let fieldCharacters = Array("ab1 ,\"\r\n;.-é")
    static let field = Gen.int(in: 0...(fieldCharacters.count - 1)).array(of: 0...8).map { indices in
        String(indices.map { fieldCharacters[$0] })
    }
    static let rows = field.array(of: 1...5).array(of: 1...6)

    @Test func whatOurCSVWriterWritesReadsBackAsTheSameRows() async {
        await propertyCheck(count: 300, input: Self.rows) { rows in
            // A row that is one empty field is a blank line, which CSV cannot tell from nothing.
            let kept = rows.filter { !($0.count == 1 && $0[0].isEmpty) }
            let text = kept.map { $0.map(CSVText.quoted).joined(separator: ",") }.joined(separator: "\n")
            let parsed: [[String]] = Array(text.utf8).withUnsafeBytes { raw in
                var reader = TolerantCSVReader(bytes: raw)
                var fields: [CSVField] = []
                var out: [[String]] = []
                while reader.nextRecord(into: &fields) { out.append(fields.map { reader.rawString($0) }) }
                return out
            }
            #expect(parsed == kept)
        }
    }

    static let bytes = Gen.int(in: 0...255).array(of: 0...300).map { $0.map { UInt8($0) } }

    /// Any byte string either decodes or yields a typed error: no trap, no hang.
    @Test func everyDecoderAnswersAnyBytes() async {
        let context = SourceContext(now: Instant(secondsSinceEpoch: 1_761_755_819))
        await propertyCheck(count: 300, input: Self.bytes) { body in
            let r = HTTPResponse(status: 200, body: body)
            _ = StooqDecoder.quotes(r)
            _ = StooqHistoryDecoder.decode(
                r, symbol: "AAPL", zone: try! ExchangeTimeZone(identifier: "America/New_York"), interval: .minutes(5))
            _ = YahooCSVDecoder.rows(r, codes: YahooFieldCode.split(YahooFieldCode.standard) ?? [])
            _ = YahooChartQuote.stock(symbol: "AAPL", response: r, context: context, sourceName: "p")
            _ = YahooQuoteDecoder.decode(r)
            _ = YahooSearchDecoder.matches(r)
            _ = YahooAutocompleteDecoder.matches(r)
            _ = AlphaVantageDecoder.globalQuote(r, apiKey: "K")
            _ = AlphaVantageDecoder.intraday(r, apiKey: "K")
            _ = AlphaVantageDecoder.search(r, apiKey: "K", registry: .standard)
            _ = try? JSONReader.parseAllowingJSONP(body)
            _ = try? SymbolDirectoryParser.parse(body)
            #expect(!TerminalText.sanitize(bytes: body).unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x1B })
        }
    }

    /// A CSV body in the Stooq shape, with arbitrary bytes spliced into one field, still decodes
    /// row by row or fails with a typed error naming a line.
    @Test func stooqBodiesWithGarbageInAField() async {
        await propertyCheck(count: 200, input: Self.bytes) { junk in
            var body = Array("Symbol,Date,Time,Open,High,Low,Close,Volume,Name\nAAPL.US,2020-05-06,22:00:01,".utf8)
            body += junk
            body += Array(",1,0.5,1.5,100,APPLE\n".utf8)
            switch StooqDecoder.quotes(HTTPResponse(status: 200, body: body)) {
            case .success(let rows): #expect(rows.count <= 1 + junk.filter { $0 == 10 || $0 == 13 }.count)
            case .failure(let e): #expect(!e.detail.isEmpty)
            }
        }
    }

    static let decimals = Gen.int(in: -999_999_999...999_999_999).map {
        ExactDecimal(significand: Int64($0), scale: abs($0) % 7)
    }

    @Test func decimalsPrintAndParseBackExactly() async {
        await propertyCheck(count: 500, input: Self.decimals, Self.decimals) { a, b in
            #expect(ExactDecimal(a.description) == a)
            #expect(ExactDecimal(a.description)?.description == a.description)
            if let sum = a + b { #expect(sum - b == a) }
        }
    }
}

/// Found by the round-trip property: `"\r\n"` is one `Character` in Swift, equal to neither
/// `"\r"` nor `"\n"`, so character-wise checks missed Windows line ends.
struct CarriageReturnLineFeedTests {
    @Test func csvFieldWithCRLFIsQuoted() {
        #expect(CSVText.quoted("a\r\nb") == "\"a\r\nb\"")
    }

    @Test func configFileWithCRLFLines() {
        let c = ConfigFile.parse("source = samples\r\ntimeout = 5\r\n")
        #expect(c["source"] == "samples")
        #expect(c["timeout"] == "5")
    }

    @Test func crumbWithALineEndIsRefused() {
        #expect(!YahooSession.isPlausibleCrumb("abcdefgh\r\n"))
    }

    @Test func excerptStopsAtACRLF() {
        #expect(BodyKind.excerpt(Array("first line\r\nsecond".utf8)) == "first line")
    }
}
