import Foundation
import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM for a command that prints lines until told to stop (`watch --stream`,
/// `book --live` off a terminal): the loop polls `received` and ends cleanly (a stream closed
/// with its close frame), then exits with 128 + the signal. Dispatch sources, not `signal()`
/// handlers: a process started with the signals blocked (a supervisor, a test runner) never ran
/// those handlers, and the stream went on.
final class StopSignals: @unchecked Sendable {
    static let signals: [Int32] = [SIGINT, SIGTERM]
    private let lock = Lock()
    private var first: Int32 = 0
    private var sources: [any DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "squarestock.stop.signals")

    /// Installs the sources; they stay until this is released, and the signals' default
    /// action (ending the process) comes back then.
    init() {
        for sig in Self.signals {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler { [weak self] in self?.record(sig) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
        queue.sync {}
        for sig in Self.signals { signal(sig, SIG_DFL) }
    }

    private func record(_ sig: Int32) { lock.withLock { if first == 0 { first = sig } } }

    /// The first signal received, 0 until one was.
    var received: Int32 { lock.withLock { first } }

    /// The exit code of a loop that stopped on a signal (128 + it), nil when none came.
    var exitCode: Int32? {
        let sig = received
        return sig == 0 ? nil : 128 + sig
    }
}
