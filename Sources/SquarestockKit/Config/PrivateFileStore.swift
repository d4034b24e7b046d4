import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes files that hold secrets or caches: owner-only permissions, written to a temporary file
/// in the same folder, flushed and renamed, so a crash never leaves half a file and nobody else
/// on the machine can read a session cookie.
public enum PrivateFileStore {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case cannotCreateFolder(String)
        case cannotWrite(String, Int32)

        public var description: String {
            switch self {
            case .cannotCreateFolder(let p): return "cannot create \(p)"
            case .cannotWrite(let p, let e): return "cannot write \(p): \(String(cString: strerror(e)))"
            }
        }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let dir = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch { throw .cannotCreateFolder(dir) }
        let temp = path + ".tmp-\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotWrite(temp, errno) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 {
                let e = errno
                close(fd)
                unlink(temp)
                throw .cannotWrite(temp, e)
            }
            offset += n
        }
        fsync(fd)
        close(fd)
        guard rename(temp, path) == 0 else {
            let e = errno
            unlink(temp)
            throw .cannotWrite(path, e)
        }
    }

    /// The file's bytes, or nil when it is missing, unreadable or over `limit` (see `LocalFileReader`).
    public static func read(_ path: String, limit: Int = LocalFileReader.Limit.privateCache) -> [UInt8]? {
        try? LocalFileReader.read(path, limit: limit).get()
    }

    /// `$XDG_CACHE_HOME/squarestock` or `~/.cache/squarestock`.
    public static func cacheDirectory(environment: [String: String]) -> String? {
        if let x = environment["XDG_CACHE_HOME"], !x.isEmpty { return x + "/squarestock" }
        if let h = environment["HOME"], !h.isEmpty { return h + "/.cache/squarestock" }
        return nil
    }
}
