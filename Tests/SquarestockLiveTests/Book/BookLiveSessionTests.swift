import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockLive
@testable import SquarestockRendering

/// `book --live` on a scripted terminal and stream: the screen follows the book, `q` ends it,
/// a pair the exchange refuses ends it with exit 1 and the reason.
@Suite struct BookLiveSessionTests {
    static func book(bid: String, ask: String) -> LiveBook {
        let d = { (s: String) in ExactDecimal(s)! }
        return LiveBook(
            book: OrderBook(
                pair: TradingPair(base: "BTC", quote: "USD"),
                bids: [
                    BookLevel(price: d(bid), size: d("0.5")), BookLevel(price: d(bid) - d("1") ?? d(bid), size: d("2")),
                ],
                asks: [BookLevel(price: d(ask), size: d("0.25"))], time: Instant(secondsSinceEpoch: 1_761_748_200)),
            check: .verified)
    }

    static func session(_ stream: ScriptedStream) -> BookLiveSession {
        BookLiveSession(
            handle: stream, symbol: "BTC-USD", exchange: "Scripted", depth: 10, count: nil,
            caps: TerminalCapabilities(isTTY: true, useColour: false, columns: 100, supportsUnicode: false),
            ascii: true, wallNow: { Instant(secondsSinceEpoch: 1_761_748_203) })
    }

    @Test func theScreenFollowsTheBookUntilQ() {
        let terminal = ScriptedTerminal(columns: 100, rows: 30, clock: ManualClock(0))
        let stream = ScriptedStream()
        terminal.at(1) { _ in
            stream.send(.live)
            stream.send(.book(Self.book(bid: "64000.5", ask: "64001.25")))
            return []
        }
        terminal.at(2) { _ in
            stream.send(.book(Self.book(bid: "64010.5", ask: "64011.25")))
            return []
        }
        terminal.type("q", at: 3)
        let code = Self.session(stream).runScreen(on: terminal, clock: terminal.clock, threads: .inline)
        #expect(code == 0)
        let first = terminal.screenBefore[2]!.text
        #expect(first.contains("64000.5"), "\(first)")
        #expect(first.contains("64001.25"))
        let second = terminal.screenBefore[3]!.text
        #expect(second.contains("64010.5"), "\(second)")
        #expect(!second.contains("64000.5"), "a line of the old book is left on screen")
        #expect(terminal.restored == 1)
        #expect(stream.stops == 1)
        #expect(terminal.screen.unexpected.isEmpty, "\(terminal.screen.unexpected)")
    }

    @Test func aRefusedPairEndsWithItsReason() {
        let terminal = ScriptedTerminal(clock: ManualClock(0))
        let stream = ScriptedStream()
        terminal.at(1) { _ in
            stream.send(.symbolFailed(symbol: "BTC-USD", reason: "unknown pair"))
            return []
        }
        terminal.at(100) { _ in
            Issue.record("the screen stayed up after the pair was refused")
            return [.inputClosed]
        }
        let code = Self.session(stream).runScreen(on: terminal, clock: terminal.clock, threads: .inline)
        #expect(code == 1)
        #expect(terminal.warnings.contains("Scripted cannot stream the book of BTC-USD: unknown pair"))
        #expect(!terminal.active)
    }
}
