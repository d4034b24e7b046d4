import Foundation
import SquarestockCore
import SquarestockKit
import SquarestockLive

#if canImport(Glibc)
    import Glibc
#endif

/// While an order (or a cancellation) is with the transport, an interrupt (Ctrl-C, SIGTERM, a closed terminal) must
/// not end the command silently: the order may already be on the exchange. The ending signals are
/// caught for that stretch only, and each prints the status-unknown message (check `account
/// orders` before trying again), and the JSON answer saying so when one is due, and exits with
/// 128 + the signal (a script tells an interrupted command by it, as for any other).
enum OrderInFlight {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// What an interrupt says, changed as the stretch goes on (status unknown while the order is
    /// sent, then its id once placed, while its status is read).
    final class Message: @unchecked Sendable {
        private let lock = NSLock()
        private var text: String
        private var out: String?
        init(_ text: String, out: String? = nil) {
            self.text = text
            self.out = out
        }
        var current: String { lock.withLock { text } }
        /// The answer standard output gets (`--format json`'s object), if any.
        var currentOut: String? { lock.withLock { out } }
        func set(_ new: String, out newOut: String? = nil) {
            lock.withLock {
                text = new
                if let newOut { out = newOut }
            }
        }
    }

    /// The message of `interrupted` (`SquarestockApp.interruptedInFlight`), and `out` for
    /// standard output (`--format json`'s object saying so).
    static func unknown(_ interrupted: AccountError, out: String? = nil) -> Message {
        Message("squarestock: " + interrupted.message + "\n", out: out)
    }

    /// `body` with the ending signals caught for all of it: each writes the message as it is
    /// then (`body` may change it) and exits with 128 + the signal. The handlers are drained
    /// before the signals are let go, so none runs after `body` has returned.
    static func guarding<T>(_ message: Message, _ body: (Message) throws -> T) rethrows -> T {
        let caught = CaughtSignals(signals, label: "squarestock.order.signals") { sig in
            if let out = message.currentOut { _ = Terminal.writeOut(out) }
            _ = Terminal.writeError(message.current)
            _exit(128 + sig)
        }
        defer { caught.release() }
        return try body(message)
    }
}
