import Foundation

/// How a live screen starts its workers (a refresh, a stream). Production runs each on a thread
/// of its own so the loop keeps reading keys; a test runs it on the caller's thread, so every
/// worker has finished (and posted its wake-up) before the loop waits again: the run is then a
/// function of the script and the manual clock alone.
package struct LiveThreads: Sendable {
    let start: @Sendable (_ name: String, _ body: @escaping @Sendable () -> Void) -> Void

    package init(start: @escaping @Sendable (_ name: String, _ body: @escaping @Sendable () -> Void) -> Void) {
        self.start = start
    }

    /// A thread per worker.
    package static let system = LiveThreads { name, body in
        let thread = Thread { body() }
        thread.name = name
        thread.start()
    }

    /// The worker runs to its end before `start` returns.
    package static let inline = LiveThreads { _, body in body() }
}
