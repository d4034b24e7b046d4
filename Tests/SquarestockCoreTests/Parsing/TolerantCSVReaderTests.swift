import Testing

@testable import SquarestockCore

/// Every quirk the quote services were seen to send, as input text and the rows expected.
struct TolerantCSVReaderTests {
    static func rows(_ text: String) -> [[String]] {
        rows(Array(text.utf8))
    }

    static func rows(_ bytes: [UInt8]) -> [[String]] {
        bytes.withUnsafeBytes { raw in
            var reader = TolerantCSVReader(bytes: raw)
            var fields: [CSVField] = []
            var out: [[String]] = []
            while reader.nextRecord(into: &fields) { out.append(fields.map { reader.rawString($0) }) }
            return out
        }
    }

    /// Whether each record read was the input's last with no line end, in order.
    static func unterminated(_ text: String) -> [Bool] {
        Array(text.utf8).withUnsafeBytes { raw in
            var reader = TolerantCSVReader(bytes: raw)
            var fields: [CSVField] = []
            var out: [Bool] = []
            while reader.nextRecord(into: &fields) { out.append(reader.lastRecordIsUnterminated) }
            return out
        }
    }

    /// Only the last record of an input that ends inside it is unterminated (a cut file); a last
    /// line end of any kind, or blank lines after the last record, end it.
    @Test func theLastRecordWithoutALineEndIsSaid() {
        #expect(Self.unterminated("a,b\n1,2") == [false, true])
        #expect(Self.unterminated("a,b\n1,2\n") == [false, false])
        #expect(Self.unterminated("a,b\r\n1,2\r\n") == [false, false])
        #expect(Self.unterminated("a,b\r1,2\r") == [false, false])
        #expect(Self.unterminated("a,b\n1,2\n\n") == [false, false])
        #expect(Self.unterminated("a,\"b\nc\"") == [true])
        #expect(Self.unterminated("") == [])
    }

    static let cases: [(name: String, input: String, expected: [[String]])] = [
        ("LF", "a,b\n1,2\n", [["a", "b"], ["1", "2"]]),
        ("CRLF", "a,b\r\n1,2\r\n", [["a", "b"], ["1", "2"]]),
        ("bare CR", "a,b\r1,2\r", [["a", "b"], ["1", "2"]]),
        ("no final newline", "a,b\n1,2", [["a", "b"], ["1", "2"]]),
        ("UTF-8 BOM", "\u{FEFF}Symbol,Date\nX,1", [["Symbol", "Date"], ["X", "1"]]),
        ("blank lines", "a\n\n\r\n\nb\n\n", [["a"], ["b"]]),
        ("quoted comma", "\"Tesla Motors, Inc.\",TSLA", [["Tesla Motors, Inc.", "TSLA"]]),
        ("doubled quotes", "\"say \"\"hi\"\"\",x", [["say \"hi\"", "x"]]),
        ("quoted N/A stays text", "\"N/A\",N/A", [["N/A", "N/A"]]),
        (
            "ragged rows", "Date,Open,High,Low,Close,Volume\n1789-05-01,1,2,3,4\n1950-01-03,1,2,3,4,5",
            [
                ["Date", "Open", "High", "Low", "Close", "Volume"], ["1789-05-01", "1", "2", "3", "4"],
                ["1950-01-03", "1", "2", "3", "4", "5"],
            ]
        ),
        ("empty fields", "a,,c,", [["a", "", "c", ""]]),
        ("newline inside quotes", "\"line1\nline2\",x\ny", [["line1\nline2", "x"], ["y"]]),
        ("text after closing quote", "\"5'3\"\" tall\"x,y", [["5'3\" tall\"x", "y"]]),
        ("quote inside unquoted field", "ab\"c,d", [["ab\"c", "d"]]),
        ("signed and percent values", "+0.50,\"-0.71%\",38.88B", [["+0.50", "-0.71%", "38.88B"]]),
    ]

    @Test(arguments: cases)
    func quirk(_ c: (name: String, input: String, expected: [[String]])) {
        #expect(Self.rows(c.input) == c.expected, "\(c.name)")
    }

    @Test func unterminatedQuoteIsReportedAndKeepsTheRest() {
        Array("a,\"cut off".utf8).withUnsafeBytes { raw in
            var reader = TolerantCSVReader(bytes: raw)
            var fields: [CSVField] = []
            let first = reader.nextRecord(into: &fields)
            #expect(first)
            #expect(reader.lastRecordHadUnterminatedQuote)
            #expect(fields.map { reader.string($0) } == ["a", "cut off"])
            let second = reader.nextRecord(into: &fields)
            #expect(!second)
        }
    }

    @Test func lineNumbersCountPhysicalLines() {
        Array("h\n\n\"a\nb\"\nc\n".utf8).withUnsafeBytes { raw in
            var reader = TolerantCSVReader(bytes: raw)
            var fields: [CSVField] = []
            var lines: [Int] = []
            while reader.nextRecord(into: &fields) { lines.append(reader.lineNumber) }
            #expect(lines == [1, 3, 5])
        }
    }

    @Test func emptyInputHasNoRecords() {
        #expect(Self.rows("").isEmpty)
        #expect(Self.rows("\u{FEFF}").isEmpty)
        #expect(Self.rows("\n\n").isEmpty)
    }
}
