extension TradernetStreamFeed {
    /// What Tradernet's feed remembers between the messages of one connection: it sends only
    /// what changed, so quotes and books are merged here.
    package struct State: Sendable {
        /// The live books by ticker.
        var books: [String: TradernetBookState] = [:]
        /// The merged quote fields by ticker (the fuzzer checks a quote against its merge).
        package var quotes: [String: TradernetQuoteFields] = [:]
        package init() {}
    }
}
