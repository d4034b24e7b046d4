import SquarestockKit
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockLive
@testable import SquarestockRendering
@testable import SquarestockWatch

/// The watch loop on a manual clock and a scripted terminal: what a user sees and does (a
/// scroll, a resize, a stream that drops, a row that goes stale, `q`), checked on the screen the
/// bytes make, with no terminal, no thread and no waiting.
@Suite struct WatchSessionTests {
    static func session(
        _ symbols: [String], terminal: ScriptedTerminal, feed: ScriptedFeed, interval: Double = 60,
        tableMode: Bool = true, count: Int? = nil, stream: ScriptedStream? = nil, polls: Bool = true
    ) -> WatchSession {
        WatchSession(
            symbols: symbols, rules: [], feed: feed, terminal: terminal, clock: terminal.clock,
            schedule: WatchSchedulerConfiguration(interval: interval), wallClockOverride: LiveFixtures.now,
            localZone: nil, tableMode: tableMode, lineFormat: .plain,
            renderer: WatchTableRenderer(palette: .forTerminal(useColour: false, theme: .dark), style: .ascii),
            count: count, onAlert: nil, environment: [:], makeStream: stream.map { s in { s } }, polls: polls,
            threads: .inline)
    }

    static func prices(_ table: [String: String]) -> ScriptedFeed {
        ScriptedFeed { symbols, _ in symbols.map { LiveFixtures.ok($0, table[$0] ?? "100") } }
    }

    @Test func quitGivesTheScreenBack() {
        let terminal = ScriptedTerminal(clock: ManualClock(1000))
        terminal.type("q", at: 1002)
        let feed = Self.prices(["AAPL": "101.50", "MSFT": "99.25"])
        let code = Self.session(["AAPL", "MSFT"], terminal: terminal, feed: feed).run()
        #expect(code == 0)
        #expect(terminal.entered == 1)
        #expect(terminal.restored == 1)
        #expect(!terminal.active)
        let before = terminal.screenBefore[1002]?.text ?? ""
        #expect(before.contains("101.50"), "\(before)")
        #expect(before.contains("99.25"))
        #expect(feed.refreshes == 1)
        #expect(terminal.screen.unexpected.isEmpty, "\(terminal.screen.unexpected)")
    }

    @Test func scrollingMovesTheRowsAndTopComesBack() {
        let symbols = (0..<30).map { "S" + String($0 + 10) }  // S10 … S39
        let terminal = ScriptedTerminal(columns: 100, rows: 12, clock: ManualClock(0))
        terminal.type("jjj", at: 1)
        terminal.type("g", at: 2)
        terminal.type("q", at: 3)
        let code = Self.session(symbols, terminal: terminal, feed: Self.prices([:])).run()
        #expect(code == 0)
        let first = terminal.screenBefore[1]!
        let scrolled = terminal.screenBefore[2]!
        let back = terminal.screenBefore[3]!
        #expect(first.row(containing: "S10 ") == 2, "\(first.text)")
        #expect(first.row(containing: "S13 ") == 5)
        // Three rows down: S13 is now the first row under the header, S10 is gone.
        #expect(scrolled.row(containing: "S13 ") == 2, "\(scrolled.text)")
        #expect(scrolled.row(containing: "S10 ") == nil)
        // `g` is back at the top: the same symbols in the same rows.
        let symbolColumn = { (g: ScreenGrid) in g.lines.map { $0.prefix(4) } }
        #expect(symbolColumn(back) == symbolColumn(first))
        #expect(terminal.screen.unexpected.isEmpty, "\(terminal.screen.unexpected)")
    }

    @Test func aResizeRedrawsWholeAtTheNewSize() {
        let terminal = ScriptedTerminal(columns: 80, rows: 20, clock: ManualClock(0))
        terminal.resize(columns: 120, rows: 30, at: 1)
        terminal.type("q", at: 2)
        let code = Self.session(["AAPL"], terminal: terminal, feed: Self.prices(["AAPL": "101.50"])).run()
        #expect(code == 0)
        let after = terminal.screenBefore[2]!
        #expect(after.width == 120 && after.height == 30)
        // The footer sits on the new last row, its count against the new right edge.
        #expect(after.lines[29].hasPrefix("q quit"), "\(after.text)")
        #expect(after.lines[29].hasSuffix("1 symbol"))
        #expect(after.text.contains("101.50"))
        // The first frame after the resize clears the screen: the diff cannot build on the old size.
        let resizedFrame = terminal.frames.first { $0.contains("\u{1B}[2J") && $0.contains("101.50") }
        #expect(resizedFrame != nil)
        #expect(terminal.screen.unexpected.isEmpty, "\(terminal.screen.unexpected)")
    }

