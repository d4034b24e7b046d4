import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Interrupts held back over a stretch that must not stop halfway: from `begin()` an ending
/// signal (Ctrl-C, SIGTERM, a closed terminal) is kept, not acted on, and `end()` exits with
/// 128 + the first one kept, once the stretch is whole. For a paper fill: recorded in the ledger
/// at once, in the orders file when the account's update ends; stopped between the two, the
/// order's later fills were refused as already recorded, for good.
package final class SignalDeferral: @unchecked Sendable {
    private let lock = NSLock()
    private var caught: CaughtSignals?
    private var kept: Int32?
    private var message = ""

    package init() {}

    /// Starts holding the signals back (once; a second call while held does nothing but take
    /// `message`, what a signal kept says on standard error before the process ends: what was
    /// done, so an interrupted command does not end in silence).
    package func begin(saying message: String) {
        lock.withLock {
            self.message = message
            guard caught == nil else { return }
            caught = CaughtSignals([SIGINT, SIGTERM, SIGHUP], label: "squarestock.deferred.signals") {
                [weak self] sig in
                guard let self else { return }
                self.lock.withLock { self.kept = self.kept ?? sig }
            }
        }
    }

    /// Ends the stretch: the signals are let go, and a signal kept meanwhile ends the process now.
    package func end() {
        let held = lock.withLock { () -> CaughtSignals? in
            defer { caught = nil }
            return caught
        }
        guard let held else { return }
        // Drains a handler still running before the signal kept is read.
        held.release()
        guard let (sig, said) = lock.withLock({ kept.map { ($0, message) } }) else { return }
        said.withCString { _ = write(2, $0, strlen($0)) }
        _exit(128 + sig)
    }
}
