import TestSupport
import Testing

@testable import SquarestockCore

/// The Core readers that turn outside bytes into text (JSON strings, CSV fields) hand out
/// sanitized text, so no field a decoder copies into a quote, a note or a search row can carry an
/// escape sequence to the terminal.
struct DecodedTextTests {
    @Test func jsonStringsAndKeysAreSanitized() throws {
        let body =
            #"{"name\u001b[2J":"Apple\u001b]0;pwned\u0007 Inc.\n","raw":"A"# + HostileText.attack
            + #"B","plain":"USD"}"#
        let value = try JSONReader.parse(Array(body.utf8))
        #expect(value["name"]?.string == "Apple Inc.")
        #expect(value["raw"]?.string == "AB")
        #expect(value["plain"]?.string == "USD")
    }

    @Test func csvFieldsAreSanitizedAndTheRawFormStaysFaithful() {
        let body = Array("\"Intel\(HostileText.attack)  Corp\",\"a \"\"q\"\"\u{1B}[31m\"\n".utf8)
        body.withUnsafeBytes { raw in
            var reader = TolerantCSVReader(bytes: raw)
            var fields: [CSVField] = []
            let read = reader.nextRecord(into: &fields)
            #expect(read)
            #expect(fields.map { reader.string($0) } == ["Intel Corp", "a \"q\""])
            #expect(reader.rawString(fields[0]) == "Intel\(HostileText.attack)  Corp")
        }
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
        #expect(TerminalText.stripControls("value 'a\(HostileText.attack)b'\r\n  next") == "value 'ab'\n  next")
    }
}
