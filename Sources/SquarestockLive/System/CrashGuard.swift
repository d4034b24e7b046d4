#if canImport(Glibc)
    import Glibc
#endif

/// Glibc names both the struct and the function `sigaction`; this names the struct.
typealias SignalAction = sigaction

/// The last line of defence for "nothing crashes the screen": if a live screen dies of a fatal signal
/// (a Swift runtime trap is SIGILL or SIGTRAP; also SIGSEGV, SIGBUS, SIGFPE, SIGABRT) while it
/// owns the terminal, the handler gives the screen, cursor and modes back, then hands the signal
/// to whatever handled it before (the Swift runtime's backtracer, or the default action), so the
/// crash report lands on the user's normal screen instead of vanishing with the alternate one.
///
/// A signal handler may only do async-signal-safe things, so it writes a fixed C string with
/// write(2) and calls tcsetattr(3): the one place besides `Terminal` that writes to stdout,
/// because `Terminal.writeOut` allocates.
enum CrashGuard {
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var hasSaved = false
    nonisolated(unsafe) static var inputFD: Int32 = -1
    nonisolated(unsafe) static var armed = false
    nonisolated(unsafe) static var installed = false
    /// The actions replaced, indexed by signal number, restored before re-raising.
    nonisolated(unsafe) static var previous = [SignalAction](repeating: SignalAction(), count: 65)

    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

    /// Called with the terminal's state right after it is changed.
    static func arm(inputFD fd: Int32, saved state: termios?) {
        inputFD = fd
        if let state {
            saved = state
            hasSaved = true
        }
        armed = true
        guard !installed else { return }
        installed = true
        for sig in fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = watchCrashHandler
            action.sa_flags = 0
            sigemptyset(&action.sa_mask)
            _ = sigaction(sig, &action, &previous[Int(sig)])
        }
    }

    /// Called once the terminal is restored the normal way.
    static func disarm() { armed = false }
}

/// Restores the terminal, puts the previous action back and re-raises: the signal is delivered
/// to that action when this handler returns (a hardware fault simply happens again).
private func watchCrashHandler(_ sig: Int32) {
    if CrashGuard.armed {
        CrashGuard.armed = false
        let leave: StaticString = "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l\r\n"
        _ = write(1, leave.utf8Start, leave.utf8CodeUnitCount)
        if CrashGuard.hasSaved && CrashGuard.inputFD >= 0 {
            _ = tcsetattr(CrashGuard.inputFD, TCSANOW, &CrashGuard.saved)
        }
    }
    if sig > 0 && Int(sig) < CrashGuard.previous.count {
        _ = sigaction(sig, &CrashGuard.previous[Int(sig)], nil)
    }
    raise(sig)
}
