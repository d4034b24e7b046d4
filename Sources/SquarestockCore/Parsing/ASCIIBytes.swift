/// The byte classes the parsers share, in one place: which bytes count as white space (there are
/// three ideas of it, each named for where it applies), the UTF-8 byte-order mark, and byte search
/// that folds ASCII letters.
///
/// Bodies stay bytes on the hot paths, so these work on `UInt8`; `String.trimmingSpaces` uses the
/// same `isSpace` on scalars.
@usableFromInline package enum ASCIIBytes {
    /// C's `isspace` in the C locale: SP, HT, LF, VT, FF, CR. Trimming text for people (headers,
    /// names, excerpts).
    @inlinable @inline(__always)
    package static func isSpace(_ c: UInt8) -> Bool { c == 32 || (c >= 9 && c <= 13) }

    /// SP and HT: the padding a CSV field may carry inside its line.
    @inlinable @inline(__always)
    package static func isInlineSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 }

    /// SP, HT, LF, CR: JSON's insignificant white space (RFC 8259), what may come before a
    /// body's first meaningful byte, and the padding around a field of a line-based file read
    /// byte by byte (inside a line, a stray CR counts as padding).
    @inlinable @inline(__always)
    package static func isJSONSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }

    /// `0-9`, `A-Z`, `a-z`: the bytes of a bare ticker (`AAPL`, `7203`).
    @inlinable @inline(__always)
    package static func isLetterOrDigit(_ c: UInt8) -> Bool {
        (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122)
    }

    /// 3 when `bytes` starts with the UTF-8 byte-order mark (EF BB BF), else 0.
    @inlinable
    package static func bomLength<C: Collection<UInt8>>(_ bytes: C) -> Int {
        var i = bytes.startIndex
        for b: UInt8 in [0xEF, 0xBB, 0xBF] {
            guard i != bytes.endIndex, bytes[i] == b else { return 0 }
            i = bytes.index(after: i)
        }
        return 3
    }

    /// `from..<to` of `bytes` without the leading and trailing bytes `isTrimmed` accepts.
    @inlinable
    package static func trimmed<C: RandomAccessCollection<UInt8>>(
        _ bytes: C, from: Int, to: Int, where isTrimmed: (UInt8) -> Bool
    ) -> Range<Int> where C.Index == Int {
        var s = from
        var e = to
        while s < e, isTrimmed(bytes[s]) { s += 1 }
        while e > s, isTrimmed(bytes[e - 1]) { e -= 1 }
        return s..<e
    }

    /// First index of `needle` (lowercase ASCII) in `hay[from..<to]`, letters compared without
    /// case: for markup names (`<title`, `<input`, `name=`) in bodies that stay bytes, where
    /// folding only ASCII is what HTML does.
    package static func firstIndex<C: RandomAccessCollection<UInt8>>(of needle: [UInt8], in hay: C, from: Int, to: Int)
        -> Int? where C.Index == Int
    {
        guard to - from >= needle.count else { return nil }
        var i = from
        while i <= to - needle.count {
            var j = 0
            while j < needle.count {
                let b = hay[i + j]
                if ((b >= 65 && b <= 90) ? b | 0x20 : b) != needle[j] { break }
                j += 1
            }
            if j == needle.count { return i }
            i += 1
        }
        return nil
    }
}
