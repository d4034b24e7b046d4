#if canImport(Glibc)
    import Glibc
#endif

/// A plain mutual-exclusion lock for the few classes shared between threads (transport, caches).
package final class Lock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()

    package init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    @inlinable
    package func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lockMutex()
        defer { unlockMutex() }
        return try body()
    }

    @usableFromInline func lockMutex() { pthread_mutex_lock(&mutex) }
    @usableFromInline func unlockMutex() { pthread_mutex_unlock(&mutex) }
}
