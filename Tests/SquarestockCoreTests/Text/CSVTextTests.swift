import Testing

@testable import SquarestockCore

/// `CSVText.quoted`, the one CSV field quoting every CSV output uses (RFC 4180).
struct CSVTextTests {
    @Test(arguments: [
        ("AAPL", "AAPL"),
        ("", ""),
        ("Tesla, Inc.", "\"Tesla, Inc.\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("\"", "\"\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("bare\rreturn", "\"bare\rreturn\""),
        ("windows\r\nline", "\"windows\r\nline\""),
        ("back\\slash", "back\\slash"),
        ("tab\there", "tab\there"),
        ("Société Générale 日本", "Société Générale 日本"),
        ("Zürich, \"AG\"", "\"Zürich, \"\"AG\"\"\""),
    ])
    func quotes(_ input: String, _ expected: String) {
        #expect(CSVText.quoted(input) == expected)
    }

    /// A row of quoted fields reads back field for field.
    @Test func readsBack() {
        let row = ["a,b", "say \"hi\"", "x\r\ny", "é", ""]
        let text = row.map(CSVText.quoted).joined(separator: ",") + "\n"
        let parsed: [String] = Array(text.utf8).withUnsafeBytes { raw in
            var reader = TolerantCSVReader(bytes: raw)
            var fields: [CSVField] = []
            guard reader.nextRecord(into: &fields) else { return [] }
            return fields.map { reader.rawString($0) }
        }
        #expect(parsed == row)
    }
}
