/// What a service streams: its quote feed (`watch --stream`) and, when it keeps books live, the
/// feed of one pair's book (`book --live`). The words that offer it to a user who chose a source
/// without a stream come with it, so the offer lists whatever the catalog holds.
package struct StreamCapability: Sendable {
    package var quotes: @Sendable () -> any StreamFeed
    /// The feed of `pair`'s book, `depth` levels a side, and the symbol it subscribes (a stream
    /// may spell a pair otherwise than the REST API does).
    package var book: (@Sendable (_ pair: String, _ depth: Int) -> (feed: any StreamFeed, symbol: String))?
    /// Where it comes in the offers (lowest first); nil: not offered (a chain that streams one
    /// of its services' feeds).
    package var offerRank: Int?
    /// Who it is for, in the offer: "crypto pairs". Neighbours with the same words share them.
    package var audience: String?
    /// Why its live book is worth choosing: "its books carry a checksum".
    package var bookNote: String?

    package init(
        quotes: @escaping @Sendable () -> any StreamFeed,
        book: (@Sendable (_ pair: String, _ depth: Int) -> (feed: any StreamFeed, symbol: String))? = nil,
        offerRank: Int? = nil, audience: String? = nil, bookNote: String? = nil
    ) {
        self.quotes = quotes
        self.book = book
        self.offerRank = offerRank
        self.audience = audience
        self.bookNote = bookNote
    }
}

extension ServiceCatalog {
    /// The services offered for `--stream`, in offer order.
    package var streamOffers: [ServiceEntry] {
        entries.filter { $0.stream?.offerRank != nil }.sorted { $0.stream!.offerRank! < $1.stream!.offerRank! }
    }

    /// "yahoo (stocks, ...), coinbase or kraken (crypto pairs), or tradernet (...)": the stream
    /// offers, neighbours for the same audience joined by "or".
    package var streamOfferText: String {
        var groups: [(names: [String], audience: String?)] = []
        for e in streamOffers {
            if let last = groups.last, last.audience == e.stream?.audience {
                groups[groups.count - 1].names.append(e.name)
            } else {
                groups.append(([e.name], e.stream?.audience))
            }
        }
        let parts = groups.map { g in g.names.joined(separator: " or ") + (g.audience.map { " (\($0))" } ?? "") }
        guard parts.count > 1 else { return parts.first ?? "" }
        return parts.dropLast().joined(separator: ", ") + ", or " + parts.last!
    }

    /// "kraken (its books carry a checksum) or tradernet": the services with a live book.
    package var liveBookOfferText: String {
        streamOffers.filter { $0.stream?.book != nil }
            .map { e in e.name + (e.stream?.bookNote.map { " (\($0))" } ?? "") }
            .joined(separator: " or ")
    }

    /// The feed that streams `name`'s quotes, when it has one.
    package func streamFeed(named name: String) -> (any StreamFeed)? { entry(named: name)?.stream?.quotes() }

    /// The feed of `pair`'s book on `exchange` and the symbol it subscribes, when it keeps one.
    package func bookFeed(exchange: String, pair: String, depth: Int) -> (feed: any StreamFeed, symbol: String)? {
        entry(named: exchange)?.stream?.book?(pair, depth)
    }
}
