extension KrakenStreamFeed {
    /// What Kraken's feed remembers between the messages of one connection: the live books,
    /// which its updates change and its checksums check.
    package struct State: Sendable {
        /// The live books by symbol (`BTC-USD`).
        var books: [String: KrakenBookState] = [:]
        package init() {}
    }
}
