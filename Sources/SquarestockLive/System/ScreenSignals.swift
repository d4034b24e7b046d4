import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The signals of a full-screen command (`watch`, `book --live`), handled through dispatch
/// sources so a handler may restore the terminal: the ending signals restore it and exit with
/// 128 + the signal (even if the main loop were stuck), SIGWINCH wakes the loop to reflow,
/// SIGTSTP/SIGCONT give the terminal back and take it again.
enum ScreenSignals {
    /// Signals whose default is to end the process (some with a core dump), each of which ends
    /// the screen the way Ctrl-C does: terminal restored, exit status 128 + the signal.
    ///
    /// SIGQUIT (Ctrl-\) is here so the user's "quit" quits, instead of the Swift runtime
    /// printing a crash report over the table. SIGUSR1, SIGUSR2 and SIGALRM are not ignored
    /// although nothing here uses them: whoever sends one to a program that does not handle it
    /// means "end", and ignoring it would leave them waiting. SIGXCPU and SIGXFSZ are limits
    /// being reached (a SIGKILL may follow), SIGVTALRM and SIGPROF stray timers. The fatal faults
    /// (SIGSEGV, SIGILL, ...) are `CrashGuard`'s.
    static let endingSignals: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF,
    ]

    /// Installs the handlers; the caller keeps the sources alive as long as the screen runs.
    static func install(terminal: TerminalModes?, wake: any LiveWaker, fullScreen: Bool) -> [any DispatchSourceSignal] {
        let queue = DispatchQueue(label: "squarestock.screen.signals")
        var sources: [any DispatchSourceSignal] = []
        func on(_ sig: Int32, _ handler: @escaping @Sendable () -> Void) {
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            s.setEventHandler(handler: handler)
            s.resume()
            sources.append(s)
        }
        for sig in endingSignals {
            on(sig) {
                terminal?.restore()
                _exit(128 + sig)
            }
        }
        BrokenPipe.install()
        guard fullScreen else { return sources }
        on(SIGWINCH) { wake.post(.resized) }
        on(SIGTSTP) {
            // Give the terminal back, then really stop (SIGTSTP itself is caught here).
            terminal?.restore()
            kill(getpid(), SIGSTOP)
        }
        on(SIGCONT) { wake.post(.continued) }
        return sources
    }
}
