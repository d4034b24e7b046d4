import Dispatch
import SquarestockCore
import SquarestockRendering

#if canImport(Glibc)
    import Glibc
#endif

/// The process's own terminal behind `LiveTerminal`: keys from standard input (or `/dev/tty`
/// when input is a pipe), output through `Terminal`, wake-ups through a self-pipe, and the
/// signals of a full-screen command (`ScreenSignals`) turned into wake-ups or a clean exit.
/// `wait` is one `poll()` on the pipe and the keyboard.
///
/// Off the full screen (watch's line mode) there is no keyboard and no screen to take: `enter`
/// and `restore` do nothing, and the ending signals simply exit.
package final class SystemTerminal: LiveTerminal {
    private let pipe: WakePipe
    private let modes: TerminalModes?
    private let keysFD: Int32
    private let ownsKeysFD: Bool
    private var signals: [any DispatchSourceSignal] = []

    /// Nil when no pipe can be made (out of descriptors).
    package init?(fullScreen: Bool) {
        guard let pipe = WakePipe() else { return nil }
        self.pipe = pipe
        if fullScreen {
            if isatty(0) == 1 {
                keysFD = 0
                ownsKeysFD = false
            } else {
                keysFD = open("/dev/tty", O_RDONLY | O_CLOEXEC)
                ownsKeysFD = keysFD >= 0
            }
            modes = TerminalModes(inputFD: keysFD)
        } else {
            keysFD = -1
            ownsKeysFD = false
            modes = nil
        }
        signals = ScreenSignals.install(terminal: modes, wake: pipe, fullScreen: fullScreen)
    }

    deinit {
        for s in signals { s.cancel() }
        if ownsKeysFD { close(keysFD) }
    }

    package var waker: any LiveWaker { pipe }

    package func enter() { modes?.enter() }

    package func restore() { modes?.restore() }

    package func draw(_ bytes: String) -> Bool { modes?.write(bytes) ?? true }

    package func print(_ text: String) -> Bool { Terminal.writeOut(text) }

    package func warn(_ text: String) { Terminal.writeError(text) }

    /// Columns and rows of standard output; 80 x 24 when the kernel does not say.
    package func size() -> (columns: Int, rows: Int) {
        if let size = TerminalSize.query(fd: 1), size.columns > 0, size.rows > 0 { return (size.columns, size.rows) }
        return (80, 24)
    }

    package func wait(timeout: Double) -> [LiveEvent] {
        var fds = [pollfd(fd: pipe.readFD, events: Int16(POLLIN), revents: 0)]
        if keysFD >= 0 { fds.append(pollfd(fd: keysFD, events: Int16(POLLIN), revents: 0)) }
        let milliseconds = Int32(max(0, min(60_000, (timeout * 1000).rounded(.up))))
        let r = poll(&fds, nfds_t(fds.count), milliseconds)
        if r < 0 { return errno == EINTR ? [] : [.inputClosed] }
        var events: [LiveEvent] = []
        if fds[0].revents & Int16(POLLIN) != 0 { events += pipe.drain().map(LiveEvent.wake) }
        if fds.count > 1 && fds[1].revents != 0 {
            var buffer = [UInt8](repeating: 0, count: 256)
            let n = buffer.withUnsafeMutableBytes { read(keysFD, $0.baseAddress, $0.count) }
            if n > 0 {
                events.append(.keys(Array(buffer[0..<n])))
            } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                events.append(.inputClosed)  // the terminal went away
            }
        }
        return events
    }
}
