import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockMarket
@testable import SquarestockNetworking
@testable import SquarestockRendering
@testable import SquarestockSearch
@testable import SquarestockServices
@testable import SquarestockWatch

/// The readers that turn outside bytes into text (JSON strings, CSV fields, symbol directory
/// lines, index snapshots) hand out sanitized text, so no field a decoder copies into a quote,
/// a note or a search row can carry an escape sequence to the terminal.
struct DecodedTextTests {
    static let attack = "\u{1B}]52;c;aGFja2Vk\u{07}\u{1B}]0;pwned\u{07}\u{9B}2J\u{202E}"

    static func isInert(_ s: String) -> Bool {
        !s.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E }
            && !s.contains("pwned") && !s.contains("aGFja2Vk")
    }

    @Test func jsonStringsAndKeysAreSanitized() throws {
        let body =
            #"{"name\u001b[2J":"Apple\u001b]0;pwned\u0007 Inc.\n","raw":"A"# + Self.attack + #"B","plain":"USD"}"#
        let value = try JSONReader.parse(Array(body.utf8))
        #expect(value["name"]?.string == "Apple Inc.")
        #expect(value["raw"]?.string == "AB")
        #expect(value["plain"]?.string == "USD")
    }

    @Test func csvFieldsAreSanitizedAndTheRawFormStaysFaithful() {
        let body = Array("\"Intel\(Self.attack)  Corp\",\"a \"\"q\"\"\u{1B}[31m\"\n".utf8)
        body.withUnsafeBytes { raw in
            var reader = TolerantCSVReader(bytes: raw)
            var fields: [CSVField] = []
            let read = reader.nextRecord(into: &fields)
            #expect(read)
            #expect(fields.map { reader.string($0) } == ["Intel Corp", "a \"q\""])
            #expect(reader.rawString(fields[0]) == "Intel\(Self.attack)  Corp")
        }
    }

    @Test func directoryNamesAndSymbolsAreSanitized() throws {
        let file = SymbolDirectoryParserTests.nasdaqFile([
            "AAPL\(Self.attack)|Apple\(Self.attack) Inc. - Common Stock|Q|N|N|100|N|N"
        ])
        let listing = try #require(SymbolDirectoryParser.parse(file).directory.listings.first)
        #expect(listing.name == "Apple Inc. - Common Stock")
        #expect(Self.isInert(listing.symbol) && Self.isInert(listing.actSymbol) && Self.isInert(listing.nasdaqSymbol))
    }

    @Test func namesReadBackFromAnIndexOrItsSnapshotAreSanitized() throws {
        var listing = try #require(
            SymbolDirectoryParser.parse(SymbolDirectoryParserTests.nasdaqFile(["AAPL|Apple Inc.|Q|N|N|100|N|N"]))
                .directory.listings.first)
        listing.name = "Apple\(Self.attack) Inc."  // as a damaged or planted snapshot could hold it
        let index = SymbolIndex(listings: [listing])
        #expect(index.listings.map(\.name) == ["Apple Inc."])
        let reloaded = try SymbolIndex(snapshot: index.snapshot())
        #expect(reloaded.listings.map(\.name) == ["Apple Inc."])
    }

    @Test func yahooChartGranularityAndCurrencyAreSanitized() throws {
        let chart = Fixture.text("yahoo-json/spark_AAPL_mid-session.json")
            .replacingOccurrences(of: #""dataGranularity":"5m""#, with: #""dataGranularity":"1d\u001b]0;pwned\u0007""#)
            .replacingOccurrences(of: #""currency":"USD""#, with: #""currency":"\u001b]52;c;aGFja2Vk\u0007USD""#)
        let stock = try YahooChartDecoder.stock(
            symbol: "AAPL", response: HTTPResponse(status: 200, body: Array(chart.utf8)),
            context: SourceContext(now: Instant(secondsSinceEpoch: 1_761_755_819)), sourceName: "test"
        ).get()
        #expect(stock.currency?.code == "USD")
        let note = try #require(stock.intradayUnavailable)
        #expect(note == "the recorded chart has 1d bars, not intraday ones")
    }

    @Test(arguments: [
        "", "AAPL", " a", "a ", "a  b", "a\tb", "x\u{7F}y", "Société Générale", "\u{FEFF}USD", "a\u{1B}[2Jb",
    ])
    func cleanBytesAgreesWithSanitize(_ text: String) {
        #expect(TerminalText.clean(bytes: Array(text.utf8)) == TerminalText.sanitize(text))
    }

    @Test func stripControlsKeepsTheLayoutOfAMessage() {
        let usage = "Error: bad value\nUsage: squarestock quote <symbols> ...\n  See 'squarestock --help'.\tok"
        #expect(TerminalText.stripControls(usage) == usage)
        #expect(TerminalText.stripControls("value 'a\(Self.attack)b'\r\n  next") == "value 'ab'\n  next")
    }
}
