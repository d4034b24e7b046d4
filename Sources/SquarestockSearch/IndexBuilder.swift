/// Collects the searchable words of every listing's company name and lays them out as the flat
/// arrays `SymbolIndex` scans: a vocabulary grouped by first letter and a posting list per word.
/// Kept apart from the index so the index itself holds only immutable arrays.
struct IndexBuilder {
    struct Built {
        var tokenBytes: [UInt8]
        var tokenStart: [UInt32]
        var tokenMask: [UInt32]
        var tokenKind: [UInt8]
        var bucketStart: [Int32]
        var postingStart: [UInt32]
        var postingListing: [UInt32]
        var postingBits: [UInt32]
        var totalWeight: [Float]
        var halfMask: [UInt32]
        var firstMask: [UInt32]
    }

    private let tokens = NameTokens()
    /// Open-addressed word table: high 32 bits of the hash, low 32 bits the token id + 1.
    private var slots: [UInt64]
    private let slotMask: Int
    private var arena: [UInt8] = []
    private var starts: [UInt32] = [0]
    private var kinds: [UInt8] = []
    private var allMask: [UInt32] = []
    private var occToken: [UInt32] = []
    private var occListing: [UInt32] = []
    private var occBits: [UInt32] = []
    private var totalWeight: [Float] = []
    private var halfMask: [UInt32] = []
    private var firstMask: [UInt32] = []
    private var partWeight: [UInt8] = []
    private var partBits: [UInt32] = []
    private var scratch: [UInt8] = []

    init(expectedListings n: Int) {
        var cap = 4096
        while cap < n * 3 { cap <<= 1 }
        slots = [UInt64](repeating: 0, count: cap)
        slotMask = cap - 1
        arena.reserveCapacity(n * 24)
        starts.reserveCapacity(n * 2)
        kinds.reserveCapacity(n * 2)
        allMask.reserveCapacity(n)
        occToken.reserveCapacity(n * 5)
        occListing.reserveCapacity(n * 5)
        occBits.reserveCapacity(n * 5)
        totalWeight.reserveCapacity(n)
        halfMask.reserveCapacity(n)
        firstMask.reserveCapacity(n)
    }

    /// Weight of a part: 0 (not indexed), 1 (half) or 2 (full).
    private static let none: UInt8 = 0, half: UInt8 = 1, full: UInt8 = 2

    mutating func add(listing: Listing, index: UInt32) {
        var name = listing.name
        name.withUTF8 { tokens.tokenize($0) }
        let isETF = listing.isETF || listing.type == .etf
        add(tokens: tokens, isETF: isETF, core: ListingNameAnalysis.coreRunCount(tokens, isETF: isETF), index: index)
    }

    /// Adds a listing whose name the caller has already cut (the parser, which needs the same
    /// cut to classify the security, so names are tokenized once when loading).
    mutating func add(tokens: NameTokens, isETF: Bool, core: Int, index: UInt32) {
        let coreParts = core >= tokens.runs.count ? tokens.parts.count : Int(tokens.runs[core].firstPart)
        weighParts(tokens, isETF: isETF, core: core, coreParts: coreParts)
        assignBits(isETF: isETF, coreParts: coreParts)
        emitTokens(tokens, isETF: isETF, core: core, coreParts: coreParts, index: index)
    }

    /// `partWeight` for each of the company part's words: legal forms (alone, glued as in `S.A.`,
    /// or a unit trust's `Series 1`) and, for ETFs, fund words weigh nothing; generic words and
    /// single letters half; the rest in full. A name of nothing but weightless words weighs all
    /// of them in full instead.
    @inline(__always)
    private mutating func weighParts(_ tokens: NameTokens, isETF: Bool, core: Int, coreParts: Int) {
        partWeight.removeAll(keepingCapacity: true)
        var anyWeight = false
        for k in 0..<coreParts {
            let f = Lexicon.flags(tokens, part: k)
            var w = IndexBuilder.full
            if f.contains(.noise) || (isETF && f.contains(.etfNoise)) {
                w = IndexBuilder.none
            } else if f.contains(.weak) || tokens.parts[k].length == 1 {
                w = IndexBuilder.half
            }
            partWeight.append(w)
            if w != IndexBuilder.none { anyWeight = true }
        }
        // Glued legal forms (`S.A.`, `N.V.`, `L.P.`) weigh nothing either.
        for r in 0..<core where tokens.runs[r].partCount > 1 {
            if Lexicon.flags(tokens, run: r).contains(.noise) {
                let run = tokens.runs[r]
                for k in Int(run.firstPart)..<Int(run.firstPart + run.partCount) { partWeight[k] = IndexBuilder.none }
            }
        }
        // A unit trust's `Series 1` (`Invesco QQQ Trust, Series 1`) is a legal form too.
        if isETF {
            for r in 0..<core where tokens.runIs(r, "series") {
                let last = min(core - 1, r + 1)
                for k in Int(tokens.runs[r].firstPart)..<Int(tokens.runs[last].firstPart + tokens.runs[last].partCount)
                {
                    partWeight[k] = IndexBuilder.none
                }
            }
        }
        if !anyWeight || !partWeight.contains(where: { $0 != IndexBuilder.none }) {
            for k in 0..<coreParts { partWeight[k] = IndexBuilder.full }
        }
    }

