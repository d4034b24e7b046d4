#if canImport(Glibc)
    import Glibc
#endif

/// A body read piece by piece into one buffer that keeps what its reader has not used yet: the
/// reader takes whole records from the front (`consume`), the rest moves to the start, and the
/// buffer doubles when not even one record fits. Shared by the history decoder's piece path and
/// the benchmark that feeds files to the product's readers, so both read a body the same way.
package final class PieceBuffer {
    private var capacity: Int
    private var buffer: UnsafeMutableRawPointer
    private var filled = 0
    /// The body's end was read: `bytes` holds all that is left.
    package private(set) var ended = false

    package init(piece: Int) {
        capacity = max(piece, 64)
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// The bytes held, not yet consumed.
    package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: buffer, count: filled) }

    /// Reads until the buffer is full or `read` says the body ended (0 or less: bytes written).
    package func fill<E: Error>(_ read: (UnsafeMutableRawBufferPointer) throws(E) -> Int) throws(E) {
        while !ended && filled < capacity {
            let n = try read(UnsafeMutableRawBufferPointer(start: buffer + filled, count: capacity - filled))
            if n <= 0 { ended = true } else { filled += n }
        }
    }

    /// Drops the first `used` bytes; 0 (no whole record yet) doubles the buffer instead.
    package func consume(_ used: Int) {
        guard used > 0 else {
            let bigger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
            bigger.copyMemory(from: buffer, byteCount: filled)
            buffer.deallocate()
            buffer = bigger
            capacity *= 2
            return
        }
        filled -= used
        if filled > 0 { memmove(buffer, buffer + used, filled) }
    }
}
