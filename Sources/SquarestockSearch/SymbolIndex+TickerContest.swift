/// A lower-case word that is one listing's exact ticker and another company's name: the rule
/// that lets prominence, not the ticker alone, decide between them (`ford`).
extension SymbolIndex {
    /// A word that is one listing's exact ticker and the first word of another common stock's
    /// name (`ford`: Forward Industries' ticker, Ford Motor's name). The two are equally good
    /// matches: the ticker scores `nameScoreCap` and `contestedTickerLead`, the name is lifted to
    /// `nameScoreCap`, and prominence orders them; every other match stays below both.
    struct Contest {
        /// The best-scoring listing whose name begins with the word.
        var nameListing: UInt32
    }

    /// What an exact ticker keeps over an equally good name match of another company: only a
    /// company more prominent by more than this (a large cap) passes it.
    static let contestedTickerLead: Float = 1

    /// The highest name score; exact tickers score 100, above every name.
    static let nameScoreCap: Float = 97

    /// The contest of the query's exact ticker with another company's name (`ford`: Ford, a large
    /// cap, first; `safe`: Safehold's ticker stays before Safe Bulkers). Nil, and the ticker worth
    /// its full 100, when the query was typed in capitals (`FORD`), is more than one word or a
    /// single letter, when the ticker's own name begins with the word too (`snap`, `box`: matched
    /// twice), or when no common stock's name begins with it.
    func contest(_ query: SearchQuery, _ pool: CandidatePool) -> Contest? {
        guard !query.typedAsTicker, query.isSingleRun, query.terms.count == 1, query.terms[0].kind == .word,
            pool.exactTicker >= 0
        else { return nil }
        let terms = query.terms
        func beginsName(_ c: Candidate) -> Bool {
            c.qualities & 0xFF == 255 && c.termBits[0] & store.firstMask[Int(c.listing)] != 0
        }
        if beginsName(pool.candidates[Int(pool.exactTicker)]) { return nil }
        var best: (score: Float, listing: UInt32)? = nil
        for c in pool.candidates where c.ticker < 100 && beginsName(c) {
            let type = SecurityType(rawValue: store.typeOf[Int(c.listing)]) ?? .commonStock
            guard type == .commonStock else { continue }
            let s = score(c, type: type, terms: terms) + store.prior[Int(c.listing)]
            if best == nil || better(s, Int(c.listing), than: Ranked(listing: best!.listing, score: best!.score)) {
                best = (s, c.listing)
            }
        }
        return best.map { Contest(nameListing: $0.listing) }
    }
}
