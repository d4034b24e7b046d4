/// One ranked answer to a search: what the CLI prints as a row and what "did you mean" names.
package struct SearchMatch: Sendable, Hashable {
    /// Display symbol (`BRK.B`, `ABR-PD`).
    package var symbol: String
    package var name: String
    /// Venue display name (`Nasdaq`, `NYSE`, `NYSE Arca`, ...).
    package var exchange: String
    package var type: SecurityType
    /// 0...100: 100 is an exact ticker; a full name match scores in the 90s; typos and prefixes
    /// less. Comparable across queries only roughly: it ranks, it does not measure.
    package var score: Int
    /// The whole directory record.
    package var listing: Listing

    package init(listing: Listing, score: Int) {
        self.symbol = listing.symbol
        self.name = listing.name
        self.exchange = listing.exchange.name
        self.type = listing.type
        self.score = score
        self.listing = listing
    }
}
