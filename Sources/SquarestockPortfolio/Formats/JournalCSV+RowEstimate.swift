#if canImport(Glibc)
    import Glibc
#endif

extension JournalCSV {
    /// About how many rows the file at `path` holds: its size over the mean length of the lines
    /// in its first 64 KiB, without reading the rest (0 when it is not a regular file or cannot
    /// be read; the import says why). Only a hint for how to write (`JournalWriter`): a wrong one costs time, never a
    /// different ledger.
    public static func estimatedRows(path: String) -> Int {
        // A pipe or FIFO is left alone: reading its start here would take it from the import.
        guard let size = regularFileSize(path), size > 0 else { return 0 }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        let sample = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 16) { buffer -> (Int, Int)? in
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            guard n > 0 else { return nil }
            let lf = buffer[..<n].lazy.filter { $0 == UInt8(ascii: "\n") }.count
            // Old Mac files end lines with CR alone.
            return (n, lf > 0 ? lf : buffer[..<n].lazy.filter { $0 == UInt8(ascii: "\r") }.count)
        }
        guard let (bytes, endings) = sample else { return 0 }
        return Int(size * Int64(max(endings, 1)) / Int64(bytes))
    }

    /// The size of the file at `path` when it is a regular file, else nil (a pipe, a FIFO, a
    /// folder, nothing there): the estimate reads only such a file's start, and the import
    /// reads only such a file on a thread of its own.
    static func regularFileSize(_ path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(info.st_size)
    }
}
