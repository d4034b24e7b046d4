import SquarestockCore

/// Every array a `SymbolIndex` searches, in one value: what `init(listings:)` computes and what a
/// snapshot stores byte for byte, so loading a snapshot is a copy and no parsing.
struct IndexTables {
    // Listings, stored flat: strings of listing i are strings[stringStart[5i + f]..<stringStart[5i + f + 1]]
    // for f = symbol, name, ACT symbol, CQS symbol (empty = none), Nasdaq symbol.
    var strings: [UInt8] = []
    var stringStart: [UInt32] = [0]
    var typeOf: [UInt8] = []
    var classOf: [UInt8] = []  // 0 = none
    var flags: [UInt8] = []  // bit 0: ETF flag
    var status: [UInt8] = []  // financial status, 0 = none
    var roundLot: [UInt32] = []
    var exchangeSlot: [UInt8] = []
    var exchangeCodes: [UInt8] = []  // per slot: source (0 Nasdaq tier, 1 otherlisted), code
    var prior: [Float] = []
    var totalWeight: [Float] = []
    var halfMask: [UInt32] = []
    var firstMask: [UInt32] = []
    // Vocabulary, grouped by first byte.
    var tokenBytes: [UInt8] = []
    var tokenStart: [UInt32] = [0]
    var tokenMask: [UInt32] = []
    var tokenKind: [UInt8] = []
    var bucketStart: [Int32] = []
    // Postings.
    var postingStart: [UInt32] = [0]
    var postingListing: [UInt32] = []
    var postingBits: [UInt32] = []
    // Symbols by packed compact key.
    var symbolKeys: [UInt64] = []
    var symbolKeyLength: [UInt8] = []
    var symbolListing: [UInt32] = []

    static let fieldsPerListing = 5

    var count: Int { typeOf.count }

    mutating func appendStrings(of l: Listing) {
        func add(_ s: String) {
            var s = s
            s.withUTF8 { strings.append(contentsOf: $0) }
            stringStart.append(UInt32(strings.count))
        }
        add(l.symbol)
        add(l.name)
        add(l.actSymbol)
        add(l.cqsSymbol ?? "")
        add(l.nasdaqSymbol)
    }

    func string(_ i: Int, _ field: Int) -> String {
        let k = i * IndexTables.fieldsPerListing + field
        return strings.withUnsafeBytes {
            TerminalText.clean(
                bytes: UnsafeRawBufferPointer(rebasing: $0[Int(stringStart[k])..<Int(stringStart[k + 1])]))
        }
    }

    func exchange(slot s: Int) -> ListingExchange {
        let source = exchangeCodes[2 * s]
        let code = exchangeCodes[2 * s + 1]
        if source == 0, let e = ListingExchange(nasdaqMarketCategory: code) { return e }
        return ListingExchange(otherListedCode: code) ?? ListingExchange(unknownOtherListedCode: code)
    }

    func listing(_ i: Int) -> Listing {
        let cqs = string(i, 3)
        return Listing(
            symbol: string(i, 0), name: string(i, 1), exchange: exchange(slot: Int(exchangeSlot[i])),
            type: SecurityType(rawValue: typeOf[i]) ?? .commonStock,
            shareClass: classOf[i] == 0 ? nil : classOf[i], isETF: flags[i] & 1 != 0,
            actSymbol: string(i, 2), cqsSymbol: cqs.isEmpty ? nil : cqs, nasdaqSymbol: string(i, 4),
            financialStatus: status[i] == 0 ? nil : status[i], roundLotSize: Int(roundLot[i]))
    }

    /// Whether symbol i sorts before symbol j (bytes of the display symbols).
    func symbolLess(_ i: Int, _ j: Int) -> Bool {
        let a = Int(stringStart[i * IndexTables.fieldsPerListing])
        let ae = Int(stringStart[i * IndexTables.fieldsPerListing + 1])
        let b = Int(stringStart[j * IndexTables.fieldsPerListing])
        let be = Int(stringStart[j * IndexTables.fieldsPerListing + 1])
        return strings[a..<ae].lexicographicallyPrecedes(strings[b..<be])
    }

    /// Structural checks a snapshot must pass before any lookup can trust its offsets.
    func isConsistent() -> Bool {
        let n = count
        guard classOf.count == n, flags.count == n, status.count == n, roundLot.count == n, exchangeSlot.count == n,
            prior.count == n, totalWeight.count == n, halfMask.count == n, firstMask.count == n,
            stringStart.count == n * IndexTables.fieldsPerListing + 1, exchangeCodes.count % 2 == 0,
            tokenStart.count == tokenMask.count + 1, tokenKind.count == tokenMask.count,
            bucketStart.count == 257, postingStart.count == tokenStart.count,
            postingListing.count == postingBits.count, symbolKeys.count == n, symbolKeyLength.count == n,
            symbolListing.count == n
        else { return false }
        func monotonic(_ a: [UInt32], last: Int) -> Bool {
            var prev: UInt32 = 0
            for v in a {
                if v < prev { return false }
                prev = v
            }
            return a.first == 0 && Int(prev) == last
        }
        guard monotonic(stringStart, last: strings.count), monotonic(tokenStart, last: tokenBytes.count),
            monotonic(postingStart, last: postingListing.count)
        else { return false }
        guard bucketStart[0] == 0, Int(bucketStart[256]) == tokenMask.count else { return false }
        for b in 0..<256 where bucketStart[b] > bucketStart[b + 1] { return false }
        for t in 0..<tokenMask.count where tokenStart[t] == tokenStart[t + 1] { return false }
        let slots = exchangeCodes.count / 2
        for s in exchangeSlot where Int(s) >= slots { return false }
        for l in postingListing where Int(l) >= n { return false }
        for l in symbolListing where Int(l) >= n { return false }
        for t in typeOf where SecurityType(rawValue: t) == nil { return false }
        return true
    }
}
