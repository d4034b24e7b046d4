/// Standard base64 (RFC 4648, `+` `/`, `=` padding optional) decoded from bytes, for stream
/// frames that carry a binary payload in JSON (Yahoo's pricing messages): one pass, one
/// allocation, no `Data`. Nil for any byte outside the alphabet or a length no encoding has.
package enum Base64Bytes {
    /// 0...63 for the alphabet, 0xFF for anything else.
    @usableFromInline static let table: [UInt8] = {
        var t = [UInt8](repeating: 0xFF, count: 256)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        for (i, c) in alphabet.enumerated() { t[Int(c)] = UInt8(i) }
        return t
    }()

    package static func decode(_ input: UnsafeRawBufferPointer) -> [UInt8]? {
        var out: [UInt8] = []
        return decode(input, into: &out) ? out : nil
    }

    /// Decodes into `out` (replacing what it held, reusing its storage); false for bad input.
    package static func decode(_ input: UnsafeRawBufferPointer, into out: inout [UInt8]) -> Bool {
        var n = input.count
        while n > 0, input[n - 1] == UInt8(ascii: "=") { n -= 1 }
        guard n % 4 != 1, input.count - n <= 2 else { return false }
        let size = n * 3 / 4
        if out.count != size {
            out.removeAll(keepingCapacity: true)
            out.append(contentsOf: repeatElement(0, count: size))
        }
        return out.withUnsafeMutableBufferPointer { o -> Bool in
            table.withUnsafeBufferPointer { t -> Bool in
                var i = 0
                var j = 0
                while i + 4 <= n {
                    let a = t[Int(input[i])]
                    let b = t[Int(input[i + 1])]
                    let c = t[Int(input[i + 2])]
                    let d = t[Int(input[i + 3])]
                    guard (a | b | c | d) & 0xC0 == 0 else { return false }
                    let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    o[j] = UInt8(truncatingIfNeeded: v >> 16)
                    o[j + 1] = UInt8(truncatingIfNeeded: v >> 8)
                    o[j + 2] = UInt8(truncatingIfNeeded: v)
                    i += 4
                    j += 3
                }
                let rest = n - i
                guard rest > 0 else { return true }
                let a = t[Int(input[i])]
                let b = t[Int(input[i + 1])]
                let c = rest == 3 ? t[Int(input[i + 2])] : 0
                guard (a | b | c) & 0xC0 == 0 else { return false }
                let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6
                o[j] = UInt8(truncatingIfNeeded: v >> 16)
                if rest == 3 { o[j + 1] = UInt8(truncatingIfNeeded: v >> 8) }
                return true
            }
        }
    }
}
