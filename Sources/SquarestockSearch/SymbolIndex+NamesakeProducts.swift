/// Funds and other securities that carry a large company's name (`schwab`: Schwab's own ETFs,
/// "Schwab 1000 Index ETF", against The Charles Schwab Corporation): the rule that ranks them
/// after that company on a one-word query.
extension SymbolIndex {
    /// How far every security other than a common stock whose name the word matched moves down
    /// for a one-word query that is a whole word of a large cap's name, so that the best of them
    /// ranks as if its name matched the word exactly as well as that large cap's does. Zero for
    /// any other query, and when the large cap already matches at least as well.
    ///
    /// Why: the kind penalty (`SecurityType.rankPenalty`) puts a common stock before the ETF,
    /// preferred or note of the same name, but a sponsor's products name it differently from
    /// its stock. Schwab's ETFs begin with `Schwab` and are short, Charles Schwab's stock has the
    /// word second, so as text the funds match `schwab` better (83 against 74), and 34 of them
    /// came first. A single word that is the whole of a word of a large company's name names
    /// that company, and securities carrying the word are its products or namesakes, ranked
    /// after it as after a common stock of their own name. The large-cap list is what tells a
    /// sponsor from an unrelated small company sharing the word (American Vanguard against
    /// Vanguard's funds), so without the list nothing moves. Only whole words (a prefix is a name
    /// still being typed), only one-word queries (more words say which product is meant), and
    /// everything moves by the same amount, so the products keep their order among themselves
    /// and no common stock changes place. An exact ticker (`schk`) stays an exact ticker.
    func namesakeProductShift(_ candidates: [Candidate], terms: [SearchQuery.Term]) -> Float {
        guard terms.count == 1, terms[0].kind == .word else { return 0 }
        var largeCap: Float? = nil
        for c in candidates where c.ticker < 100 && c.qualities & 0xFF == 255 {
            let l = Int(c.listing)
            guard store.typeOf[l] == SecurityType.commonStock.rawValue,
                ListingProminence.marksLargeCap(store.prior[l])
            else { continue }
            let s = nameScore(c, terms: terms)
            if largeCap == nil || s > largeCap! { largeCap = s }
        }
        guard let largeCap else { return 0 }
        var product: Float? = nil
        for c in candidates where isNamesakeProduct(c) {
            let s = nameScore(c, terms: terms)
            if product == nil || s > product! { product = s }
        }
        guard let product, product > largeCap else { return 0 }
        return product - largeCap
    }

    /// Whether `c` is a security other than a common stock whose name the query matched (not
    /// an exact ticker): what `namesakeProductShift` moves.
    @inline(__always)
    func isNamesakeProduct(_ c: Candidate) -> Bool {
        c.ticker < 100 && c.qualities & 0xFF != 0 && store.typeOf[Int(c.listing)] != SecurityType.commonStock.rawValue
    }

    /// `c`'s name score alone: no ticker prefix, no kind penalty, no prominence.
    func nameScore(_ c: Candidate, terms: [SearchQuery.Term]) -> Float {
        var name = c
        name.ticker = 0
        return score(name, type: .commonStock, terms: terms)
    }
}
