import Testing

@testable import SquarestockCore

@Suite("TerminalText width, truncate, pad")
struct TerminalTextWidthTests {
    static let widths: [(String, Int)] = [
        ("", 0),
        ("AAPL", 4),
        ("Apple Inc.", 10),
        ("トヨタ自動車", 12),
        ("삼성전자", 8),
        ("中文abc", 7),
        ("ＡＢ", 4),  // fullwidth forms
        ("e\u{301}", 1),  // combining acute
        ("Socie\u{301}te\u{301} Ge\u{301}ne\u{301}rale", 16),
        ("Société Générale", 16),
        ("a\u{20DD}", 1),  // enclosing mark
        ("\u{1100}\u{1161}\u{11A8}", 2),  // conjoining jamo form one syllable
        ("a\u{200B}b", 2),  // zero-width space
        ("…", 1),
        ("👍", 2),
        ("❤️", 2),  // text-default emoji with U+FE0F
        ("🇯🇵", 2),
        ("👨‍👩‍👧", 2),
        ("▁▂▃▄▅▆▇█", 8),
    ]

    @Test(arguments: widths)
    func displayWidth(_ s: String, _ expected: Int) {
        #expect(TerminalText.displayWidth(s) == expected)
    }

    static let truncations: [(String, Int, String)] = [
        ("Apple Inc.", 20, "Apple Inc."),
        ("Apple Inc.", 10, "Apple Inc."),
        ("Apple Inc.", 9, "Apple In…"),
        ("Apple Inc.", 7, "Apple…"),  // space before the ellipsis dropped
        ("トヨタ自動車", 12, "トヨタ自動車"),
        ("トヨタ自動車", 11, "トヨタ自動…"),
        ("トヨタ自動車", 10, "トヨタ自…"),  // 自 and 動 are 2 wide: one column short, never half a character
        ("Socie\u{301}te\u{301}", 5, "Soci…"),
        ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
        ("👨‍👩‍👧👨‍👩‍👧", 3, "👨‍👩‍👧…"),
        ("abc", 1, "…"),
        ("abc", 0, ""),
        ("abc", -1, ""),
    ]

    @Test(arguments: truncations)
    func truncate(_ s: String, _ width: Int, _ expected: String) {
        let cut = TerminalText.truncate(s, toWidth: width)
        #expect(cut == expected)
        #expect(TerminalText.displayWidth(cut) <= max(width, 0))
    }

    static let pads: [(String, Int, String)] = [
        ("ab", 4, "ab  "),
        ("日本", 6, "日本  "),
        ("e\u{301}", 3, "e\u{301}  "),
        ("日本", 4, "日本"),
        ("日本", 3, "日本"),  // already wider: unchanged, fit() cuts
        ("", 2, "  "),
    ]

    @Test(arguments: pads)
    func padRight(_ s: String, _ width: Int, _ expected: String) {
        #expect(TerminalText.padRight(s, toWidth: width) == expected)
    }

    @Test(arguments: [
        ("1.50", 6, "  1.50"),
        ("日本", 5, " 日本"),
        ("123456", 3, "123456"),
    ])
    func padLeft(_ s: String, _ width: Int, _ expected: String) {
        #expect(TerminalText.padLeft(s, toWidth: width) == expected)
    }

    static let fits: [(String, Int, String)] = [
        ("トヨタ自動車", 5, "トヨ…"),
        ("トヨタ自動車", 4, "ト… "),
        ("AAPL", 6, "AAPL  "),
        ("Alphabet Inc. Class A", 10, "Alphabet… "),
    ]

    @Test(arguments: fits)
    func fitIsExactlyTheWidth(_ s: String, _ width: Int, _ expected: String) {
        let cell = TerminalText.fit(s, toWidth: width)
        #expect(cell == expected)
        #expect(TerminalText.displayWidth(cell) == width)
    }
}
