/// Names split or joined otherwise than the listing (`pay pal` for PayPal, `exxonmobil` for Exxon
/// Mobil): the readings `search` tries beside the query as typed, and how their rankings merge.
extension SymbolIndex {
    /// A score from which a match reads as the one meant (a whole word of the name, or a
    /// prefix of most of it); below it a single word is also tried split in two.
    static let strongMatch: Float = 80

    /// A spaced-differently reading scores this much of what it would as typed, so that when
    /// both readings match equally well the user's own spacing wins.
    static let variantDiscount: Float = 0.97

    /// The query spaced otherwise: `isJoined` for its words joined (`pay pal` → `paypal`),
    /// else one long word split in two (`exxonmobil` → `exxon mobil`).
    struct SpacingVariant: Equatable {
        var text: String
        var isJoined: Bool
    }

    /// The query with its words joined (`pay pal` → `paypal`), or one long word split in two
    /// at each place that leaves at least 3 letters a side (`exxonmobil` → `exxon mobil`),
    /// the middle splits first.
    static func spacingVariants(_ query: String) -> [SpacingVariant] {
        let words = query.split(separator: " ")
        if words.count > 1 { return [SpacingVariant(text: words.joined(), isJoined: true)] }
        guard let word = words.first, word.count >= 7, word.count <= 24 else { return [] }
        let letters = Array(word)
        let cuts = (3...(letters.count - 3)).sorted { abs($0 - letters.count / 2) < abs($1 - letters.count / 2) }
        return cuts.map { SpacingVariant(text: String(letters[..<$0]) + " " + String(letters[$0...]), isJoined: false) }
    }

    /// `a` and `b` (its scores times `discount`) as one ranking: each listing once, at its
    /// better score, the best `limit`.
    func merge(_ a: [Ranked], _ b: [Ranked], discount: Float, limit: Int) -> [Ranked] {
        guard !b.isEmpty else { return a }
        var out = a
        for r in b {
            let s = r.score * discount
            if let i = out.firstIndex(where: { $0.listing == r.listing }) {
                out[i].score = max(out[i].score, s)
            } else {
                out.append(Ranked(listing: r.listing, score: s))
            }
        }
        out.sort { better($0.score, Int($0.listing), than: $1) }
        if out.count > limit { out.removeLast(out.count - limit) }
        return out
    }
}
