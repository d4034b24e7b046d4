import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// Kraken's nonce file, used only when it is safe to: a regular file of this user (a link or a
/// folder would silently turn the lock off, a FIFO would block the read forever), locked with a
/// bounded wait (a stopped process holding the lock must not stall every other call), and holding
/// a nonce that can still grow (a stored 2^64 - 1 would overflow). Every refusal names the file
/// and what fixes it.
struct KrakenNonceFile {
    let path: String
    let fd: Int32

    /// A nonce further than this ahead of the clock is refused: nothing squarestock writes gets
    /// there, and a nonce near 2^64 would soon be one that cannot be incremented.
    static let futureLimitMilliseconds: UInt64 = 86_400_000

    /// Opens (creating it owner-only) and checks the file; never blocks.
    static func open(_ path: String) -> Result<KrakenNonceFile, AccountError> {
        let fd = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        if fd < 0 {
            let code = errno
            return .failure(refusal(path, problem(openError: code, path: path)))
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            close(fd)
            return .failure(refusal(path, "it cannot be examined (\(String(cString: strerror(errno))))"))
        }
        guard st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return .failure(
                refusal(
                    path,
                    "it is not a regular file (a FIFO, a socket or a device), so it cannot keep the nonce or its lock; remove it (`rm \(path)`) and squarestock creates a new one"
                ))
        }
        guard st.st_uid == geteuid() else {
            close(fd)
            return .failure(
                refusal(
                    path,
                    "it belongs to another user (uid \(st.st_uid)); remove it (`rm \(path)`) and squarestock creates a new one"
                ))
        }
        return .success(KrakenNonceFile(path: path, fd: fd))
    }

    /// What an `open` failure means, with its fix.
    static func problem(openError code: Int32, path: String) -> String {
        switch code {
        case ELOOP:
            return
                "it is a symbolic link, which would take the lock on another file; remove it (`rm \(path)`) and squarestock creates a regular file"
        case EISDIR:
            return
                "it is a folder, which cannot hold the nonce or its lock; remove it (`rmdir \(path)`) and squarestock creates a regular file"
        case EACCES, EPERM:
            return "no permission to open it; remove it (`rm \(path)`) and squarestock creates a new one"
        default:
            return "it cannot be opened (\(String(cString: strerror(code))))"
        }
    }

    /// Takes the exclusive `flock`, polling without blocking. It gives up once the lock has been
    /// held for `timeout` seconds with no progress, naming the process that holds it (from
    /// `/proc/locks`): every holder writes a new nonce when it takes the lock, so a queue of
    /// healthy calls with one key keeps changing the file and is waited for, while a stopped
    /// holder is not.
    func lock(timeout: Double) -> Result<Void, AccountError> {
        var deadline = Self.monotonicSeconds() + max(0, timeout)
        var seen = peek()
        var pause: UInt32 = 1_000
        while true {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return .success(()) }
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                return .failure(Self.refusal(path, "it cannot be locked (\(String(cString: strerror(code))))"))
            }
            let now = Self.monotonicSeconds()
            let current = peek()
            if current != seen {
                seen = current
                deadline = now + max(0, timeout)
            }
            if now >= deadline { return .failure(heldTooLong(timeout: timeout)) }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
    }

    /// The file's first bytes, read without the lock (`flock` is advisory): they change each time
    /// another call takes the lock.
    func peek() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = pread(fd, &buffer, buffer.count, 0)
        return n > 0 ? Array(buffer[0..<n]) : []
    }

    func unlockAndClose() {
        flock(fd, LOCK_UN)
        close(fd)
    }

    func heldTooLong(timeout: Double) -> AccountError {
        let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
        var st = stat()
        let holder = fstat(fd, &st) == 0 ? FileLockHolder.pid(device: st.st_dev, inode: st.st_ino) : nil
        let who: String
        let fix: String
        if let pid = holder {
            let name = FileLockHolder.commandName(pid).map { " (\($0))" } ?? ""
            who = "process \(pid)\(name)"
            fix = "if it is stopped or hung, end it (`kill \(pid)`; `kill -CONT \(pid)` resumes a stopped one)"
        } else {
            who = "another process"
            fix = "find it with `fuser \(path)` and end it if it is stopped or hung"
        }
        return Self.refusal(
            path,
            "\(who) has held its lock for more than the \(seconds) s timeout, so no request with this key can be sent now; \(fix), then try again"
        )
    }

    /// The stored nonce (0 for a new, empty file), refused when it is not a number or lies more
    /// than a day ahead of `now` (it then cannot safely be incremented for long, or at all).
    func read(now: UInt64) -> Result<UInt64, AccountError> {
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = pread(fd, &buffer, buffer.count, 0)
        guard n >= 0 else {
            return .failure(Self.refusal(path, "it cannot be read (\(String(cString: strerror(errno))))"))
        }
        let text = String(decoding: buffer[0..<n], as: UTF8.self).trimmingSpaces
        if text.isEmpty { return .success(0) }
        let fix =
            "if this computer's clock is right, remove it (`rm \(path)`); should Kraken then refuse every nonce, the key has already used nonces this high: create a new key and run `squarestock account login --exchange kraken`"
        guard n < buffer.count, let stored = UInt64(text) else {
            return .failure(Self.refusal(path, "it does not hold a nonce (a whole number below 2^64); " + fix))
        }
        let limit = now.addingReportingOverflow(Self.futureLimitMilliseconds)
        if stored == .max || (!limit.overflow && stored > limit.partialValue) {
            return .failure(
                Self.refusal(
                    path,
                    "it holds the nonce \(stored), more than a day ahead of the clock's \(now)"
                        + (stored == .max ? " and too large to be incremented" : "") + "; " + fix))
        }
        return .success(stored)
    }

    func write(_ value: UInt64) {
        let text = Array((String(value) + "\n").utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    static func refusal(_ path: String, _ problem: String) -> AccountError {
        .nonceFile(path: path, problem: problem, exchange: KrakenService.displayName)
    }

    static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
