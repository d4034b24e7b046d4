#if canImport(Glibc)
    import Glibc
#endif

/// Where the running binary sits and which files beside it exist: how the shipped samples and
/// symbol directory are found without a configured path.
package enum InstalledFiles {
    /// The resolved path of this process's executable (`/proc/self/exe`), or nil when unreadable.
    package static func currentExecutablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The folder holding `path` (`/` for a top-level entry, `.` for a bare name).
    package static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether `path` exists and is readable.
    package static func exists(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// The first of `folders` (relative paths, tried in order at each level) holding `marker`,
    /// looking from the executable's folder up to eight levels: how a checkout
    /// (`.build/debug/squarestock`) and an installation (`bin/` beside `share/squarestock/`)
    /// find the files they ship. Returns the folder's path, or nil.
    package static func findAbove(executable: String?, folders: [String], marker: String) -> String? {
        guard let exe = executable else { return nil }
        var dir = parent(exe)
        for _ in 0..<8 {
            for folder in folders where exists(dir + "/" + folder + "/" + marker) { return dir + "/" + folder }
            let up = parent(dir)
            if up == dir { break }
            dir = up
        }
        return nil
    }
}
