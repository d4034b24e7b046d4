/// Typo distance between short byte strings: the optimal-string-alignment variant of
/// Damerau-Levenshtein (insert, delete, substitute, swap two neighbours), bounded so that hopeless
/// pairs stop after a row or two. Search compares one query word against thousands of name words
/// per keystroke; a general-purpose distance on `String`/`Character` would cost microseconds each.
package enum FuzzyMatcher {
    /// Longest word compared; longer ones are treated as no match.
    package static let maxLength = 40

    /// Distance of `a` to all of `b` and to its closest prefix of `b`, each capped at
    /// `maxDistance + 1`. The prefix distance lets `nvide` reach `nvidia`.
    package static func distance(
        _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>,
        maxDistance k: Int
    ) -> (full: Int, prefix: Int) {
        let m = a.count
        let cap = k + 1
        if m > maxLength { return (cap, cap) }
        let n = min(b.count, m + k, maxLength + k)
        if m == 0 { return (min(b.count, cap), 0) }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * (n + 1)) { rows in
            var prev2 = rows.baseAddress!
            var prev = prev2 + (n + 1)
            var cur = prev + (n + 1)
            for j in 0...n { prev[j] = Int32(j) }
            for i in 1...m {
                cur[0] = Int32(i)
                var rowMin = cur[0]
                let ai = a[i - 1]
                for j in 1...n {
                    let bj = b[j - 1]
                    var d = prev[j - 1] + (ai == bj ? 0 : 1)
                    let del = prev[j] + 1
                    let ins = cur[j - 1] + 1
                    if del < d { d = del }
                    if ins < d { d = ins }
                    if i > 1 && j > 1 && ai == b[j - 2] && a[i - 2] == bj {
                        let t = prev2[j - 2] + 1
                        if t < d { d = t }
                    }
                    cur[j] = d
                    if d < rowMin { rowMin = d }
                }
                if Int(rowMin) > k { return (cap, cap) }
                let t = prev2
                prev2 = prev
                prev = cur
                cur = t
            }
            // `prev` holds row m.
            var best = Int32(cap)
            var j = max(0, m - k)
            while j <= n {
                if prev[j] < best { best = prev[j] }
                j += 1
            }
            let full = b.count <= n ? min(Int(prev[b.count]), cap) : cap
            return (full, min(Int(best), cap))
        }
    }

    /// Convenience for tests and tools.
    package static func distance(_ a: String, _ b: String, maxDistance k: Int = 2) -> Int {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        return x.withUnsafeBufferPointer { xp in
            y.withUnsafeBufferPointer { yp in distance(xp, yp, maxDistance: k).full }
        }
    }

    /// Letters and digits present in a word as bits (a-z: 0-25, digits: 26): a typo can add or
    /// remove at most one distinct letter, which rejects most pairs without the distance table.
    @inline(__always)
    static func letterMask(_ p: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var m: UInt32 = 0
        for b in p {
            if b >= 97 && b <= 122 { m |= 1 << UInt32(b - 97) } else { m |= 1 << 26 }
        }
        return m
    }
}
