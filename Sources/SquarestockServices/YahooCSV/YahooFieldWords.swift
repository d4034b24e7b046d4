/// A field of 1 to 16 bytes as two little-endian words, first byte lowest and the bytes past the
/// field zero: a key that equals another exactly when the bytes do (with the length beside it).
/// The symbol table and the date cache key lines by it.
enum YahooFieldWords {
    /// The `n` bytes at `p` (1...16); `wordReadable`: 16 bytes may be read at `p` (the field and
    /// what follows it in the body), so two loads do, else a loop near the body's end.
    @inline(__always)
    static func words(_ p: UnsafeRawPointer, count n: Int, wordReadable: Bool) -> (low: UInt64, high: UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        if wordReadable {
            low = p.loadUnaligned(as: UInt64.self).littleEndian
            high = p.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian
            if n < 8 {
                low &= (1 &<< UInt64(8 &* n)) &- 1
                high = 0
            } else if n < 16 {
                high &= (1 &<< UInt64(8 &* (n &- 8))) &- 1
            }
        } else {
            for k in 0..<n {
                let byte = UInt64(p.load(fromByteOffset: k, as: UInt8.self))
                if k < 8 { low |= byte &<< UInt64(8 &* k) } else { high |= byte &<< UInt64(8 &* (k &- 8)) }
            }
        }
        return (low, high)
    }
}
