import SquarestockCore
import SquarestockKit

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM for a command that prints lines until told to stop (`watch --stream`,
/// `book --live` off a terminal): the loop polls `received` and ends cleanly (a stream closed
/// with its close frame), then exits with 128 + the signal (`CaughtSignals`: a process started
/// with the signals blocked never ran the `signal()` handlers of before, and the stream went on).
final class StopSignals: @unchecked Sendable {
    private let lock = Lock()
    private var first: Int32 = 0
    private var caught: CaughtSignals?

    /// Catches the signals until this is released.
    init() {
        caught = CaughtSignals([SIGINT, SIGTERM], label: "squarestock.stop.signals") { [weak self] sig in
            self?.record(sig)
        }
    }

    deinit { caught?.release() }

    private func record(_ sig: Int32) { lock.withLock { if first == 0 { first = sig } } }

    /// The first signal received, 0 until one was.
    var received: Int32 { lock.withLock { first } }

    /// The exit code of a loop that stopped on a signal (128 + it), nil when none came.
    var exitCode: Int32? {
        let sig = received
        return sig == 0 ? nil : 128 + sig
    }
}
