import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// Kraken wants every nonce of a key larger than the last it saw, and two squarestock processes
/// using one key at once would otherwise race. The last nonce is kept in a file beside the
/// credentials; a call takes an exclusive `flock` on it (waiting at most `lockTimeout`, the
/// command's timeout), picks `max(last + 1, now in ms)`, records it, and **keeps the lock until
/// its request has been answered**, so requests with one key reach Kraken in nonce order. A file
/// that cannot serve (`KrakenNonceFile` says why) fails the call: going on without the lock would
/// race. Without a file (no config folder) the counter lives in this process only.
package final class KrakenNonceSource: @unchecked Sendable {
    let path: String?
    let lockTimeout: Double
    private var last: UInt64 = 0
    private let lock = Lock()
    /// The clock in milliseconds since 1970 (a test may move it).
    let now: @Sendable () -> UInt64

    package init(
        path: String?, lockTimeout: Double = 10,
        now: @escaping @Sendable () -> UInt64 = KrakenNonceSource.nowMilliseconds
    ) {
        self.path = path
        self.lockTimeout = lockTimeout
        self.now = now
    }

    /// Runs `body` with a fresh nonce, holding the lock (thread and file) until it returns.
    package func withNonce<R>(_ body: (String) -> Result<R, AccountError>) -> Result<R, AccountError> {
        lock.withLock { withNonceLocked(body) }
    }

    /// `withNonce` once this process's threads are shut out.
    private func withNonceLocked<R>(_ body: (String) -> Result<R, AccountError>) -> Result<R, AccountError> {
        let clock = now()
        var file: KrakenNonceFile?
        var stored: UInt64 = 0
        if let path {
            switch KrakenNonceFile.open(path) {
            case .failure(let e): return .failure(e)
            case .success(let f): file = f
            }
            guard let file else { return .failure(KrakenNonceFile.refusal(path, "it cannot be opened")) }
            switch file.lock(timeout: lockTimeout).flatMap({ file.read(now: clock) }) {
            case .failure(let e):
                file.unlockAndClose()
                return .failure(e)
            case .success(let value): stored = value
            }
        }
        defer { file?.unlockAndClose() }
        let next = max(last, stored).addingReportingOverflow(1)
        guard !next.overflow else {
            return .failure(
                KrakenNonceFile.refusal(path ?? "(none)", "the nonce cannot be incremented; create a new key"))
        }
        let nonce = max(next.partialValue, clock)
        last = nonce
        file?.write(nonce)
        return body(String(nonce))
    }

    package static func nowMilliseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return UInt64(ts.tv_sec) * 1000 + UInt64(ts.tv_nsec / 1_000_000)
    }
}