    @Test func aFailedRefreshKeepsTheRowMarkedStaleWithItsReason() {
        let terminal = ScriptedTerminal(clock: ManualClock(0))
        let feed = ScriptedFeed { symbols, call in
            symbols.map {
                call == 0
                    ? LiveFixtures.ok($0, "101.50")
                    : StockResult(symbol: $0, outcome: .failure(LiveFixtures.refused))
            }
        }
        terminal.type("q", at: 130)
        let code = Self.session(["AAPL"], terminal: terminal, feed: feed, interval: 5).run()
        #expect(code == 0)
        let screen = terminal.screenBefore[130]!
        let row = screen.row(containing: "AAPL")
        #expect(row != nil)
        let line = row.map { screen.lines[$0] } ?? ""
        #expect(line.contains("101.50"), "the last good price stays: \(screen.text)")
        #expect(line.contains("stale"), "\(screen.text)")
        #expect(screen.text.contains("Connection refused") || screen.text.contains("could not connect"))
        #expect(feed.refreshes >= 2)
    }

    @Test func aStreamThatDropsSaysSoAndItsPricesMoveTheRow() {
        let terminal = ScriptedTerminal(clock: ManualClock(0))
        let stream = ScriptedStream()
        terminal.at(1) { _ in
            stream.send(.live)
            stream.send(.quote(StreamQuote(symbol: "AAPL", price: LiveFixtures.d("102.25"))))
            return []
        }
        terminal.at(2) { _ in
            stream.send(.reconnecting(seconds: 4, attempt: 2, reason: "closed by the server"))
            return []
        }
        terminal.type("q", at: 3)
        let code = Self.session(
            ["AAPL"], terminal: terminal, feed: Self.prices(["AAPL": "101.50"]), stream: stream
        ).run()
        #expect(code == 0)
        let live = terminal.screenBefore[2]!
        #expect(live.text.contains("102.25"), "\(live.text)")
        #expect(live.lines[0].contains("stream live"), "\(live.lines[0])")
        let dropped = terminal.screenBefore[3]!
        #expect(dropped.lines[0].contains("stream reconnecting (4 s, attempt 2)"), "\(dropped.lines[0])")
        #expect(dropped.text.contains("102.25"), "the streamed price stays while it reconnects")
        #expect(stream.stops == 1, "the stream is closed when watch ends")
    }

    @Test func aStreamOnlySourceFillsRowsFromTheStreamAndSaysWhyItRefusedOne() {
        let terminal = ScriptedTerminal(clock: ManualClock(0))
        let stream = ScriptedStream()
        terminal.at(1) { _ in
            stream.send(.live)
            stream.send(.quote(StreamQuote(symbol: "AAPL", price: LiveFixtures.d("102.25"), time: LiveFixtures.now)))
            stream.send(.symbolFailed(symbol: "ZZZZ", reason: "no such instrument"))
            return []
        }
        terminal.type("q", at: 60)
        let feed = Self.prices([:])
        let code = Self.session(["AAPL", "ZZZZ"], terminal: terminal, feed: feed, stream: stream, polls: false).run()
        #expect(code == 0)
        #expect(feed.refreshes == 0, "a stream-only source is never polled")
        let screen = terminal.screenBefore[60]!
        let aapl = screen.row(containing: "AAPL").map { screen.lines[$0] } ?? ""
        #expect(aapl.contains("102.25"), "\(screen.text)")
        #expect(screen.text.contains("no such instrument"), "\(screen.text)")
    }

    @Test func lineModeStopsAfterItsCountOnTheClock() {
        let terminal = ScriptedTerminal(clock: ManualClock(0))
        let feed = Self.prices(["AAPL": "101.50", "MSFT": "99.25"])
        terminal.at(1000) { _ in
            Issue.record("line mode did not stop after --count")
            return [.inputClosed]
        }
        let code = Self.session(
            ["AAPL", "MSFT"], terminal: terminal, feed: feed, interval: 30, tableMode: false, count: 3
        ).run()
        #expect(code == 0)
        #expect(feed.refreshes == 3)
        let lines = terminal.printed.split(separator: "\n")
        #expect(lines.count == 6, "\(terminal.printed)")
        #expect(lines.filter { $0.contains("AAPL") && $0.contains("101.50") }.count == 3)
        #expect(terminal.entered == 0, "line mode never takes the screen")
        #expect(terminal.clock.now() >= 60, "three refreshes 30 s apart")
        #expect(terminal.clock.now() < 61)
    }

    @Test func pauseStopsRefreshesUntilResumed() {
        let terminal = ScriptedTerminal(clock: ManualClock(0))
        let feed = Self.prices(["AAPL": "101.50"])
        terminal.type("p", at: 1)
        terminal.at(100) { _ in
            #expect(feed.refreshes == 1, "paused: no refresh in 99 s")
            return [.keys(Array("p".utf8))]
        }
        terminal.type("q", at: 112)
        let code = Self.session(["AAPL"], terminal: terminal, feed: feed, interval: 10).run()
        #expect(code == 0)
        #expect(feed.refreshes >= 2, "resumed: refreshing again")
    }

    @Test func theTerminalGoingAwayEndsTheLoop() {
        let terminal = ScriptedTerminal(clock: ManualClock(0))
        terminal.at(5) { _ in [.inputClosed] }
        terminal.at(500) { _ in
            Issue.record("the loop went on after the terminal went away")
            return []
        }
        let code = Self.session(["AAPL"], terminal: terminal, feed: Self.prices([:])).run()
        #expect(code == 0)
        #expect(terminal.restored == 1)
        #expect(terminal.clock.now() == 5)
    }
}
