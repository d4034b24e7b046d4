import Foundation
import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// The ledger file itself, before SQLite sees it: opened (created owner-only when missing) without
/// following a symbolic link, refused when it is not a regular file of this user or when others
/// may read it (the credentials file's rule: refuse with the `chmod` that fixes it, never change a
/// user's file behind their back), and locked with `flock` while a process creates or migrates it,
/// so two first runs at once do not both build the tables. SQLite's own locks are POSIX record
/// locks, which on Linux do not interact with `flock`.
enum LedgerFile {
    /// An open descriptor of the ledger at `path` (created with mode 600 when missing; opened
    /// non-blocking, so a FIFO put in its place cannot hang the command).
    static func open(_ path: String) throws(PortfolioError) -> Int32 {
        let fd = Glibc.open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            let code = errno
            if code == ELOOP {
                throw .unsafeFile(
                    path: path,
                    problem:
                        "it is a symbolic link, and squarestock writes only a file of its own; replace the link with the file it points to (`mv \"$(readlink -f \(path))\" \(path)`)"
                )
            }
            throw .storage(path: path, detail: String(cString: strerror(code)))
        }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(fd)
            throw .unsafeFile(path: path, problem: "it is not a regular file; move it away")
        }
        if st.st_uid != geteuid() {
            Glibc.close(fd)
            throw .unsafeFile(
                path: path, problem: "it belongs to uid \(st.st_uid), not to you (uid \(geteuid())); move it away")
        }
        return fd
    }

    /// The group and other permission bits of the open file, refused with the fix.
    static func checkMode(_ fd: Int32, path: String) throws(PortfolioError) {
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .storage(path: path, detail: String(cString: strerror(errno))) }
        if st.st_mode & 0o077 != 0 {
            throw .unsafeFile(
                path: path,
                problem:
                    "other users may read it (mode \(String(st.st_mode & 0o777, radix: 8))); run `chmod 600 \(path)`")
        }
    }

    /// True when the open file holds nothing yet.
    static func isEmpty(_ fd: Int32) -> Bool {
        var st = stat()
        return fstat(fd, &st) == 0 && st.st_size == 0
    }

    /// Takes the exclusive `flock` of `fd`, waiting up to `timeout` seconds for another process
    /// that is creating or migrating the ledger; `.busy` after that.
    static func lock(_ fd: Int32, path: String, timeout: TimeInterval) throws(PortfolioError) {
        let deadline = Date().addingTimeInterval(timeout)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw .storage(path: path, detail: String(cString: strerror(errno)))
            }
            guard Date() < deadline else { throw .busy(path: path) }
            // Opening and migrating takes milliseconds; a short poll keeps the wait bounded.
            usleep(5_000)
        }
    }

    static func unlock(_ fd: Int32) { _ = flock(fd, LOCK_UN) }
}
