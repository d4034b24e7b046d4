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
final class BookLiveSession: @unchecked Sendable {
    let handle: StreamSessionHandle
    /// The pair as asked (`BTC-USD`), for the header before the first book.
    let symbol: String
    let exchange: String
    let depth: Int
    let count: Int?
    let caps: TerminalCapabilities
    let ascii: Bool
    private let lock = Lock()
    private var latest: LiveBook?
    private var state: StreamState = .connecting
    private var failure: String?
    private var posted = false

    /// Set by SIGINT/SIGTERM in line mode; the session polls it (a handler may not take a lock).
    nonisolated(unsafe) static var interrupted: sig_atomic_t = 0

    init(
        handle: StreamSessionHandle, symbol: String, exchange: String, depth: Int, count: Int?,
        caps: TerminalCapabilities, ascii: Bool
    ) {
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
    func runLines(json: Bool) -> Int32 {
        signal(SIGINT) { _ in BookLiveSession.interrupted = 1 }
        signal(SIGTERM) { _ in BookLiveSession.interrupted = 1 }
        WatchBrokenPipe.install()
        let source = handle.source
        var books = 0
        var status: Int32 = 0
        var state = StreamState.connecting
        handle.run(
            shouldStop: { BookLiveSession.interrupted != 0 },
            onState: { s in
                state = s
                if json { _ = Terminal.writeOut(StreamLineWriter.json(s, source: source) + "\n") }
            },
            onEvent: { event in
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
        return status
    }

    /// The header line and the table of one book.
    func frame(_ live: LiveBook?, state: StreamState, palette: Palette, width: Int, chartHeight: Int) -> String {
        let header = LiveBookHeader.line(
            symbol: live?.symbol ?? symbol, exchange: exchange, state: state, check: live?.check,
            updated: live?.book.time, now: Instant.now(), palette: palette)
        guard let live else { return header + "\n" }
        let table = OrderBookTable(width: width, palette: palette, glyphs: glyphs, chartHeight: chartHeight)
        // The table's own title line repeats the pair; the live header replaces it.
        let body = table.render(live.book, exchange: exchange).split(separator: "\n", omittingEmptySubsequences: false)
            .dropFirst().joined(separator: "\n")
        return header + "\n" + body
    }

    // MARK: On a terminal

    /// The full screen until `q` or a signal; returns the exit code.
    func runScreen() -> Int32 {
        guard let wake = WatchWakePipe() else {
            Terminal.writeError("squarestock: cannot create a pipe for the screen loop\n")
            return 1
        }
        var keysFD: Int32 = 0
        var ownsKeysFD = false
        if isatty(0) != 1 {
            keysFD = open("/dev/tty", O_RDONLY | O_CLOEXEC)
            ownsKeysFD = keysFD >= 0
        }
        let terminal = WatchTerminal(inputFD: keysFD)
        let signals = ScreenSignals.install(terminal: terminal, wake: wake, fullScreen: true)
        defer { for s in signals { s.cancel() } }
        terminal.enter()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            handle.run(
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
        thread.start()
        defer {
            handle.stop()
            _ = done.wait(timeout: .now() + 2)
            terminal.restore()
            if ownsKeysFD { close(keysFD) }
        }
        var lastDraw = 0.0
        var quit = false
        var dirty = true
        while !quit {
            let now = ProcessInfo.processInfo.systemUptime
            if (dirty && now - lastDraw >= 0.1) || now - lastDraw >= 1 {
                draw(terminal)
                lastDraw = now
                dirty = false
            }
            if let message = lock.withLock({ failure }) {
                terminal.restore()
                Terminal.writeError("squarestock: " + message + "\n")
                return 1
            }
            var fds = [pollfd(fd: wake.readFD, events: Int16(POLLIN), revents: 0)]
            if keysFD >= 0 { fds.append(pollfd(fd: keysFD, events: Int16(POLLIN), revents: 0)) }
            let wait = dirty ? max(0, 0.1 - (now - lastDraw)) : 1 - (now - lastDraw)
            _ = poll(&fds, nfds_t(fds.count), Int32(max(1, wait * 1000)))
            if fds[0].revents != 0 {
                for event in wake.drain() {
                    if event == .continued { terminal.enter() }
                    dirty = true
                }
                lock.withLock { posted = false }
            }
            if fds.count > 1, fds[1].revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 64)
                let n = buffer.withUnsafeMutableBytes { read(keysFD, $0.baseAddress, $0.count) }
                if n <= 0 { quit = n == 0 || (errno != EINTR && errno != EAGAIN) }
                if n > 0, buffer[0..<n].contains(where: { $0 == UInt8(ascii: "q") || $0 == UInt8(ascii: "Q") }) {
                    quit = true
                }
            }
        }
        return 0
    }

    private func update(_ wake: WatchWakePipe, _ change: () -> Void) {
        let post = lock.withLock {
            change()
            defer { posted = true }
            return !posted
        }
        if post { wake.post(.streamed) }
    }

    /// One frame from the top of the screen, each line cleared to its end, the rest below cleared.
    private func draw(_ terminal: WatchTerminal) {
        let (columns, rows) = WatchTerminal.size()
        let (live, state) = lock.withLock { (latest, self.state) }
        let visible = max(1, min(depth, rows - 6))
        let chart = rows - visible - 6 >= 3 ? min(12, rows - visible - 6) : 0
        let shown = live.map { LiveBook(symbol: $0.symbol, book: $0.book.cut(to: visible), check: $0.check) }
        let text = frame(shown, state: state, palette: Palette.forTerminal(caps), width: columns, chartHeight: chart)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(max(1, rows - 1))
        let hint = "q quit"
        _ = terminal.write(
            "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\r\n\u{1B}[2m" + hint
                + "\u{1B}[0m\u{1B}[K\u{1B}[J")
    }
}
