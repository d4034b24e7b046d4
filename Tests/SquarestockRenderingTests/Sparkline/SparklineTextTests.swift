import Testing

@testable import SquarestockCore
@testable import SquarestockRendering

@Suite("Sparkline text and colour")
struct SparklineTextTests {
    static let mixed = SparklineRendering(cells: [
        .level(0, .down), .level(1, .down), .gap, .level(5, .up), .level(3, .flat), .gap,
    ])

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var style: SparklineStyle
        var palette: Palette
        var expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "unicode, plain", style: .unicode, palette: .plain, expected: "▁▂ ▆▄ "),
        Case(name: "ascii, plain", style: .ascii, palette: .plain, expected: "_. =- "),
        Case(
            name: "unicode, ansi: one code per run, reset once at the end",
            style: .unicode, palette: .ansi,
            expected: "\u{1B}[31m▁▂ \u{1B}[32m▆\u{1B}[39m▄ \u{1B}[0m"),
        Case(
            name: "ascii, ansi", style: .ascii, palette: .ansi,
            expected: "\u{1B}[31m_. \u{1B}[32m=\u{1B}[39m- \u{1B}[0m"),
    ]

    @Test(arguments: cases)
    func text(_ c: Case) {
        #expect(Self.mixed.text(style: c.style, palette: c.palette) == c.expected)
    }

    @Test(arguments: [SparklineStyle.unicode, .ascii])
    func plainPaletteWritesNoEscapes(_ style: SparklineStyle) {
        let text = Self.mixed.text(style: style, palette: .plain)
        #expect(!text.unicodeScalars.contains("\u{1B}"))
        #expect(text.count == Self.mixed.cells.count)
    }

    @Test func allGapsWriteNoColourAndNoReset() {
        let gaps = SparklineRendering(cells: [.gap, .gap, .gap])
        #expect(gaps.text(style: .unicode, palette: .ansi) == "   ")
    }

    @Test(arguments: [SparklineStyle.unicode, .ascii])
    func glyphsAreEightDistinctPrintableCharacters(_ style: SparklineStyle) {
        let glyphs = style.glyphs
        #expect(glyphs.count == Sparkline.levelCount)
        #expect(Set(glyphs).count == glyphs.count)
        #expect(glyphs.allSatisfy { TerminalText.width(of: $0) == 1 && $0 != " " })
        if style == .ascii {
            #expect(glyphs.allSatisfy { $0.isASCII })
        }
    }
}
