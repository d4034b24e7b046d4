/// One ranked answer to a search: what the CLI prints as a row and what "did you mean" names.
public struct SearchMatch: Sendable, Hashable {
    /// Display symbol (`BRK.B`, `ABR-PD`).
    public var symbol: String
    public var name: String
    /// Venue display name (`Nasdaq`, `NYSE`, `NYSE Arca`, ...).
    public var exchange: String
    public var type: SecurityType
    /// 0...100: 100 is an exact ticker; a full name match scores in the 90s; typos and prefixes
    /// less. Comparable across queries only roughly: it ranks, it does not measure.
    public var score: Int
    /// The whole directory record.
    public var listing: Listing

    public init(listing: Listing, score: Int) {
        self.symbol = listing.symbol
        self.name = listing.name
        self.exchange = listing.exchange.name
        self.type = listing.type
        self.score = score
        self.listing = listing
    }
}
