import Testing

@testable import SquarestockCore
@testable import SquarestockRendering

@Suite("Palette")
struct PaletteTests {
    @Test(arguments: PaletteRole.allCases)
    func plainLeavesTextAlone(_ role: PaletteRole) {
        #expect(Palette.plain.paint("AAPL", role) == "AAPL")
    }

    @Test(arguments: [
        (PaletteRole.up, "\u{1B}[32m+1.2%\u{1B}[0m"),
        (.down, "\u{1B}[31m+1.2%\u{1B}[0m"),
        (.flat, "\u{1B}[39m+1.2%\u{1B}[0m"),
        (.dim, "\u{1B}[2m+1.2%\u{1B}[0m"),
        (.bold, "\u{1B}[1m+1.2%\u{1B}[0m"),
    ])
    func ansiWrapsAndResets(_ role: PaletteRole, _ expected: String) {
        #expect(Palette.ansi.paint("+1.2%", role) == expected)
    }

    @Test func chosenFromCapabilities() {
        let colour = TerminalCapabilities(isTTY: true, useColour: true, columns: 80, supportsUnicode: true)
        let mono = TerminalCapabilities(isTTY: true, useColour: false, columns: 80, supportsUnicode: true)
        #expect(Palette.forTerminal(colour) == .ansi)
        #expect(Palette.forTerminal(mono) == .plain)
    }

    @Test func directionColours() {
        #expect(Palette.ansi.colour(for: .up) == Palette.ansi.up)
        #expect(Palette.ansi.colour(for: .down) == Palette.ansi.down)
        #expect(Palette.ansi.colour(for: .flat) == Palette.ansi.flat)
    }
}
