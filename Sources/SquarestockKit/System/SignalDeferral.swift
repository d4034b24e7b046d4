import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Interrupts held back over a stretch that must not stop halfway: from `begin()` an ending
/// signal (Ctrl-C, SIGTERM, a closed terminal) is kept, not acted on. For a paper fill:
/// recorded in the ledger at once, in the orders file when the account's update ends; stopped
/// between the two, the order's later fills were refused as already recorded, for good.
///
/// `end()` lets the signals go and keeps a signal that came meanwhile in `heldBack`: the command
/// still writes what it did (an order's JSON object, the orders), then ends with the signal's
/// status and message (`Terminal.exit`). Exiting at `end()` left a placed paper order unsaid.
package final class SignalDeferral: @unchecked Sendable {
    private let lock = NSLock()
    private var caught: CaughtSignals?
    private var kept: Int32?
    private var message = ""

    private static let heldBackLock = NSLock()
    nonisolated(unsafe) private static var held: (signal: Int32, message: String)?

    package init() {}

    /// A signal a stretch kept, and what it says: the process ends with 128 + the signal once
    /// the command's output is written. Nil when none came.
    package static var heldBack: (signal: Int32, message: String)? { heldBackLock.withLock { held } }

    /// Whether a signal came during the stretch under way (the work left is better not begun).
    package var isPending: Bool { lock.withLock { kept != nil } }

    /// Starts holding the signals back (once; a second call while held does nothing but take
    /// `message`, what a kept signal says on standard error when the process ends: what was
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

    /// Ends the stretch: the signals are let go, and a signal kept meanwhile goes to `heldBack`.
    package func end() {
        let held = lock.withLock { () -> CaughtSignals? in
            defer { caught = nil }
            return caught
        }
        guard let held else { return }
        // Drains a handler still running before the signal kept is read.
        held.release()
        let taken = lock.withLock { () -> (Int32, String)? in
            defer { kept = nil }
            return kept.map { ($0, message) }
        }
        guard let (sig, said) = taken else { return }
        Self.heldBackLock.withLock { Self.held = Self.held ?? (sig, said) }
    }
}
