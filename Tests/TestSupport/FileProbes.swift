import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What a test needs to prove a reader stops early: how much this thread has read, and a huge
/// file that costs nothing to make.
public enum FileProbes {
    /// Bytes this thread has read through read(2) and friends so far (`rchar` in
    /// /proc/thread-self/io): per thread, so tests running alongside do not count.
    public static func bytesReadByThisThread() -> Int {
        let text = (try? String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("rchar:") } ?? ""
        return Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)) ?? -1
    }

    /// A sparse file of `size` bytes: costs no disk and no time to make.
    public static func sparseFile(size: Int64) throws -> String {
        let path = TemporaryPath.make("sparse")
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(ftruncate(fd, off_t(size)) == 0)
        return path
    }
}
