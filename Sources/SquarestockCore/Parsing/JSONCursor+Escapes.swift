#if canImport(Glibc)
    import Glibc
#endif

extension JSONCursor {
    /// Whether every `\` escape in `bytes` is one `JSONReader` reads: a `\u` needs four hex
    /// digits, and so does the `\u` that follows a high surrogate's. The cursor passes over any
    /// escape (it reads raw strings), so a decoder that walks a body with it and must reject what
    /// `JSONReader` rejects checks this as well; the bytes are looked at only where a `\` is.
    ///
    /// Meant for bytes the cursor has already walked as JSON, where a `\` occurs only inside a
    /// string and the first of a string starts an escape.
    package static func escapesAreReadable(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= n else { return nil }
            var v: UInt32 = 0
            for k in at..<(at + 4) {
                guard let d = HexDigit.value(bytes[k]) else { return nil }
                v = v * 16 + d
            }
            return v
        }
        var i = 0
        while i < n, let found = memchr(base + i, 0x5C, n - i) {
            i = base.distance(to: UnsafeRawPointer(found)) + 1
            guard i < n else { return false }
            let e = bytes[i]
            i += 1
            guard e == UInt8(ascii: "u") else { continue }
            guard let high = hex4(i) else { return false }
            i += 4
            if high >= 0xD800 && high < 0xDC00, i + 1 < n, bytes[i] == 0x5C, bytes[i + 1] == UInt8(ascii: "u") {
                guard hex4(i + 2) != nil else { return false }
                i += 6
            }
        }
        return true
    }
}
