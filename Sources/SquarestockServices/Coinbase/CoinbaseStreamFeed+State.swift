extension CoinbaseStreamFeed {
    /// What Coinbase's feed remembers between the messages of one connection: how far each
    /// product has come, so a replayed ticker is dropped and lost trades are noticed.
    package struct State: Sendable {
        /// The last sequence and the highest trade id seen, per product (`BTC-USD`).
        var products: [String: CoinbaseProductProgress] = [:]
        package init() {}
    }
}
