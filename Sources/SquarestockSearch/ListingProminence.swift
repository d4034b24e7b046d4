/// How prominent a listing is, from data alone: its venue and tier, its symbol's length, its
/// financial standing and whether its issuer is in the shipped large-cap list. Search adds these
/// points to every score, and they are few on purpose: they order equally good matches (the
/// company called Ford before the company whose ticker is FORD; NYSE before a Capital Market
/// micro-cap of the same name) and never lift a worse text match over a better one by more than
/// a near-tie.
enum ListingProminence {
    /// Points for a common stock whose issuer is in the large-cap list: more than every directory
    /// attribute together (at most 0.85) and than an exact ticker's lead over an equal name
    /// match (`SymbolIndex.contestedTickerLead`), far less than a typo costs; a name match stays
    /// below 100 with them (97 + 0.85 + 1.5), the score of an exact ticker.
    static let largeCapPoints: Float = 1.5

    /// The points `l` adds to its scores.
    static func points(_ l: Listing, largeCaps: LargeCapList) -> Float {
        var p: Float
        switch (l.exchange.source, l.exchange.code) {
        case (.nasdaqTier, UInt8(ascii: "Q")), (.otherListed, UInt8(ascii: "N")): p = 0.6
        case (.nasdaqTier, UInt8(ascii: "G")), (.otherListed, UInt8(ascii: "P")): p = 0.4
        case (.otherListed, UInt8(ascii: "A")): p = 0.3
        default: p = 0.2
        }
        p += 0.05 * Float(max(0, 5 - l.symbol.utf8.count))
        if let s = l.financialStatus, s != UInt8(ascii: "N") { p -= 0.2 }
        if l.type == .commonStock && largeCaps.containsIssuer(of: l.symbol) { p += largeCapPoints }
        return p
    }

    /// Whether `points` (from `points(_:largeCaps:)`) include the large-cap points: the
    /// directory's attributes alone give at most 0.8, a listed issuer's common stock at least 1.5,
    /// so the points stored in the index tell it without another table.
    static func marksLargeCap(_ points: Float) -> Bool { points >= largeCapPoints - 0.5 }
}
