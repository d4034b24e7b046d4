import Testing

@testable import SquarestockCore
@testable import SquarestockWatch

/// The screen diff sends only what changed, and what it sends turns the old screen into the new.
struct ScreenDiffTests {
    let red = "\u{1B}[31m", green = "\u{1B}[32m", reset = "\u{1B}[0m", flash = "\u{1B}[30;42m"
    /// Green up, red down, black on green for an up flash.
    let palette = WatchPalette.colour

    /// Rows of text in the default look.
    func frame(_ lines: [String], width: Int = 20) -> ScreenFrame {
        frame(lines.map { [($0, .plain)] }, width: width)
    }

    /// Rows of pieces, each text in a role.
    func frame(_ lines: [[(String, ScreenRole)]], width: Int = 20) -> ScreenFrame {
        ScreenFrame(width: width, height: lines.count, rows: lines.map(row))
    }

    /// The cells of `pieces`, however long.
    func row(_ pieces: [(String, ScreenRole)]) -> [ScreenCell] {
        var cells: [ScreenCell] = []
        for (text, role) in pieces { ScreenCell.append(text, role: role, to: &cells, limit: .max) }
        return cells
    }

    /// Applies the diff to a terminal showing `old` and checks it now shows `new`.
    @discardableResult
    func check(_ old: ScreenFrame?, _ new: ScreenFrame) -> String {
        let out = ScreenDiff.render(previous: old, next: new, palette: palette)
        var vt =
            old.map { VirtualTerminal(showing: $0, palette: palette) }
            ?? VirtualTerminal(width: new.width, height: new.height)
        if old == nil || old!.width != new.width || old!.height != new.height {
            vt = VirtualTerminal(width: new.width, height: new.height)
            // Whatever was there before is garbage the diff must clear.
            vt.apply(String(repeating: "x", count: new.width))
        }
        vt.apply(out)
        #expect(vt.unexpected.isEmpty, "\(vt.unexpected)")
        #expect(vt.shows(new, palette: palette), "screen:\n\(vt.text.joined(separator: "\n"))")
        return out
    }

    @Test func identicalFramesSendNothing() {
        let f = frame([[("AAPL  268.84", .plain)], [("+0.5%", .up)], []])
        #expect(ScreenDiff.render(previous: f, next: f, palette: palette) == "")
    }

    @Test func aChangedPriceSendsOnlyItsCharacters() {
        let old = frame(["AAPL  268.84  +0.1%", "MSFT  512.10  -0.2%", "footer"])
        let new = frame(["AAPL  268.91  +0.1%", "MSFT  512.10  -0.2%", "footer"])
        let out = check(old, new)
        #expect(out == "\u{1B}[1;11H91")
    }

    @Test func nearbyChangesShareOneCursorMoveAndFarOnesGetTheirOwn() {
        let old = frame(["AAPL  268.84  +0.10%  09:30:00"], width: 30)
        let new = frame(["AAPL  268.91  +0.13%  09:30:05"], width: 30)
        let out = check(old, new)
        #expect(out == "\u{1B}[1;11H91\u{1B}[1;19H3\u{1B}[1;30H5")
        // Two changes four cells apart: rewriting the gap is cheaper than a cursor move.
        #expect(check(frame(["ab12cd"], width: 6), frame(["aX12Yd"], width: 6)) == "\u{1B}[1;2HX12Y")
    }

    @Test func colourChangesAreDiffedCellByCell() {
        let old = frame(["AAPL " + "268.84" + "  x"])
        let new = frame([[("AAPL ", .plain), ("268.84", .flashUp), ("  x", .plain)]])
        let out = check(old, new)
        #expect(out == "\u{1B}[1;6H" + flash + "268.84" + reset)
        // And back: the flash ends, the same text is rewritten without colour.
        let back = check(new, old)
        #expect(back == "\u{1B}[1;6H268.84")
    }

    @Test func styleRunsAreNotRepeated() {
        let old = frame(["            "], width: 12)
        let new = frame([[("+1 +2", .up), (" ", .plain), ("-3", .down)]], width: 12)
        let out = check(old, new)
        #expect(out == "\u{1B}[1;1H" + green + "+1 +2" + reset + " " + red + "-3" + reset)
    }

    @Test func aNewOrResizedScreenIsRedrawnInFull() {
        let small = frame(["ab", "cd"], width: 2)
        let first = check(nil, small)
        #expect(first.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
        let wide = frame(["abc", "def", "ghi"], width: 3)
        let redraw = check(small, wide)
        #expect(redraw.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
        #expect(redraw.contains("ghi"))
        // Blank cells need no bytes after a clear.
        let sparse = check(nil, frame(["a    ", "     ", "    b"], width: 5))
        #expect(sparse == "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[1;1Ha\u{1B}[3;5Hb")
    }

    @Test func wideCharactersAreNeverHalved() {
        let old = frame(["株価 100", "x"], width: 10)
        let new = frame(["株式 100", "x"], width: 10)
        let out = check(old, new)
        #expect(out == "\u{1B}[1;3H式")
        // Narrow text replacing a wide character rewrites both of its cells.
        check(new, frame(["株ab 100", "x"], width: 10))
        check(frame(["ab 100", "x"], width: 10), frame(["a株 100", "x"], width: 10))
        // A wide character that does not fit at the edge becomes a space.
        check(nil, frame(["abcd株"], width: 5))
    }

    @Test func shortAndMissingLinesArePaddedAndLongOnesCut() {
        let old = frame(["abcdefgh", "12345678", "zz"], width: 8)
        let new = ScreenFrame(width: 8, height: 3, rows: [row([("abc", .plain)]), row([("1234567890", .plain)])])
        check(old, new)
    }

    @Test func aRefreshOfAFullTableSendsLittle() {
        // 30 rows of 100 columns, three prices move: well under a tenth of a full redraw.
        func table(_ moved: Bool) -> ScreenFrame {
            var lines: [[(String, ScreenRole)]] = []
            for i in 0..<30 {
                let price = moved && i % 10 == 3 ? "101.25" : "100.00"
                lines.append([
                    ("SYM\(i)".padding(toLength: 10, withPad: " ", startingAt: 0), .plain), (price, .up),
                    (String(repeating: " ", count: 60) + "09:30:00 EDT  open", .plain),
                ])
            }
            return frame(lines, width: 100)
        }
        let full = ScreenDiff.render(previous: nil, next: table(false), palette: palette)
        let out = check(table(false), table(true))
        #expect(out.utf8.count < full.utf8.count / 10)
        #expect(out.components(separatedBy: "H").count - 1 == 3)
    }

    @Test func rolesThatLookTheSameAreNotResent() {
        let still = frame([[("AAPL ", .plain), ("268.84", .bold)]])
        let flashed = frame([[("AAPL ", .plain), ("268.84", .flashUp)]])
        // Plain text has no codes, so a flash that starts or ends changes nothing on screen.
        #expect(ScreenDiff.render(previous: still, next: flashed, palette: .plain) == "")
        // Colour: dim and stale are both SGR 2.
        let dim = frame([[("x", .dim)]])
        let stale = frame([[("x", .stale)]])
        #expect(ScreenDiff.render(previous: dim, next: stale, palette: .colour) == "")
        #expect(check(still, flashed) == "\u{1B}[1;6H" + flash + "268.84" + reset)
    }
}
