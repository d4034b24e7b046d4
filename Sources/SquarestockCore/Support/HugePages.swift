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
        guard let base, let whole = wholePages(from: Int(bitPattern: base), bytes: bytes),
            let first = UnsafeMutableRawPointer(bitPattern: whole.start)
        else { return }
        #if canImport(Glibc)
            _ = madvise(first, whole.length, MADV_HUGEPAGE)
        #endif
    }

    /// The whole 2 MiB pages inside `bytes` from `address`: nil for a buffer under two of them
    /// or holding none whole.
    static func wholePages(from address: Int, bytes: Int) -> (start: Int, length: Int)? {
        guard bytes >= 2 * size else { return nil }
        let start = (address + size - 1) & ~(size - 1)
        let end = (address + bytes) & ~(size - 1)
        return end > start ? (start, end - start) : nil
    }
}
