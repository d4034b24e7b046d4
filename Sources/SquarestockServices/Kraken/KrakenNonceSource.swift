import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// Kraken wants every nonce of a key larger than the last it saw, and two squarestock processes
/// using one key at once would otherwise race. The last nonce is kept in a file beside the
/// credentials; a call takes an exclusive `flock` on it, picks `max(last + 1, now in ms)`,
/// records it, and **keeps the lock until its request has been answered**, so requests with one
/// key reach Kraken in nonce order. Without a file (no config folder) the counter lives in this
/// process only.
package final class KrakenNonceSource: @unchecked Sendable {
    let path: String?
    private var last: UInt64 = 0
    private var mutex = pthread_mutex_t()

    package init(path: String?) {
        self.path = path
        pthread_mutex_init(&mutex, nil)
    }
    deinit { pthread_mutex_destroy(&mutex) }

    /// Runs `body` with a fresh nonce, holding the lock (thread and file) until it returns.
    package func withNonce<R>(_ body: (String) -> R) -> R {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        var fd: Int32 = -1
        if let path {
            fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if fd >= 0 { flock(fd, LOCK_EX) }
        }
        defer {
            if fd >= 0 {
                flock(fd, LOCK_UN)
                close(fd)
            }
        }
        let stored = fd >= 0 ? read(fd) : 0
        let nonce = max(max(last, stored) + 1, KrakenNonceSource.nowMilliseconds())
        last = nonce
        if fd >= 0 { write(fd, nonce) }
        return body(String(nonce))
    }

    private func read(_ fd: Int32) -> UInt64 {
        var buffer = [UInt8](repeating: 0, count: 32)
        lseek(fd, 0, SEEK_SET)
        let n = Glibc.read(fd, &buffer, buffer.count)
        guard n > 0 else { return 0 }
        return UInt64(String(decoding: buffer[0..<n], as: UTF8.self).trimmingSpaces) ?? 0
    }

    private func write(_ fd: Int32, _ value: UInt64) {
        let text = Array((String(value) + "\n").utf8)
        lseek(fd, 0, SEEK_SET)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }

    static func nowMilliseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return UInt64(ts.tv_sec) * 1000 + UInt64(ts.tv_nsec / 1_000_000)
    }
}
