#if canImport(Glibc)
    import Glibc
#endif

/// A thread of its own for one piece of work, which the starter joins: nothing of it runs once
/// `join` returns. Made with `pthread_create` itself, because Foundation's `Thread` neither
/// tells when the system gives no thread (a container at its process limit) nor can be joined.
package final class JoinableThread {
    private var thread: pthread_t
    private var joined = false

    /// Starts `body` on a new thread named `name` (at most 15 bytes, Linux's limit); nil when
    /// the system gives no thread, so the caller does the work itself.
    package init?(name: String, _ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(name: name, body: body))
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
                JoinableThread.nameThisThread(work.name)
                work.body()
                return nil
            }, work.toOpaque())
        guard started == 0 else {
            work.release()
            return nil
        }
        self.thread = thread
    }

    /// Waits for the work to end.
    package func join() {
        guard !joined else { return }
        joined = true
        pthread_join(thread, nil)
    }

    deinit { join() }

    /// Names the calling thread (as `top -H` and `perf` show it) through /proc, since glibc's
    /// `pthread_setname_np` is not visible to Swift; a name that cannot be set is no error.
    private static func nameThisThread(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = name.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
    }

    private final class Work {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = String(decoding: name.utf8.prefix(15), as: UTF8.self)
            self.body = body
        }
    }
}
