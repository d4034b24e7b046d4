/// Splits a directory security name into the company (`Apple Inc.`) and the security
/// description (`- Common Stock`, `6.375% Series D Cumulative Redeemable Preferred Stock`), and
/// reads the kind of security and share class from the description. Search indexes only the
/// company part, so descriptions neither match nor dilute a query.
enum ListingNameAnalysis {
    /// Number of leading runs that name the company. ETF names are all company except after a
    /// Nasdaq ` - `; other names end at the first description word that is not the first word.
    static func coreRunCount(_ t: NameTokens, isETF: Bool) -> Int {
        var end = t.runs.count
        if let d = t.dashRun, d > 0 { end = min(end, d) }
        if isETF || end <= 1 { return end }
        var r = 1
        while r < end {
            if t.runs[r].followedByPercent { return r }
            let f = Lexicon.flags(t, run: r)
            if f.contains(.descriptor) { return r }
            if f.contains(.descriptorIfFollowed) && r + 1 < t.runs.count {
                let next = Lexicon.flags(t, run: r + 1)
                if t.runIs(r, "american") {
                    if t.runIs(r + 1, "depositary") || t.runIs(r + 1, "depository") { return r }
                } else if t.runIs(r, "new") || t.runIs(r, "capital") {
                    if next.contains(.common) || t.runIs(r + 1, "stock") { return r }
                } else if t.runIs(r, "series") {
                    if t.runs[r + 1].length == 1 || next.contains(.common) { return r }
                } else if t.runIs(r, "fixed") {
                    if t.runIs(r + 1, "rate") { return r }
                } else if t.runIs(r, "senior") {
                    if next.contains(.note) || t.runIs(r + 1, "secured") || t.runIs(r + 1, "unsecured") { return r }
                }
            }
            r += 1
        }
        return end
    }

    /// The kind of security. `suffix` is what the CQS symbol says (otherlisted) or `.none`.
    static func securityType(
        _ t: NameTokens, coreRuns: Int, isETF: Bool,
        suffix: DirectorySymbol.Suffix
    ) -> SecurityType {
        if isETF { return .etf }
        switch suffix {
        case .warrant: return .warrant
        case .unit: return .unit
        case .right: return .right
        case .preferred:
            return descriptionKind(t, from: coreRuns) == .note ? .note : .preferred
        default: break
        }
        if let kind = descriptionKind(t, from: coreRuns) { return kind }
        for r in 0..<coreRuns {
            let f = Lexicon.flags(t, run: r)
            if f.contains(.fund) { return .fund }
            if f.contains(.etf) { return .etf }
            if t.runIs(r, "etn") || t.runIs(r, "etns") { return .note }
        }
        if t.runs.count > coreRuns + 2 && t.runIs(t.runs.count - 1, "fund") { return .fund }
        return .commonStock
    }

    /// The first kind word of the description: `Units, each consisting of one share and one-half
    /// of one warrant` is a unit, `Warrants, each exercisable for one Class A common stock` a
    /// warrant. `Common Units representing limited partner interests` stays common stock.
    private static func descriptionKind(_ t: NameTokens, from start: Int) -> SecurityType? {
        var r = start
        while r < t.runs.count {
            let f = Lexicon.flags(t, run: r)
            if !f.isDisjoint(with: Lexicon.Flags.kindsInNames) {
                if f.contains(.warrant) { return .warrant }
                if f.contains(.unit) {
                    // SPAC units say so first (`Units, each consisting of ...`); later mentions are
                    // `Common Units` of partnerships or ADSs `representing 10 Units`.
                    if r == start { return .unit }
                    r += 1
                    continue
                }
                if f.contains(.right) { return .right }
                if f.contains(.note) { return .note }
                if f.contains(.preferred) { return .preferred }
            }
            if t.runIs(r, "closed") && r + 2 < t.runs.count && t.runIs(r + 2, "fund") { return .fund }
            r += 1
        }
        return nil
    }

    /// `Class X` anywhere in the name (`Alphabet Inc. - Class C Capital Stock`), else nil.
    static func shareClass(_ t: NameTokens) -> UInt8? {
        var r = 0
        while r + 1 < t.runs.count {
            if t.runs[r + 1].length == 1 && t.runIs(r, "class") {
                let b = t.bytes[Int(t.runs[r + 1].start)]
                if b >= 97 && b <= 122 { return b - 32 }
            }
            r += 1
        }
        return nil
    }
}
