import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Signals caught through dispatch sources until `release()`: each runs `handler` on one serial
/// queue. Dispatch sources rather than `signal()` handlers, because a process started with the
/// signals blocked (a supervisor, a test runner) never runs the latter, and a handler here may
/// take a lock or write. `release()` cancels the sources, waits for a handler still running, and
/// gives each signal back the action it had. A SIGHUP the process was started ignoring
/// (`nohup`) is left ignored: the user asked for the command to outlive the terminal.
package final class CaughtSignals: @unchecked Sendable {
    private var previous: [(signal: Int32, action: sigaction)] = []
    private let queue: DispatchQueue
    private var sources: [any DispatchSourceSignal] = []

    package init(_ signals: [Int32], label: String, handler: @escaping @Sendable (Int32) -> Void) {
        queue = DispatchQueue(label: label)
        for sig in signals {
            var old = sigaction()
            sigaction(sig, nil, &old)
            if sig == SIGHUP && Self.isIgnore(old) { continue }
            previous.append((sig, old))
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler { handler(sig) }
            source.resume()
            sources.append(source)
        }
    }

    /// Whether `action` is SIG_IGN (function pointers compare by address).
    private static func isIgnore(_ action: sigaction) -> Bool {
        guard let handler = action.__sigaction_handler.sa_handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Ends the catching (once; later calls do nothing).
    package func release() {
        guard !sources.isEmpty else { return }
        for source in sources { source.cancel() }
        sources = []
        queue.sync {}
        for (sig, old) in previous {
            var action = old
            sigaction(sig, &action, nil)
        }
        previous = []
    }
}
