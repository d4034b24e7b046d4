import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes files that hold secrets or caches: owner-only permissions, written to a temporary file
/// in the same folder, flushed and renamed, so a crash never leaves half a file and nobody else
/// on the machine can read a session cookie.
///
/// The folder must be the user's own and writable by nobody else: in a folder another user can
/// write to, that user could swap files and links under squarestock's feet. The temporary file
/// gets an unpredictable name and is created exclusively without following a symbolic link, and
/// every step happens relative to the folder as first opened and checked, so nothing planted
/// (a link at a guessed temporary name, a link in place of the target) is ever written through.
package enum PrivateFileStore {
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case cannotCreateFolder(String)
        case cannotWrite(String, Int32)
        /// The folder belongs to another user, or others may write to it.
        case unsafeFolder(String, reason: String, fix: String)

        package var description: String {
            switch self {
            case .cannotCreateFolder(let p): return "cannot create \(p)"
            case .cannotWrite(let p, let e): return "cannot write \(p): \(String(cString: strerror(e)))"
            case .unsafeFolder(let p, let reason, let fix): return "refusing to use \(p): \(reason); \(fix)"
            }
        }
    }

    /// Writes `bytes` to `path` whole or not at all. `durable` flushes the file to the disk
    /// before it takes the name (`fsync`): what must survive a power cut (credentials, the
    /// symbol directory). A cache that a later run rebuilds (recent symbols, the status line's
    /// prices) passes false: the rename alone still never leaves half a file, and a one-shot
    /// quote no longer waits for the disk (issue 30).
    package static func write(_ bytes: [UInt8], to path: String, durable: Bool = true) throws(Failure) {
        let dir = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let dirFD = try openPrivateFolder(dir)
        defer { close(dirFD) }
        var temp = ""
        var fd: Int32 = -1
        for _ in 0..<8 {
            temp = "." + name + ".tmp-" + uniqueSuffix()
            fd = openat(dirFD, temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw .cannotWrite(dir + "/" + temp, errno) }
        // The umask may have taken bits away; owner read and write is what is meant.
        fchmod(fd, 0o600)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.write(fd, base + offset, raw.count - offset)
            }
            if n <= 0 {
                let e = errno
                close(fd)
                unlinkat(dirFD, temp, 0)
                throw .cannotWrite(dir + "/" + temp, e)
            }
            offset += n
        }
        if durable { fsync(fd) }
        close(fd)
        // rename(2) replaces whatever is at `name` (a symbolic link included) and never follows it.
        guard renameat(dirFD, temp, dirFD, name) == 0 else {
            let e = errno
            unlinkat(dirFD, temp, 0)
            throw .cannotWrite(path, e)
        }
    }

    /// Runs `body` holding an exclusive `flock` on `lockPath` (created owner-only, never through a
    /// link), for a read-modify-write of a file beside it that overlapping runs share. The folder
    /// is made first: on a first run, the one two processes race in, it is not there yet.
    /// Without the lock (an unwritable folder) `body` runs anyway, as it did before locks.
    package static func withExclusiveLock<T>(_ lockPath: String, _ body: () -> T) -> T {
        try? preparePrivateFolder(String(lockPath[..<(lockPath.lastIndex(of: "/") ?? lockPath.endIndex)]))
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        defer { if lock >= 0 { close(lock) } }
        if lock >= 0 { while flock(lock, LOCK_EX) != 0 && errno == EINTR {} }
        return body()
    }

    /// Creates `dir` (and its parents, owner-only) when missing, then checks it as `write` does.
    package static func preparePrivateFolder(_ dir: String) throws(Failure) {
        close(try openPrivateFolder(dir))
    }

    /// Why `dir` must not be used (foreign owner, writable by group or others), or nil when it
    /// is fine or does not exist yet.
    package static func folderProblem(_ dir: String) -> Failure? {
        let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return problem(openFolder: fd, path: dir)
    }

    /// An open descriptor of `dir`, created if missing, after checking that the user owns it
    /// and nobody else may write to it.
    static func openPrivateFolder(_ dir: String) throws(Failure) -> Int32 {
        var fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd < 0 {
            do {
                try FileManager.default.createDirectory(
                    atPath: dir, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            } catch { throw .cannotCreateFolder(dir) }
            fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { throw .cannotCreateFolder(dir) }
        }
        if let p = problem(openFolder: fd, path: dir) {
            close(fd)
            throw p
        }
        return fd
    }

    /// Checks the folder actually opened (not the path again, which could have been swapped).
    static func problem(openFolder fd: Int32, path: String) -> Failure? {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .cannotWrite(path, errno) }
        let me = geteuid()
        if st.st_uid != me {
            return .unsafeFolder(
                path, reason: "it belongs to uid \(st.st_uid), not to you (uid \(me))",
                fix: "remove it, or set XDG_CACHE_HOME (XDG_DATA_HOME for downloads) to a folder of your own")
        }
        if st.st_mode & 0o022 != 0 {
            return .unsafeFolder(
                path, reason: "other users can write to it (mode \(String(st.st_mode & 0o7777, radix: 8)))",
                fix: "run `chmod 700 \(path)`")
        }
        return nil
    }

    /// `<pid>-<64 random bits in hex>`, the end of every temporary name: nobody can guess it
    /// ahead, and the process id tells a later run whether its writer is gone (see
    /// `SymbolDirectoryLeftovers`).
    package static func uniqueSuffix() -> String { "\(getpid())-" + randomToken() }

    /// 64 random bits as hex: a temporary name nobody can guess ahead.
    static func randomToken() -> String {
        let hex = String(UInt64.random(in: .min ... .max), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The file's bytes, or nil when it is missing, unreadable or over `limit` (see `LocalFileReader`).
    package static func read(_ path: String, limit: Int = LocalFileReader.Limit.privateCache) -> [UInt8]? {
        try? LocalFileReader.read(path, limit: limit).get()
    }

    /// `$XDG_DATA_HOME/squarestock` or `~/.local/share/squarestock`: what the user made and must
    /// keep (the portfolio ledger, downloaded directories).
    package static func dataDirectory(environment: [String: String]) -> String? {
        if let x = environment["XDG_DATA_HOME"], !x.isEmpty { return x + "/squarestock" }
        if let h = environment["HOME"], !h.isEmpty { return h + "/.local/share/squarestock" }
        return nil
    }

    /// `$XDG_STATE_HOME/squarestock` or `~/.local/state/squarestock`: what squarestock remembers
    /// between runs that is worth keeping but not the user's work (recent symbols, alert states).
    package static func stateDirectory(environment: [String: String]) -> String? {
        if let x = environment["XDG_STATE_HOME"], !x.isEmpty { return x + "/squarestock" }
        if let h = environment["HOME"], !h.isEmpty { return h + "/.local/state/squarestock" }
        return nil
    }

    /// `$XDG_CACHE_HOME/squarestock` or `~/.cache/squarestock`.
    package static func cacheDirectory(environment: [String: String]) -> String? {
        if let x = environment["XDG_CACHE_HOME"], !x.isEmpty { return x + "/squarestock" }
        if let h = environment["HOME"], !h.isEmpty { return h + "/.cache/squarestock" }
        return nil
    }
}
