import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Signals caught through dispatch sources until `release()`: each runs `handler` on one serial
/// queue. Dispatch sources rather than `signal()` handlers, because a process started with the
/// signals blocked (a supervisor, a test runner) never runs the latter, and a handler here may
/// take a lock or write. `release()` cancels the sources, waits for a handler still running, and
/// gives the signals their default action back.
package final class CaughtSignals: @unchecked Sendable {
    private let signals: [Int32]
    private let queue: DispatchQueue
    private var sources: [any DispatchSourceSignal] = []

    package init(_ signals: [Int32], label: String, handler: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        queue = DispatchQueue(label: label)
        for sig in signals {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler { handler(sig) }
            source.resume()
            sources.append(source)
        }
    }

    /// Ends the catching (once; later calls do nothing).
    package func release() {
        guard !sources.isEmpty else { return }
        for source in sources { source.cancel() }
        sources = []
        queue.sync {}
        for sig in signals { signal(sig, SIG_DFL) }
    }
}
