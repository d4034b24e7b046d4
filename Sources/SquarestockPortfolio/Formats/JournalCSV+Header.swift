import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension JournalCSV {
    /// Whether the file at `path` is in this layout: its first row names `date` and `kind`, as no
    /// broker's export does. Only its first 64 KiB are read; a pipe or FIFO is not read at all
    /// (its start would be taken from the import) and is taken for this layout, as before
    /// `--from` existed; so is a file that cannot be read (the import then says why).
    public static func hasOwnHeader(path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return true }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return true }
        defer { close(fd) }
        var start = [UInt8](repeating: 0, count: 1 << 16)
        let n = start.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return true }
        start.removeSubrange(n...)
        let (table, _) = ExportTable.read(start) { _ in true }
        let names = Set((table?.header ?? []).map { $0.lowercased() })
        return names.contains("date") && names.contains("kind")
    }
}