    /// `partBits`: one bit for each weighted word (the first 32), and the listing's total weight,
    /// all-words, half-weight and first-word masks that scoring measures coverage with.
    @inline(__always)
    private mutating func assignBits(isETF: Bool, coreParts: Int) {
        partBits.removeAll(keepingCapacity: true)
        var bit = 0
        var total: Float = 0
        var halves: UInt32 = 0
        var first: UInt32 = 0
        for k in 0..<coreParts {
            let w = partWeight[k]
            var bits: UInt32 = 0
            if w != IndexBuilder.none && bit < 32 {
                bits = 1 << UInt32(bit)
                bit += 1
                total += w == IndexBuilder.full ? 1 : 0.5
                if w == IndexBuilder.half { halves |= bits }
                // The first word, or for ETFs the first two: their first word is usually the
                // issuer's brand (`SPDR S&P 500`, `Vanguard S&P 500 ETF`).
                if first == 0 || (isETF && first.nonzeroBitCount == 1) { first |= bits }
            }
            partBits.append(bits)
        }
        totalWeight.append(total)
        allMask.append(bit == 32 ? ~0 : (1 << UInt32(bit)) - 1)
        halfMask.append(halves)
        firstMask.append(first)
    }

    /// The tokens a listing is found by: its weighted words, its glued runs, short neighbours
    /// glued together and, for companies, the initials of its weighted words.
    @inline(__always)
    private mutating func emitTokens(_ tokens: NameTokens, isETF: Bool, core: Int, coreParts: Int, index: UInt32) {
        let all = tokens.bytes
        // Parts.
        for k in 0..<coreParts where partWeight[k] != IndexBuilder.none {
            let p = tokens.parts[k]
            emit(
                UnsafeBufferPointer(rebasing: all[Int(p.start)..<Int(p.end)]), kind: IndexBuilder.word, index,
                partBits[k])
        }
        // Glued runs: `cocacola`, `att`, `sp`.
        for r in 0..<core where tokens.runs[r].partCount > 1 {
            let run = tokens.runs[r]
            var bits: UInt32 = 0
            for k in Int(run.firstPart)..<Int(run.firstPart + run.partCount) { bits |= partBits[k] }
            guard bits != 0 else { continue }
            emit(
                UnsafeBufferPointer(rebasing: all[Int(run.start)..<Int(run.end)]), kind: IndexBuilder.glued, index, bits
            )
        }
        // Short neighbours glued: `jp morgan` -> `jpmorgan`, `j jill` -> `jjill`.
        if core >= 2 {
            for r in 0..<(core - 1) {
                let a = tokens.runs[r]
                let b = tokens.runs[r + 1]
                guard a.partCount == 1, b.partCount == 1, min(a.length, b.length) <= 2, a.length + b.length >= 3 else {
                    continue
                }
                let bits = partBits[Int(a.firstPart)] | partBits[Int(b.firstPart)]
                guard partBits[Int(a.firstPart)] != 0, partBits[Int(b.firstPart)] != 0 else { continue }
                emit(
                    UnsafeBufferPointer(rebasing: all[Int(a.start)..<Int(b.end)]), kind: IndexBuilder.glued, index, bits
                )
            }
        }
        // Initials of the weighted words: `ibm`, `amd`; and, when the weighted words are followed
        // by `Company` or `Corporation` (legal words, otherwise left out), those initials with its
        // `c` too: Taiwan Semiconductor Manufacturing Company is `tsmc` as well as `tsm`.
        if !isETF {
            scratch.removeAll(keepingCapacity: true)
            var bits: UInt32 = 0
            var company = false
            for r in 0..<core {
                let run = tokens.runs[r]
                var weighted = false
                for k in Int(run.firstPart)..<Int(run.firstPart + run.partCount) where partBits[k] != 0 {
                    weighted = true
                    bits |= partBits[k]
                }
                if weighted {
                    scratch.append(all[Int(run.start)])
                    company = false
                } else if !scratch.isEmpty, !company, tokens.runIsAny(r, Self.companyWords) {
                    company = true
                }
            }
            if scratch.count >= 2 && scratch.count <= 5 {
                scratch.withUnsafeBufferPointer { emit($0, kind: IndexBuilder.initials, index, bits) }
            }
            if company && scratch.count >= 2 && scratch.count <= 4 {
                scratch.append(UInt8(ascii: "c"))
                scratch.withUnsafeBufferPointer { emit($0, kind: IndexBuilder.initials, index, bits) }
            }
        }
    }

