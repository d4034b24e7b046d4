import Testing

@testable import SquarestockCore

@Suite("TerminalText.sanitize")
struct TerminalTextSanitizeTests {
    static let esc = "\u{1B}"

    /// Hostile or messy input and what may reach the terminal.
    static let cases: [(String, String)] = [
        // Escape sequences, removed whole.
        ("\(esc)[31mRED\(esc)[0m", "RED"),
        ("\(esc)[?25lhidden cursor", "hidden cursor"),
        ("a\(esc)[2J\(esc)[Hb", "ab"),
        ("\(esc)]8;;http://x\(esc)\\link\(esc)]8;;\(esc)\\", "link"),
        ("a\(esc)]52;c;SGVsbG8=\u{07}b", "ab"),
        ("\(esc)]0;window title\u{07}Apple", "Apple"),
        ("\u{9B}31mX", "X"),
        ("\u{9D}0;title\u{9C}v", "v"),
        ("x\(esc)Pq#0;2;0;0;0\(esc)\\y", "xy"),
        ("\(esc)_Gsecret\(esc)\\z", "z"),
        ("\(esc)^pm\(esc)\\ok", "ok"),
        ("\(esc)Xsos\(esc)\\ok", "ok"),
        ("\(esc)7saved\(esc)8", "saved"),
        ("\(esc)(Bascii", "ascii"),
        ("\(esc)cfresh", "fresh"),
        // Unterminated sequences swallow the rest rather than leak it.
        ("ok\(esc)]0;title never ends", "ok"),
        ("ok\(esc)Pdcs never ends", "ok"),
        ("abc\(esc)[31", "abc"),
        ("abc\(esc)", "abc"),
        // An ESC inside a string sequence ends it, as in a terminal.
        ("\(esc)]0;t\(esc)[1mB", "B"),
        // ESC before something that cannot continue a sequence: only the ESC goes.
        ("a\(esc)é", "aé"),
        // Controls.
        ("A\u{0}B", "AB"),
        ("ding\u{07}dong", "dingdong"),
        ("x\u{7F}y", "xy"),
        ("p\u{85}q", "pq"),
        ("back\u{08}space", "backspace"),
        ("\u{80}\u{81}\u{8D}\u{9C}c1", "c1"),
        ("\u{9F}8-bit APC\u{9C}ok", "ok"),  // C1 string introducers start sequences like their ESC forms
        ("\u{90}8-bit DCS", ""),
        // Bidi controls.
        ("abc\u{202E}fed", "abcfed"),
        ("\u{2066}x\u{2069}\u{200F}\u{200E}\u{061C}\u{202A}\u{202B}\u{202C}\u{202D}\u{2067}\u{2068}", "x"),
        // Whitespace.
        ("  Apple \t Inc.\n ", "Apple Inc."),
        ("line1\r\nline2", "line1 line2"),
        ("a\u{A0}\u{2028}\u{3000}b", "a b"),
        ("\u{FEFF}Apple", "Apple"),
        ("\t\n  ", ""),
        ("", ""),
        // Real names stay as they are.
        ("Société Générale", "Société Générale"),
        ("トヨタ自動車", "トヨタ自動車"),
        ("삼성전자", "삼성전자"),
        ("Socie\u{301}te\u{301}", "Socie\u{301}te\u{301}"),
        ("👨‍👩‍👧 family", "👨‍👩‍👧 family"),
        ("Berkshire Hathaway Inc. (B)", "Berkshire Hathaway Inc. (B)"),
    ]

    @Test(arguments: cases)
    func sanitize(_ input: String, _ expected: String) {
        #expect(TerminalText.sanitize(input) == expected)
    }

    static let byteCases: [([UInt8], String)] = [
        (Array("\u{1B}[31mRED".utf8), "RED"),
        ([0x41, 0xFF, 0x42], "A\u{FFFD}B"),
        ([0x41, 0xC3], "A\u{FFFD}"),  // cut in the middle of é
        ([0xC2, 0x9B] + Array("31mX".utf8), "X"),  // U+009B encoded properly is a CSI
        ([0x9B] + Array("31mX".utf8), "\u{FFFD}31mX"),  // a bare 0x9B byte is invalid UTF-8, shown harmlessly
        (Array("Soci\u{E9}t\u{E9}".utf8), "Société"),
    ]

    @Test(arguments: byteCases)
    func sanitizeBytes(_ bytes: [UInt8], _ expected: String) {
        #expect(TerminalText.sanitize(bytes: bytes) == expected)
    }

    @Test(arguments: cases.map(\.0))
    func outputHasNoControlsAndIsStable(_ input: String) {
        let clean = TerminalText.sanitize(input)
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(!clean.hasPrefix(" ") && !clean.hasSuffix(" ") && !clean.contains("  "))
        #expect(TerminalText.sanitize(clean) == clean)
    }
}
