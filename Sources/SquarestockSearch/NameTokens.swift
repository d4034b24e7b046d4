/// Security names and queries cut into comparable words, on bytes. Both sides go through the
/// same cutting so that `AT&T`, `at&t`, `Coca-Cola`, `coca cola` and `McDonald's` meet: ASCII
/// letters are lower-cased, apostrophes vanish (`mcdonalds`), and words glued by `& - . / +`
/// without spaces form a *run* whose parts are searchable alone and together (`coca`, `cola`,
/// `cocacola`; `s`, `p`, `sp`). Latin-1 letters in UTF-8 (`é`) fold to ASCII.
final class NameTokens {
    /// One alphanumeric piece; `start..<end` indexes `bytes`.
    struct Part {
        var start: Int32
        var end: Int32
        var run: Int32
        var length: Int { Int(end - start) }
    }

    /// Parts glued by joiners; its bytes `start..<end` are the parts concatenated.
    struct Run {
        var firstPart: Int32
        var partCount: Int32
        var start: Int32
        var end: Int32
        /// A `%` follows the run (`6.375%`): the start of a preferred's or note's description.
        var followedByPercent: Bool
        var length: Int { Int(end - start) }
    }

    // Storage is raw and reused across names: tokenizing is most of the cost of loading the
    // universe, and checked array appends made it several times slower.
    private var capacity = 0
    private var bytePtr: UnsafeMutablePointer<UInt8>
    private var partPtr: UnsafeMutablePointer<Part>
    private var runPtr: UnsafeMutablePointer<Run>
    private var byteCount = 0
    private var partCount = 0
    private var runCount = 0

    /// Lower-case alphanumerics of all parts, back to back. Valid until the next `tokenize`.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: bytePtr, count: byteCount) }
    var parts: UnsafeBufferPointer<Part> { UnsafeBufferPointer(start: partPtr, count: partCount) }
    var runs: UnsafeBufferPointer<Run> { UnsafeBufferPointer(start: runPtr, count: runCount) }
    /// Index of the first run after a standalone ` - ` (Nasdaq's `Name - Common Stock`).
    var dashRun: Int? = nil

    init() {
        capacity = 256
        bytePtr = .allocate(capacity: capacity)
        partPtr = .allocate(capacity: capacity)
        runPtr = .allocate(capacity: capacity)
    }

    deinit {
        bytePtr.deallocate()
        partPtr.deallocate()
        runPtr.deallocate()
    }

    private func reserve(_ n: Int) {
        guard n > capacity else { return }
        bytePtr.deallocate()
        partPtr.deallocate()
        runPtr.deallocate()
        capacity = n
        bytePtr = .allocate(capacity: n)
        partPtr = .allocate(capacity: n)
        runPtr = .allocate(capacity: n)
    }

    /// Latin-1 Supplement letters (second byte of `C3 xx`, minus 0x80) folded to ASCII; 0 = none.
    private static let latin1Fold: [UInt8] =
        Array("aaaaaaaceeeeiiiidnooooo\0ouuuuyts".utf8) + Array("aaaaaaaceeeeiiiidnooooo\0ouuuuyty".utf8)

    /// Byte -> lower-case letter or digit, 0 for every other byte.
    private static let alnum: [UInt8] = (0..<256).map { b in
        if b >= 65 && b <= 90 { return UInt8(b + 32) }
        if (b >= 97 && b <= 122) || (b >= 48 && b <= 57) { return UInt8(b) }
        return 0
    }

    func tokenize(_ p: UnsafeBufferPointer<UInt8>) {
        reserve(p.count + 16)
        dashRun = nil
        NameTokens.alnum.withUnsafeBufferPointer { alnum in
            NameTokens.latin1Fold.withUnsafeBufferPointer { fold in
                scan(p, alnum.baseAddress!, fold.baseAddress!)
            }
        }
    }

