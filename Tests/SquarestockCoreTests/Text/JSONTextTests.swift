import Testing

@testable import SquarestockCore

/// `JSONText.quoted`, the one JSON string escaper every JSON output and request body uses.
struct JSONTextTests {
    @Test(arguments: [
        ("AAPL", "\"AAPL\""),
        ("", "\"\""),
        ("say \"hi\"", "\"say \\\"hi\\\"\""),
        ("C:\\path", "\"C:\\\\path\""),
        ("a\nb\rc\td", "\"a\\nb\\rc\\td\""),
        ("\u{0}\u{1}\u{1B}[2J\u{1F}", "\"\\u0000\\u0001\\u001b[2J\\u001f\""),
        ("del\u{7F}", "\"del\\u007f\""),
        ("c1\u{85}\u{9B}", "\"c1\\u0085\\u009b\""),
        ("line\u{2028}para\u{2029}", "\"line\\u2028para\\u2029\""),
        ("Société Générale 日本 📈", "\"Société Générale 日本 📈\""),
        ("\u{A0}non-breaking", "\"\u{A0}non-breaking\""),
    ])
    func escapes(_ input: String, _ expected: String) {
        #expect(JSONText.quoted(input) == expected)
    }

    /// What it writes reads back as the same text (`JSONReader` cleans control characters, so
    /// the round trip is checked on printable text).
    @Test(arguments: ["plain", "quote \" and \\ back", "Zürich €5 日本", "a/b"])
    func readsBack(_ text: String) throws {
        let parsed = try JSONReader.parse(Array(JSONText.quoted(text).utf8))
        #expect(parsed == .string(text))
    }
}
