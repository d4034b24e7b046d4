/// Byte search that folds ASCII letters, for markup names (`<title`, `<input`, `name=`) in
/// bodies that stay bytes: the names are ASCII, and folding only ASCII is what HTML does.
package enum ASCIISearch {
    /// First index of `needle` (lowercase ASCII) in `hay[from..<to]`, letters compared without case.
    package static func firstIndex<C: RandomAccessCollection<UInt8>>(of needle: [UInt8], in hay: C, from: Int, to: Int) -> Int? where C.Index == Int {
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
