import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal's modes while a live screen owns it (`watch`, `book --live`): raw input, the alternate screen, a hidden
/// cursor and no autowrap on entry; all of it undone on every way out (q, Ctrl-C, Ctrl-\,
/// SIGTERM, SIGHUP and the other signals that end a process, Ctrl-Z). Output goes through
/// `Terminal.writeOut` under one lock, so a restore from a signal handler's thread can never
/// interleave with half a frame.
final class TerminalModes: @unchecked Sendable {
    let inputFD: Int32
    private let lock = Lock()
    private var saved: termios?
    private var active = false

    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[0m\u{1B}[H\u{1B}[2J"
    static let leaveSequence = "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

    init(inputFD: Int32) {
        self.inputFD = inputFD
    }

    /// Raw-ish input (no echo, no line buffering, no XON/XOFF, no CR translation; signals stay
    /// on so Ctrl-C still reaches the SIGINT handler however busy the main thread is), then the
    /// alternate screen. Idempotent.
    func enter() {
        lock.withLock {
            guard !active else { return }
            if inputFD >= 0 {
                var t = termios()
                if tcgetattr(inputFD, &t) == 0 {
                    if saved == nil { saved = t }
                    var raw = t
                    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
                    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR)
                    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                        cc[Int(VMIN)] = 1
                        cc[Int(VTIME)] = 0
                    }
                    _ = tcsetattr(inputFD, TCSANOW, &raw)
                }
            }
            Terminal.writeOut(TerminalModes.enterSequence)
            active = true
            CrashGuard.arm(inputFD: inputFD, saved: saved)
        }
    }

    /// Back to the user's screen, cursor and modes. Idempotent and safe from any thread.
    func restore() {
        lock.withLock {
            guard active else { return }
            active = false
            CrashGuard.disarm()
            Terminal.writeOut(TerminalModes.leaveSequence)
            if inputFD >= 0, var t = saved { _ = tcsetattr(inputFD, TCSANOW, &t) }
        }
    }

    /// Writes `s` while the screen is ours; dropped after `restore()`. False when the
    /// terminal is gone (the write failed).
    @discardableResult
    func write(_ s: String) -> Bool {
        lock.withLock {
            guard active, !s.isEmpty else { return true }
            return Terminal.writeOut(s)
        }
    }
}
