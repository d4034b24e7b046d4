#if canImport(Glibc)
    import Glibc
#endif

/// Asks the kernel to back a large buffer with 2 MiB pages where the system gives them on
/// request (transparent huge pages in `madvise` mode, Debian's default): a column of a million
/// bars, filled once, took a page fault per 4 KiB, about a twentieth of decoding a long intraday
/// file. Only whole 2 MiB pages inside the buffer are named; where huge pages are off, nothing
/// changes.
enum HugePages {
    static let size = 2 << 20

    /// `bytes` from `base`, best effort: small buffers (under two huge pages) are left alone.
    static func advise(_ base: UnsafeMutableRawPointer?, bytes: Int) {
        guard let base, bytes >= 2 * size else { return }
        let start = (Int(bitPattern: base) + size - 1) & ~(size - 1)
        let end = (Int(bitPattern: base) + bytes) & ~(size - 1)
        guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
        #if canImport(Glibc)
            _ = madvise(first, end - start, MADV_HUGEPAGE)
        #endif
    }
}
