/// Coinbase Exchange: crypto market data, streams and accounts.
package enum CoinbaseService {
    package static let name = "coinbase"
    package static let displayName = "Coinbase"
    package static let entry = ServiceEntry(
        name: name, displayName: displayName,
        exchange: { CoinbaseAdapter() },
        stream: StreamCapability(quotes: { CoinbaseStreamFeed() }, offerRank: 1, audience: "crypto pairs"))
}
