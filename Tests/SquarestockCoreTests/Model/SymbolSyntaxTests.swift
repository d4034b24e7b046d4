import Testing

@testable import SquarestockCore

/// `SymbolSyntax.normalize`: a symbol kept as it is comes back as it is (the fast path), any
/// other is trimmed and upper-cased first, and what is left must be 1 to 24 of `A-Z 0-9 . - ^ = _`;
/// `asciiUppercased` is `uppercased()` whatever the text.
struct SymbolSyntaxTests {
    @Test(arguments: [
        ("AAPL", "AAPL"), ("aapl", "AAPL"), (" brk.b ", "BRK.B"), ("7203.T", "7203.T"), ("^GSPC", "^GSPC"),
        ("EURUSD=X", "EURUSD=X"), ("BTC-USD", "BTC-USD"), ("A_B", "A_B"), ("\tmsft\n", "MSFT"),
        (String(repeating: "A", count: 24), String(repeating: "A", count: 24)),
        (" " + String(repeating: "a", count: 24) + " ", String(repeating: "A", count: 24)),
    ])
    func keptSymbols(raw: String, kept: String) throws {
        #expect(try SymbolSyntax.normalize(raw).get() == kept)
    }

    @Test(arguments: ["", "   ", String(repeating: "A", count: 25), "AB C", "ÄPFEL", "A;B", "A\"B", "A/B"])
    func refusedSymbols(raw: String) {
        guard case .failure = SymbolSyntax.normalize(raw) else {
            Issue.record("'\(raw)' was kept")
            return
        }
    }

    @Test(arguments: ["USD", "usd", "Eur", "GBp", "", "ü", "straße", "ABC1-_", "aé"])
    func asciiUppercasedIsUppercased(text: String) {
        #expect(text.asciiUppercased == text.uppercased())
    }
}