    private func scan(_ p: UnsafeBufferPointer<UInt8>, _ alnum: UnsafePointer<UInt8>, _ fold: UnsafePointer<UInt8>) {
        let out = bytePtr
        let parts = partPtr
        let runs = runPtr
        var nb = 0
        var np = 0
        var nr = 0
        var pendingJoin = false
        var prev: UInt8 = 32
        var i = 0
        let n = p.count
        guard let base = p.baseAddress else {
            byteCount = 0
            partCount = 0
            runCount = 0
            return
        }
        while i < n {
            var b = base[i]
            var m = alnum[Int(b)]
            if b >= 0x80 {
                // Fold `C3 xx` (À...ÿ); ’ is an apostrophe; any other non-ASCII byte separates words.
                if b == 0xC3 && i &+ 1 < n && base[i &+ 1] >= 0x80 && base[i &+ 1] <= 0xBF {
                    i &+= 1
                    m = fold[Int(base[i] &- 0x80)]
                } else if b == 0xE2 && i &+ 2 < n && base[i &+ 1] == 0x80 && base[i &+ 2] == 0x99 {
                    i &+= 3
                    continue
                }
                b = 32
            }
            if m != 0 {
                // A part starts: same run after a joiner, else a new run.
                if !pendingJoin || nr == 0 {
                    runs[nr] = Run(
                        firstPart: Int32(np), partCount: 0, start: Int32(nb), end: Int32(nb), followedByPercent: false)
                    nr &+= 1
                }
                let partStart = nb
                out[nb] = m
                nb &+= 1
                i &+= 1
                while i < n {
                    let c = base[i]
                    let mc = alnum[Int(c)]
                    if mc != 0 {
                        out[nb] = mc
                        nb &+= 1
                    } else if c == 0xC3 && i &+ 1 < n && base[i &+ 1] >= 0x80 && base[i &+ 1] <= 0xBF
                        && fold[Int(base[i &+ 1] &- 0x80)] != 0
                    {
                        out[nb] = fold[Int(base[i &+ 1] &- 0x80)]
                        nb &+= 1
                        i &+= 1
                    } else if c != 39 && c != 96 {  // apostrophes do not break a word
                        break
                    }
                    i &+= 1
                }
                parts[np] = Part(start: Int32(partStart), end: Int32(nb), run: Int32(nr &- 1))
                np &+= 1
                runs[nr &- 1].partCount &+= 1
                runs[nr &- 1].end = Int32(nb)
                pendingJoin = false
                // Joiner between two alphanumerics keeps the run open.
                if i &+ 1 < n {
                    let c = base[i]
                    if (c == 38 || c == 45 || c == 46 || c == 47 || c == 43) && alnum[Int(base[i &+ 1])] != 0 {
                        pendingJoin = true
                        i &+= 1
                        continue
                    }
                }
                prev = 65
                continue
            }
            if b == 37 && nr > 0 && prev == 65 { runs[nr &- 1].followedByPercent = true }
            if b == 45 && prev == 32 && dashRun == nil && (i &+ 1 == n || base[i &+ 1] == 32) { dashRun = nr }
            prev = b == 32 ? 32 : 0
            i &+= 1
        }
        byteCount = nb
        partCount = np
        runCount = nr
    }

    func tokenize(_ s: String) {
        var s = s
        s.withUTF8 { tokenize($0) }
    }

    // MARK: Word tests

    @inline(__always)
    func runIs(_ r: Int, _ word: StaticString) -> Bool {
        let run = runs[r]
        guard run.length == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { w in
            let b = bytePtr + Int(run.start)
            var k = 0
            while k < w.count {
                if b[k] != w[k] { return false }
                k += 1
            }
            return true
        }
    }

    func runIsAny(_ r: Int, _ words: [StaticString]) -> Bool {
        for w in words where runIs(r, w) { return true }
        return false
    }

    func runText(_ r: Int) -> String {
        String(decoding: bytes[Int(runs[r].start)..<Int(runs[r].end)], as: UTF8.self)
    }

    func partText(_ k: Int) -> String {
        String(decoding: bytes[Int(parts[k].start)..<Int(parts[k].end)], as: UTF8.self)
    }
}
