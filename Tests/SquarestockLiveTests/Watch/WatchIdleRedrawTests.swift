import SquarestockKit
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockLive
@testable import SquarestockWatch

/// Between refreshes the table is redrawn once a second (the ages and the countdown move), so
/// what a redraw costs is the idle cost of watch: with 500 symbols, formatting every row's
/// price again each second was about 1 % of a core. A row's values are made once per change of
/// the row, whatever the number of frames.
@Suite struct WatchIdleRedrawTests {
    @Test func anIdleTableRedrawsTheAgesWithoutMakingItsRowsAgain() {
        let symbols = (0..<300).map { "S" + String($0 + 100) }  // S100 … S399
        let terminal = ScriptedTerminal(columns: 120, rows: 30, clock: ManualClock(0))
        terminal.type("q", at: 40)
        let session = WatchSessionTests.session(symbols, terminal: terminal, feed: WatchSessionTests.prices([:]))
        #expect(session.run() == 0)
        // A frame a second for 40 s, the ages counting up on screen…
        #expect(terminal.frames.count >= 40, "\(terminal.frames.count) frames")
        let last = terminal.screenBefore[40]!
        #expect(last.lines[2].hasPrefix("S100 ") && last.lines[2].contains(" 39s "), "\(last.text)")
        // …yet each row made twice: while loading, then with its first price.
        #expect(session.rowTexts.made == 2 * symbols.count)
    }
}
