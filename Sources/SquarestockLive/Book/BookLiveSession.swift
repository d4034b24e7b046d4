import Foundation
import SquarestockCore
import SquarestockKit
import SquarestockRendering

#if canImport(Glibc)
    import Glibc
#endif

/// `book PAIR --live`: the book kept by the exchange's stream. On a terminal, a full screen
/// redrawn as the book changes (at most 10 frames a second, and every second so the age stays
/// true), `q` to quit; off a terminal, one JSON line per change (`--format json`) or one table
/// per change, `--count N` to stop after N. A pair the exchange refuses ends it with exit 1.
package final class BookLiveSession: @unchecked Sendable {
    let handle: any LiveStream
    /// The pair as asked (`BTC-USD`), for the header before the first book.
    let symbol: String
    let exchange: String
    let depth: Int
    let count: Int?
    let caps: TerminalCapabilities
    let ascii: Bool
    /// The wall clock of the header's "updated … ago".
    let wallNow: @Sendable () -> Instant
    private let lock = Lock()
    private var latest: LiveBook?
    private var state: StreamState = .connecting
    private var failure: String?
    private var posted = false

    package init(
        handle: any LiveStream, symbol: String, exchange: String, depth: Int, count: Int?,
        caps: TerminalCapabilities, ascii: Bool, wallNow: @escaping @Sendable () -> Instant = { Instant.now() }
    ) {
        self.wallNow = wallNow
        self.handle = handle
        self.symbol = symbol
        self.exchange = exchange
        self.depth = depth
        self.count = count
        self.caps = caps
        self.ascii = ascii
    }

    var glyphs: DepthChartGlyphs { caps.supportsUnicode && !ascii ? .unicode : .ascii }

    // MARK: Off a terminal

    /// One line (or table) per change of the book; returns the exit code.
    package func runLines(json: Bool) -> Int32 {
        let stop = StopSignals()
        BrokenPipe.install()
        let source = handle.source
        var books = 0
        var status: Int32 = 0
        var state = StreamState.connecting
        handle.run(
            shouldStop: { stop.received != 0 },
            onState: { s in
                state = s
                if json { _ = Terminal.writeOut(StreamLineWriter.json(s, source: source) + "\n") }
            },
            onEvent: { [self] event in
                switch event {
                case .book(let live):
                    let shown = LiveBook(symbol: live.symbol, book: live.book.cut(to: depth), check: live.check)
                    let text =
                        json
                        ? StreamLineWriter.json(.book(shown), source: source) + "\n"
                        : frame(shown, state: state, palette: .plain, width: caps.columns, chartHeight: 0) + "\n"
                    guard Terminal.writeOut(text) else { return false }  // the reader went away
                    books += 1
                    return count.map { books < $0 } ?? true
                case .symbolFailed(let symbol, let reason):
                    if json { _ = Terminal.writeOut(StreamLineWriter.json(event, source: source) + "\n") }
                    Terminal.writeError("squarestock: \(exchange) cannot stream the book of \(symbol): \(reason)\n")
                    status = 1
                    return false
                default: return true
                }
            })
        // A signal ends the lines as it ends every live screen: 128 + its number.
        return stop.exitCode ?? status
    }

    /// The header line and the table of one book.
    func frame(_ live: LiveBook?, state: StreamState, palette: Palette, width: Int, chartHeight: Int) -> String {
        let header = LiveBookHeader.line(
            symbol: live?.symbol ?? symbol, exchange: exchange, state: state, check: live?.check,
            updated: live?.book.time, now: wallNow(), palette: palette)
        guard let live else { return header + "\n" }
        let table = OrderBookTable(width: width, palette: palette, glyphs: glyphs, chartHeight: chartHeight)
        // The table's own title line repeats the pair; the live header replaces it.
        let body = table.render(live.book, exchange: exchange).split(separator: "\n", omittingEmptySubsequences: false)
            .dropFirst().joined(separator: "\n")
        return header + "\n" + body
    }

    // MARK: On a terminal

    /// The full screen on `terminal` until `q`, the terminal going away or an ending signal;
    /// returns the exit code. Drawn at most every 0.1 s on `clock` when the book moves, and
    /// every second regardless so its age stays true.
    package func runScreen(
        on terminal: any LiveTerminal, clock: any MonotonicClock = SystemMonotonicClock(),
        threads: LiveThreads = .system
    ) -> Int32 {
        let wake = terminal.waker
        terminal.enter()
        let done = DispatchSemaphore(value: 0)
        threads.start("squarestock-book-stream") { [self] in
            handle.run(
                shouldStop: { false },
                onState: { s in self.update(wake) { self.state = s } },
                onEvent: { e in
                    switch e {
                    case .book(let live): self.update(wake) { self.latest = live }
                    case .symbolFailed(let symbol, let reason):
                        self.update(wake) {
                            self.failure = "\(self.exchange) cannot stream the book of \(symbol): \(reason)"
                        }
                        return false
                    default: break
                    }
                    return true
                })
            done.signal()
        }
        defer {
            handle.stop()
            _ = done.wait(timeout: .now() + 2)
            terminal.restore()
        }
        var lastDraw = -Double.infinity
        var quit = false
        var dirty = true
        while !quit {
            let now = clock.now()
            if (dirty && now - lastDraw >= 0.1) || now - lastDraw >= 1 {
                draw(terminal)
                lastDraw = now
                dirty = false
            }
            if let message = lock.withLock({ failure }) {
                terminal.restore()
                terminal.warn("squarestock: " + message + "\n")
                return 1
            }
            let wait = dirty ? max(0, 0.1 - (now - lastDraw)) : 1 - (now - lastDraw)
            var woken = false
            for event in terminal.wait(timeout: max(0.001, wait)) {
                switch event {
                case .wake(let w):
                    if w == .continued { terminal.enter() }
                    woken = true
                    dirty = true
                case .keys(let bytes):
                    if bytes.contains(where: { $0 == UInt8(ascii: "q") || $0 == UInt8(ascii: "Q") }) { quit = true }
                case .inputClosed: quit = true
                }
            }
            if woken { lock.withLock { posted = false } }
        }
        return 0
    }

    private func update(_ wake: any LiveWaker, _ change: () -> Void) {
        let post = lock.withLock {
            change()
            defer { posted = true }
            return !posted
        }
        if post { wake.post(.streamed) }
    }

    /// One frame from the top of the screen, each line cleared to its end, the rest below cleared.
    private func draw(_ terminal: any LiveTerminal) {
        let (columns, rows) = terminal.size()
        let (live, state) = lock.withLock { (latest, self.state) }
        let visible = max(1, min(depth, rows - 6))
        let chart = rows - visible - 6 >= 3 ? min(12, rows - visible - 6) : 0
        let shown = live.map { LiveBook(symbol: $0.symbol, book: $0.book.cut(to: visible), check: $0.check) }
        let text = frame(shown, state: state, palette: Palette.forTerminal(caps), width: columns, chartHeight: chart)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(max(1, rows - 1))
        let hint = "q quit"
        _ = terminal.draw(
            "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\r\n\u{1B}[2m" + hint
                + "\u{1B}[0m\u{1B}[K\u{1B}[J")
    }
}
