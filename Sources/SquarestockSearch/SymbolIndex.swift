/// The offline search engine over the symbol directory: exact tickers, ticker prefixes, words and
/// word prefixes of company names in any order, typos, initials and share classes, ranked the way
/// a person would expect, in well under a millisecond per query. Built once from the listings
/// (a few milliseconds for the whole US directory) and immutable afterwards, so one instance can
/// serve any number of threads. Loading: `init(nasdaqListed:otherListed:)` parses and indexes the
/// text files in one pass; `snapshot()` / `init(snapshot:)` save and reload the built tables
/// without parsing (about 0.5 ms), which is how a process meets a few-millisecond start.
///
/// How it ranks:
/// - An exact ticker (`f`, `t`, `brk.b`, `brk b`) scores 100 and comes first, unless the word,
///   typed in lower case, is also the first word of another common stock's name: then the two
///   are equally good matches (the ticker 98, that name 97, everything else below), and only a
///   clearly more prominent company (a large cap) passes the ticker (`ford`: Ford Motor, then
///   FORD; `FORD`: the ticker).
/// - Names are cut into the company part and the security description (`ListingNameAnalysis`);
///   only the company part is indexed. Legal-form words (`Inc`, `Corporation`) weigh nothing,
///   generic ones (`Holdings`, `Group`, `Trust`) half.
/// - Each query word is matched against the index's words: exactly, as a prefix, or within one
///   typo (two for words of seven letters or more; swaps count as one). Words glued by `&`, `-`,
///   `.` (`at&t`, `coca-cola`) and short pairs (`jp morgan`) are also indexed glued; the initials
///   of multi-word names (`ibm`, `amd`) are indexed too.
/// - A listing's name score is the mean quality of the query words' matches (exact 1, prefix
///   0.6-0.9 by how much of the word was typed, one typo 0.8, two 0.62, initials 0.85) times a
///   mix of 60 %, how much of the company name they cover (28 %) and whether the first word of
///   the name is among them (12 %); every query word that matches nothing costs a fifth. Name scores stop at 97, below exact
///   tickers.
/// - Single letters match a share class (`berkshire b` -> BRK.B, `alphabet class c` -> GOOG)
///   or a one-letter word; `warrant`, `units`, `pfd`, `etf` select the kind.
/// - The query joined (`pay pal`), or one long word split (`exxonmobil`), competes with the
///   query as typed at 97 % of its score.
/// - Common stock beats the ETF, fund, preferred, note, unit, warrant and right of the same name
///   by a fixed penalty (`SecurityType.rankPenalty`); ties and near-ties go to the more prominent
///   listing (`ListingProminence`: the shipped large-cap list, then the senior market tier and
///   the shorter symbol).
/// - A one-word query that is a whole word of a large cap's name names that company: the funds
///   and other securities carrying the word rank after it as after a stock of their own name
///   (`schwab`: Charles Schwab before Schwab's ETFs; `namesakeProductShift`).
package final class SymbolIndex: Sendable {
    let store: IndexTables

    /// Number of listings.
    package var count: Int { store.count }

    /// Listing `i` (0..<count), in the order the index was built from.
    package func listing(at i: Int) -> Listing { store.listing(i) }

    /// All listings, materialized (search itself never needs this).
    package var listings: [Listing] { (0..<store.count).map { store.listing($0) } }

    /// Builds the index. Listings keep their order; duplicates are allowed but pointless.
    /// `largeCaps` only orders equally good matches (`ListingProminence`).
    package convenience init(listings: [Listing], largeCaps: LargeCapList = .empty) {
        var builder = IndexBuilder(expectedListings: listings.count)
        for (i, l) in listings.enumerated() { builder.add(listing: l, index: UInt32(i)) }
        self.init(listings: listings, builder: builder, largeCaps: largeCaps)
    }

    /// Parses both directory files and indexes them in one pass over the names (faster than
    /// parsing, then `init(listings:)`). Listings keep file order, the first body's first.
    package convenience init(
        nasdaqListed: [UInt8], otherListed: [UInt8], largeCaps: LargeCapList = .empty
    ) throws(SymbolDirectoryError) {
        var builder = IndexBuilder(expectedListings: (nasdaqListed.count + otherListed.count) / 60)
        let d = try SymbolDirectoryParser.parse(nasdaqListed, otherListed, into: &builder)
        self.init(listings: d.listings, builder: builder, largeCaps: largeCaps)
    }

    init(listings: [Listing], builder: IndexBuilder, largeCaps: LargeCapList) {
        var builder = builder
        let n = listings.count
        var t = IndexTables()
        t.typeOf.reserveCapacity(n)
        t.strings.reserveCapacity(n * 64)
        t.stringStart.reserveCapacity(n * IndexTables.fieldsPerListing + 1)
        var keyed: [(UInt64, UInt8, UInt32)] = []
        keyed.reserveCapacity(n)

        for i in listings.indices {
            let l = listings[i]
            t.appendStrings(of: l)
            t.typeOf.append(l.type.rawValue)
            t.classOf.append(l.shareClass ?? 0)
            t.flags.append(l.isETF ? 1 : 0)
            t.status.append(l.financialStatus ?? 0)
            t.roundLot.append(UInt32(clamping: l.roundLotSize))
            let source: UInt8 = l.exchange.source == .nasdaqTier ? 0 : 1
            var slot = 0
            while slot < t.exchangeCodes.count / 2
                && !(t.exchangeCodes[2 * slot] == source && t.exchangeCodes[2 * slot + 1] == l.exchange.code)
            { slot += 1 }
            if slot == t.exchangeCodes.count / 2 { t.exchangeCodes += [source, l.exchange.code] }
            t.exchangeSlot.append(UInt8(min(slot, 255)))
            t.prior.append(ListingProminence.points(l, largeCaps: largeCaps))
            var (key, len) = (UInt64(0), 0)
            for b in l.symbol.utf8 {
                let u = b >= 97 && b <= 122 ? b - 32 : b
                guard DirectorySymbol.isUpperAlnum(u) else { continue }
                if len < 8 { key |= UInt64(u) << UInt64(56 - 8 * len) }
                len += 1
            }
            keyed.append((key, UInt8(min(len, 255)), UInt32(i)))
        }
        keyed.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.2 < $1.2 }
        SymbolIndex.addAliases(listings, keyed, &builder)

        let built = builder.finish()
        t.totalWeight = built.totalWeight
        t.halfMask = built.halfMask
        t.firstMask = built.firstMask
        t.tokenBytes = built.tokenBytes
        t.tokenStart = built.tokenStart
        t.tokenMask = built.tokenMask
        t.tokenKind = built.tokenKind
        t.bucketStart = built.bucketStart
        t.postingStart = built.postingStart
        t.postingListing = built.postingListing
        t.postingBits = built.postingBits
        t.symbolKeys = keyed.map { $0.0 }
        t.symbolKeyLength = keyed.map { $0.1 }
        t.symbolListing = keyed.map { $0.2 }
        self.store = t
    }

    init(tables: IndexTables) {
        self.store = tables
    }

    /// Loads an index saved by `snapshot()`: a copy of its tables and a shape check, no parsing
    /// (well under a millisecond for the US directory).
    package convenience init(snapshot: [UInt8]) throws(SymbolIndexSnapshotError) {
        self.init(tables: try SnapshotCodec.decode(snapshot))
    }

    /// The index as bytes for `init(snapshot:)`: build once from the directory files, save, and
    /// later processes load the saved bytes instead of parsing. Same machine byte order only.
    package func snapshot() -> [UInt8] { SnapshotCodec.encode(store) }

    /// `bytes` with its trailing checksum recomputed. Only for the snapshot fuzz target, which
    /// damages a valid snapshot and must get past the checksum to reach the shape checks behind it.
    package static func resealedSnapshot(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 8 else { return bytes }
        var out = bytes
        let sum = out.withUnsafeBytes {
            SnapshotCodec.checksum(UnsafeRawBufferPointer(rebasing: $0[0..<(bytes.count - 8)]))
        }
        withUnsafeBytes(of: sum.littleEndian) { out.replaceSubrange((bytes.count - 8)..., with: $0) }
        return out
    }

    /// Short names that ETF names give the stocks they track: `Kurv Yield Premium Strategy
    /// Google (GOOGL) ETF` makes `google` find GOOGL. Taken only from ETF names, only for a word
    /// directly before `(TICKER)` where TICKER is a listed common stock whose name lacks the word.
    /// The stock's other share classes (the same company before ` - `: GOOG beside GOOGL) are
    /// that name too: `google` found Class A alone, and `google class c` the wrong class.
    static func addAliases(_ listings: [Listing], _ keyed: [(UInt64, UInt8, UInt32)], _ builder: inout IndexBuilder) {
        // The common stocks of each company named `Company - Class ...`, built on first need.
        var classes: [Substring: [UInt32]]?
        func company(_ name: String) -> Substring? {
            name.range(of: " - ").map { name[..<$0.lowerBound] }
        }
        func shareClasses(of target: UInt32) -> [UInt32] {
            guard let own = company(listings[Int(target)].name) else { return [target] }
            if classes == nil {
                var all: [Substring: [UInt32]] = [:]
                for (i, l) in listings.enumerated() where l.type == .commonStock {
                    if let c = company(l.name) { all[c, default: []].append(UInt32(i)) }
                }
                classes = all
            }
            return classes?[own] ?? [target]
        }
        var word: [UInt8] = []
        for l in listings where l.type == .etf {
            var name = l.name
            name.withUTF8 { p in
                var i = 0
                while i < p.count {
                    defer { i += 1 }
                    guard p[i] == UInt8(ascii: "(") else { continue }
                    var j = i + 1
                    var key: UInt64 = 0
                    var len = 0
                    while j < p.count && (DirectorySymbol.isUpperAlnum(p[j]) || p[j] == UInt8(ascii: ".")) {
                        if p[j] != UInt8(ascii: "."), len < 8 {
                            key |= UInt64(p[j]) << UInt64(56 - 8 * len)
                            len += 1
                        }
                        j += 1
                    }
                    guard j < p.count, p[j] == UInt8(ascii: ")"), len >= 1, i >= 2, p[i - 1] == 32 else { continue }
                    var a = i - 1
                    while a > 0 && p[a - 1] != 32 { a -= 1 }
                    word.removeAll(keepingCapacity: true)
                    for b in p[a..<(i - 1)] {
                        if b >= 65 && b <= 90 {
                            word.append(b + 32)
                        } else if b >= 97 && b <= 122 {
                            word.append(b)
                        } else {
                            word.removeAll()
                            break
                        }
                    }
                    guard word.count >= 3 else { continue }
                    let flags = word.withUnsafeBufferPointer { Lexicon.flags($0) }
                    guard flags.isEmpty else { continue }
                    var lo = 0
                    var hi = keyed.count
                    while lo < hi {
                        let mid = (lo + hi) >> 1
                        if keyed[mid].0 < key { lo = mid + 1 } else { hi = mid }
                    }
                    guard lo < keyed.count, keyed[lo].0 == key, Int(keyed[lo].1) == len else { continue }
                    let target = listings[Int(keyed[lo].2)]
                    guard target.type == .commonStock else { continue }
                    let lower = String(decoding: word, as: UTF8.self)
                    guard !target.name.lowercased().contains(lower) else { continue }
                    for listing in shareClasses(of: keyed[lo].2) {
                        guard listing == keyed[lo].2 || !listings[Int(listing)].name.lowercased().contains(lower)
                        else { continue }
                        word.withUnsafeBufferPointer { builder.addAlias($0, listing: listing) }
                    }
                }
            }
        }
    }

    /// Number of distinct indexed words (names, glued forms, initials).
    package var vocabularySize: Int { store.tokenStart.count - 1 }

    // MARK: Search

    /// Ranked matches for free text: tickers, names, typos, share classes.
    ///
    /// - Parameters:
    ///   - limit: most matches returned.
    ///   - exchange: only listings whose venue matches (`ListingExchange.matches(filter:)`).
    ///   - type: kinds of security admitted.
    package func search(
        _ query: String, limit: Int = 10, exchange: String? = nil,
        type: TypeFilter = .any
    ) -> [SearchMatch] {
        var ranked = rankedCandidates(query, limit: limit, exchange: exchange, type: type)
        // People split and join names differently from the listing ("pay pal" for PayPal,
        // "exxonmobil" for Exxon Mobil). The query joined, or one word split in two, competes
        // with the query as typed, so a weak match of the split words ("pay", "pal") cannot hide
        // a whole-word match of the joined one. Splits are tried only when the word as typed
        // matched nothing well and count only when they match well (or nothing else matched);
        // the joined form always (one more lookup).
        let strong = ranked.first.map { $0.score >= Self.strongMatch } ?? false
        for variant in Self.spacingVariants(query) where !(strong && !variant.isJoined) {
            let other = rankedCandidates(variant.text, limit: limit, exchange: exchange, type: type)
            // A split that matches only weakly is noise (a typo cut in two), unless nothing else matched.
            let splitIsStrong = (other.first?.score ?? 0) >= Self.strongMatch
            guard variant.isJoined || splitIsStrong || ranked.isEmpty else { continue }
            ranked = merge(ranked, other, discount: Self.variantDiscount, limit: limit)
            if !variant.isJoined && splitIsStrong { break }
        }
        return ranked.map {
            SearchMatch(listing: store.listing(Int($0.listing)), score: SymbolIndex.displayScore($0.score))
        }
    }

    /// "Did you mean" for a symbol that is not in the directory (`AAPLE` -> AAPL): symbols one
    /// typo away, weighed by how much they share with the input at the start and by how well
    /// their names match it as a word, and names that match it outright (`APPLE` -> AAPL).
    /// Nil when nothing is close enough. A symbol that does exist is returned as itself.
    package func suggestion(forUnknownSymbol symbol: String) -> SearchMatch? {
        // An index the service does not know has no listing to suggest (`^GSPC` is no `GS-PC`).
        guard !SearchQuery.isIndexSymbol(symbol) else { return nil }
        let key = DirectorySymbol.compactKey(symbol.utf8)
        guard !key.isEmpty, key.count <= FuzzyMatcher.maxLength else { return nil }
        if let exact = exactSymbol(key) { return SearchMatch(listing: store.listing(exact), score: 100) }

        let named = rankedCandidates(symbol, limit: 20, exchange: nil, type: .any)
        var nameScore: [UInt32: Float] = [:]
        for c in named { nameScore[c.listing] = c.score }

        var best: (score: Float, listing: UInt32)? = nil
        func offer(_ s: Float, _ l: UInt32) {
            if best == nil || s > best!.score || (s == best!.score && l < best!.listing) { best = (s, l) }
        }
        for c in named where c.score >= 70 { offer(c.score + 5, c.listing) }

        let k = key.count >= 7 ? 2 : 1
        var candidate = [UInt8](repeating: 0, count: 64)
        key.withUnsafeBufferPointer { kp in
            for s in 0..<store.symbolKeys.count {
                let len = Int(store.symbolKeyLength[s])
                guard len <= 8, abs(len - key.count) <= k, len >= 1 else { continue }
                let packed = store.symbolKeys[s]
                for j in 0..<len { candidate[j] = UInt8(truncatingIfNeeded: packed >> UInt64(56 - 8 * j)) }
                let d = candidate.withUnsafeBufferPointer {
                    FuzzyMatcher.distance(kp, UnsafeBufferPointer(rebasing: $0[0..<len]), maxDistance: k).full
                }
                guard d <= k else { continue }
                var common = 0
                while common < len && common < key.count && candidate[common] == key[common] { common += 1 }
                let l = store.symbolListing[s]
                let support = max(0, (nameScore[l] ?? 0) - 70) / 2
                let t = SecurityType(rawValue: store.typeOf[Int(l)]) ?? .commonStock
                let score =
                    100 - 15 * Float(d) + 1.5 * Float(common) - Float(t.rankPenalty) + store.prior[Int(l)] + support
                offer(score, l)
            }
        }
        guard let b = best, b.score >= 65 else { return nil }
        return SearchMatch(listing: store.listing(Int(b.listing)), score: SymbolIndex.displayScore(min(b.score, 99)))
    }

    static func displayScore(_ s: Float) -> Int { Int(max(0, min(100, s.rounded()))) }

    // MARK: Internals

    struct Candidate {
        var listing: UInt32
        var qualities: UInt64 = 0  // one byte per query term
        /// Name words covered by each term's best match (a term's weaker matches, such as `coca`
        /// being one typo from `cola`, must not claim more of the name).
        var termBits = SIMD8<UInt32>(repeating: 0)
        var ticker: Float = 0
    }

    struct Ranked {
        var listing: UInt32
        var score: Float
    }

    func exactSymbol(_ key: [UInt8]) -> Int? {
        guard !key.isEmpty else { return nil }
        let packed = SymbolIndex.pack(key)
        var lo = lowerBound(packed)
        while lo < store.symbolKeys.count && store.symbolKeys[lo] == packed {
            if Int(store.symbolKeyLength[lo]) == key.count {
                let l = Int(store.symbolListing[lo])
                if key.count <= 8 || DirectorySymbol.compactKey(store.string(l, 0).utf8) == key { return l }
            }
            lo += 1
        }
        return nil
    }

    static func pack(_ key: [UInt8]) -> UInt64 {
        var v: UInt64 = 0
        for (j, b) in key.prefix(8).enumerated() { v |= UInt64(b) << UInt64(56 - 8 * j) }
        return v
    }

    func lowerBound(_ v: UInt64) -> Int {
        var lo = 0
        var hi = store.symbolKeys.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if store.symbolKeys[mid] < v { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    func isKnownWord(_ w: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = w.first else { return false }
        var found = false
        store.tokenBytes.withUnsafeBufferPointer { tb in
            for t in Int(store.bucketStart[Int(first)])..<Int(store.bucketStart[Int(first) + 1]) {
                let s = Int(store.tokenStart[t])
                let e = Int(store.tokenStart[t + 1])
                if e - s == w.count && store.tokenKind[t] != IndexBuilder.initials && memEqual(tb, s, w) {
                    found = true
                    return
                }
            }
        }
        return found
    }

    @inline(__always)
    func memEqual(_ tb: UnsafeBufferPointer<UInt8>, _ s: Int, _ w: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < w.count {
            if tb[s + i] != w[i] { return false }
            i += 1
        }
        return true
    }

    /// Quality 0...255 of every vocabulary token that matches `q`, appended to `out`.
    func matchTokens(_ q: UnsafeBufferPointer<UInt8>, letter: Bool, into out: inout [(Int32, UInt8)]) {
        let m = q.count
        guard m > 0 else { return }
        let qMask = FuzzyMatcher.letterMask(q)
        let k = m >= 7 ? 2 : 1
        let fuzzy = m >= 4
        let before = out.count
        store.tokenBytes.withUnsafeBufferPointer { tb in
            let b0 = Int(q[0])
            for t in Int(store.bucketStart[b0])..<Int(store.bucketStart[b0 + 1]) {
                let s = Int(store.tokenStart[t])
                let len = Int(store.tokenStart[t + 1]) - s
                let kind = store.tokenKind[t]
                if kind == IndexBuilder.initials {
                    if len == m && m >= 2 && memEqual(tb, s, q) { out.append((Int32(t), 217)) }
                    continue
                }
                if letter {
                    if len == 1 { out.append((Int32(t), 255)) }
                    continue
                }
                if len >= m {
                    if memEqual(tb, s, q) {
                        if len == m {
                            out.append((Int32(t), 255))
                        } else if m >= 2 && (kind == IndexBuilder.word || m >= 5) {
                            out.append((Int32(t), UInt8(255 * (0.6 + 0.3 * Double(m) / Double(len)))))
                        }
                        continue
                    }
                }
                guard fuzzy, len >= 3 else { continue }
                if (qMask & ~store.tokenMask[t]).nonzeroBitCount > k { continue }
                let lenOK = abs(len - m) <= k
                if !lenOK && !(len > m && m >= 5) { continue }
                let token = UnsafeBufferPointer(rebasing: tb[s..<(s + len)])
                let d = FuzzyMatcher.distance(q, token, maxDistance: k)
                if lenOK && d.full <= k {
                    out.append((Int32(t), d.full == 1 ? 204 : 158))
                } else if len > m && m >= 5 && d.prefix <= 1 {
                    out.append((Int32(t), 168))
                }
            }
            // A swap of the first two letters (`mciro`) lives in another bucket.
            if fuzzy && !letter && q[1] != q[0] {
                let b1 = Int(q[1])
                for t in Int(store.bucketStart[b1])..<Int(store.bucketStart[b1 + 1]) {
                    let s = Int(store.tokenStart[t])
                    let len = Int(store.tokenStart[t + 1]) - s
                    guard len >= 2, store.tokenKind[t] != IndexBuilder.initials, tb[s + 1] == q[0], abs(len - m) <= k
                    else { continue }
                    let token = UnsafeBufferPointer(rebasing: tb[s..<(s + len)])
                    let d = FuzzyMatcher.distance(q, token, maxDistance: k).full
                    if d <= k { out.append((Int32(t), d == 1 ? 204 : 158)) }
                }
            }
            // Nothing at all: the first letter itself may be the typo.
            if out.count == before && m >= 5 && !letter {
                for t in 0..<(store.tokenStart.count - 1) {
                    let s = Int(store.tokenStart[t])
                    let len = Int(store.tokenStart[t + 1]) - s
                    guard abs(len - m) <= 1, store.tokenKind[t] != IndexBuilder.initials, tb[s] != q[0],
                        (qMask & ~store.tokenMask[t]).nonzeroBitCount <= 1
                    else { continue }
                    let token = UnsafeBufferPointer(rebasing: tb[s..<(s + len)])
                    if FuzzyMatcher.distance(q, token, maxDistance: 1).full <= 1 { out.append((Int32(t), 194)) }
                }
            }
        }
    }

    /// The `limit` best listings for `text`, best first: every listing a ticker or a name word
    /// reaches is a candidate, then each candidate is scored, filtered and kept if in the top.
    func rankedCandidates(_ text: String, limit: Int, exchange: String?, type filter: TypeFilter) -> [Ranked] {
        guard limit > 0 else { return [] }
        let query = SearchQuery(text, isKnownWord: isKnownWord)
        var pool = CandidatePool(listings: store.count)
        addTickerCandidates(query, to: &pool)
        addNameCandidates(query, to: &pool)
        return top(
            pool.candidates, terms: query.terms, contest: contest(query, pool),
            productShift: namesakeProductShift(pool.candidates, terms: query.terms), limit: limit,
            exchange: exchange, type: filter)
    }

    /// The listings a query has reached, each once, in the order they were reached.
    struct CandidatePool {
        /// Listing l's place in `candidates`, -1 while it has none.
        var slotOf: [Int32]
        var candidates: [Candidate] = []
        /// The exact ticker's place in `candidates`, -1 when the query is no ticker.
        var exactTicker: Int32 = -1

        init(listings n: Int) {
            slotOf = [Int32](repeating: -1, count: n)
            candidates.reserveCapacity(256)
        }
    }

    /// The exact ticker (scored 100) and, for a single short run, longer tickers it begins (88
    /// less 6 a letter more, at least 50; the first 4,000 in key order).
    @inline(__always)
    func addTickerCandidates(_ query: SearchQuery, to pool: inout CandidatePool) {
        let key = query.tickerKey
        guard !key.isEmpty && key.count <= 12 else { return }
        if let l = exactSymbol(key) {
            pool.slotOf[l] = Int32(pool.candidates.count)
            pool.exactTicker = pool.slotOf[l]
            pool.candidates.append(Candidate(listing: UInt32(l), ticker: 100))
        }
        guard query.isSingleRun && key.count <= 6 else { return }
        let packed = SymbolIndex.pack(key)
        var s = lowerBound(packed)
        let shift = UInt64(64 - 8 * min(key.count, 8))
        var seen = 0
        while s < store.symbolKeys.count && (store.symbolKeys[s] >> shift) == (packed >> shift) && seen < 4000 {
            let extra = Int(store.symbolKeyLength[s]) - key.count
            if extra > 0 {
                let l = Int(store.symbolListing[s])
                let score = Float(max(50, 88 - 6 * extra))
                if pool.slotOf[l] < 0 {
                    pool.slotOf[l] = Int32(pool.candidates.count)
                    pool.candidates.append(Candidate(listing: UInt32(l), ticker: score))
                }
            }
            seen += 1
            s += 1
        }
    }

    /// Every listing whose name has a word matching a query term records that term's best match
    /// quality and the name words it covers. Only word terms add listings (letters and kinds
    /// just refine them) unless the query has no word terms at all.
    @inline(__always)
    func addNameCandidates(_ query: SearchQuery, to pool: inout CandidatePool) {
        var matches: [(Int32, UInt8)] = []
        matches.reserveCapacity(64)
        let wordsCreate = query.hasWordTerms
        for (i, term) in query.terms.enumerated() where term.kind != .securityKind {
            matches.removeAll(keepingCapacity: true)
            term.bytes.withUnsafeBufferPointer { matchTokens($0, letter: term.kind == .letter, into: &matches) }
            let creates = term.kind == .word || !wordsCreate
            let shift = UInt64(8 * i)
            for (t, quality) in matches {
                let q = UInt64(quality)
                for p in Int(store.postingStart[Int(t)])..<Int(store.postingStart[Int(t) + 1]) {
                    let l = Int(store.postingListing[p])
                    var slot = Int(pool.slotOf[l])
                    if slot < 0 {
                        guard creates else { continue }
                        slot = pool.candidates.count
                        pool.slotOf[l] = Int32(slot)
                        pool.candidates.append(Candidate(listing: UInt32(l)))
                    }
                    let old = (pool.candidates[slot].qualities >> shift) & 0xFF
                    if q > old {
                        pool.candidates[slot].qualities =
                            (pool.candidates[slot].qualities & ~(0xFF << shift)) | (q << shift)
                        pool.candidates[slot].termBits[i] = store.postingBits[p]
                    } else if q == old {
                        pool.candidates[slot].termBits[i] |= store.postingBits[p]
                    }
                }
            }
        }
    }

    /// The `limit` best candidates that pass the exchange and type filters and score at least
    /// 40, best first (ties by `better`); a `contest` scores its ticker and name as equals, and
    /// `productShift` moves a large cap's namesake products after it (`namesakeProductShift`).
    @inline(__always)
    func top(
        _ candidates: [Candidate], terms: [SearchQuery.Term], contest: Contest?, productShift: Float, limit: Int,
        exchange: String?, type filter: TypeFilter
    ) -> [Ranked] {
        var exchangeOK = [Bool](repeating: true, count: store.exchangeCodes.count / 2)
        if let f = exchange, !f.isEmpty {
            for s in 0..<exchangeOK.count { exchangeOK[s] = store.exchange(slot: s).matches(filter: f) }
        }
        var top: [Ranked] = []
        top.reserveCapacity(limit + 1)
        for c in candidates {
            let l = Int(c.listing)
            guard exchangeOK[Int(store.exchangeSlot[l])] else { continue }
            let type = SecurityType(rawValue: store.typeOf[l]) ?? .commonStock
            guard filter.admits(type) else { continue }
            var text = score(c, type: type, terms: terms)
            if let contest {
                if c.ticker >= 100 { text = Self.nameScoreCap + Self.contestedTickerLead }
                if c.listing == contest.nameListing { text = Self.nameScoreCap }
            }
            if productShift > 0 && isNamesakeProduct(c) { text -= productShift }
            let score = text + store.prior[l]
            guard score >= 40 else { continue }

            if top.count == limit {
                guard better(score, l, than: top[limit - 1]) else { continue }
                top.removeLast()
            }
            var at = top.count
            while at > 0 && better(score, l, than: top[at - 1]) { at -= 1 }
            top.insert(Ranked(listing: UInt32(l), score: score), at: at)
        }
        return top
    }

    /// A candidate's text score: its name score or its ticker score, whichever is higher (an
    /// exact ticker is 100 outright), less the kind's penalty unless the
    /// query named the kind. The name score is the mean match quality of the terms times how much
    /// of the name they cover and whether they cover its first word, a fifth off for each term
    /// that matched nothing, at most 97. The listing's prominence (`prior`) is added by the caller.
    @inline(__always)
    func score(_ c: Candidate, type: SecurityType, terms: [SearchQuery.Term]) -> Float {
        let l = Int(c.listing)
        var sum: Float = 0
        var total: Float = 0
        var missing = 0
        var matchedWord = false
        var kindMatched = false
        for (i, term) in terms.enumerated() {
            var m = Float((c.qualities >> UInt64(8 * i)) & 0xFF) / 255
            switch term.kind {
            case .word:
                total += 1
                if m > 0 { matchedWord = true } else { missing += 1 }
            case .letter:
                total += 0.5
                if store.classOf[l] != 0 && store.classOf[l] == term.bytes[0] &- 32 { m = 1 }
                if m > 0 { matchedWord = true } else { missing += 1 }
                m *= 0.5
            case .securityKind:
                total += 0.5
                if term.kinds & (1 << UInt16(type.rawValue)) != 0 {
                    m = 0.5
                    kindMatched = true
                } else {
                    m = 0
                }
            }
            sum += m
        }
        var nameScore: Float = 0
        if matchedWord && total > 0 {
            var cover: UInt32 = 0
            for i in 0..<terms.count { cover |= c.termBits[i] }
            let half = store.halfMask[l]
            let covered = Float((cover & ~half).nonzeroBitCount) + 0.5 * Float((cover & half).nonzeroBitCount)
            let coverage = store.totalWeight[l] > 0 ? min(1, covered / store.totalWeight[l]) : 0
            let first: Float = cover & store.firstMask[l] != 0 ? 1 : 0
            nameScore = 100 * (sum / total) * (0.6 + 0.28 * coverage + 0.12 * first)
            for _ in 0..<missing { nameScore *= 0.8 }
            nameScore = min(nameScore, Self.nameScoreCap)
        }
        let penalty: Float = kindMatched ? 0 : Float(type.rankPenalty)
        var score = max(nameScore, c.ticker < 100 ? c.ticker : 0) - penalty
        if c.ticker >= 100 { score = 100 }
        return score
    }

    @inline(__always)
    func better(_ score: Float, _ l: Int, than r: Ranked) -> Bool {
        if score != r.score { return score > r.score }
        return store.symbolLess(l, Int(r.listing))
    }
}