    /// Legal words whose `c` an abbreviation of the name often keeps (`tsmc`).
    static let companyWords: [StaticString] = ["company", "corporation"]

    /// Token kinds: a word of the name, words glued together (matched whole or with a typo,
    /// never by prefix, since a prefix of `jpmorgan` is just `jp`), initials (matched whole).
    static let word: UInt8 = 0, glued: UInt8 = 1, initials: UInt8 = 2

    /// Indexes `word` as another name for a listing, covering its whole company name: the short
    /// names ETF names give underlyings (`... Strategy Google (GOOGL) ETF` -> `google`).
    mutating func addAlias(_ word: UnsafeBufferPointer<UInt8>, listing: UInt32) {
        emit(word, kind: IndexBuilder.word, listing, allMask[Int(listing)])
    }

    private mutating func emit(_ word: UnsafeBufferPointer<UInt8>, kind: UInt8, _ listing: UInt32, _ bits: UInt32) {
        guard !word.isEmpty else { return }
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 &+ UInt64(kind) &* 0x9E37_79B9_7F4A_7C15
        for b in word { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        h ^= h >> 29
        let tag = h & 0xFFFF_FFFF_0000_0000
        var s = Int(truncatingIfNeeded: h) & slotMask
        var id: UInt32
        let count = word.count
        while true {
            let v = slots[s]
            if v == 0 {
                id = UInt32(starts.count - 1)
                slots[s] = tag | UInt64(id + 1)
                arena.append(contentsOf: word)
                starts.append(UInt32(arena.count))
                kinds.append(kind)
                break
            }
            if v & 0xFFFF_FFFF_0000_0000 == tag {
                let t = Int(v & 0xFFFF_FFFF) - 1
                if kinds[t] == kind && Int(starts[t + 1] - starts[t]) == count {
                    let same = arena.withUnsafeBufferPointer { a in
                        memcmpEqual(a.baseAddress! + Int(starts[t]), word.baseAddress!, count)
                    }
                    if same {
                        id = UInt32(t)
                        break
                    }
                }
            }
            s = (s + 1) & slotMask
        }
        occToken.append(id)
        occListing.append(listing)
        occBits.append(bits)
    }

    @inline(__always)
    private func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var i = 0
        while i < n {
            if a[i] != b[i] { return false }
            i += 1
        }
        return true
    }

    /// Orders the vocabulary by first byte and builds the posting lists.
    mutating func finish() -> Built {
        let count = starts.count - 1
        var bucketCount = [Int32](repeating: 0, count: 257)
        for t in 0..<count { bucketCount[Int(arena[Int(starts[t])]) + 1] += 1 }
        for b in 0..<256 { bucketCount[b + 1] += bucketCount[b] }
        let bucketStart = bucketCount
        var next = bucketCount
        var newID = [UInt32](repeating: 0, count: count)
        for t in 0..<count {
            let b = Int(arena[Int(starts[t])])
            newID[t] = UInt32(next[b])
            next[b] += 1
        }
        var oldOf = [Int](repeating: 0, count: count)
        for t in 0..<count { oldOf[Int(newID[t])] = t }

        var tokenBytes = [UInt8]()
        tokenBytes.reserveCapacity(arena.count)
        var tokenStart = [UInt32]()
        tokenStart.reserveCapacity(count + 1)
        tokenStart.append(0)
        var tokenMask = [UInt32](repeating: 0, count: count)
        var tokenKind = [UInt8](repeating: 0, count: count)
        arena.withUnsafeBufferPointer { a in
            for nt in 0..<count {
                let t = oldOf[nt]
                let w = UnsafeBufferPointer(rebasing: a[Int(starts[t])..<Int(starts[t + 1])])
                tokenBytes.append(contentsOf: w)
                tokenStart.append(UInt32(tokenBytes.count))
                tokenMask[nt] = FuzzyMatcher.letterMask(w)
                tokenKind[nt] = kinds[t]
            }
        }

        var postingStart = [UInt32](repeating: 0, count: count + 1)
        for t in occToken { postingStart[Int(newID[Int(t)]) + 1] += 1 }
        for t in 0..<count { postingStart[t + 1] += postingStart[t] }
        var fill = postingStart
        var postingListing = [UInt32](repeating: 0, count: occToken.count)
        var postingBits = [UInt32](repeating: 0, count: occToken.count)
        for o in 0..<occToken.count {
            let t = Int(newID[Int(occToken[o])])
            let at = Int(fill[t])
            fill[t] += 1
            postingListing[at] = occListing[o]
            postingBits[at] = occBits[o]
        }
        return Built(
            tokenBytes: tokenBytes, tokenStart: tokenStart, tokenMask: tokenMask,
            tokenKind: tokenKind, bucketStart: bucketStart, postingStart: postingStart,
            postingListing: postingListing, postingBits: postingBits, totalWeight: totalWeight,
            halfMask: halfMask, firstMask: firstMask)
    }
}
