/// Kraken: crypto market data, streams and accounts.
package enum KrakenService {
    package static let name = "kraken"
    package static let displayName = "Kraken"
    package static let entry = ServiceEntry(
        name: name, displayName: displayName,
        exchange: { KrakenAdapter() },
        stream: StreamCapability(
            quotes: { KrakenStreamFeed() },
            book: { pair, depth in
                // The stream names bitcoin BTC where the REST API says XBT.
                let symbol = pair.uppercased().split(separator: "-").map { $0 == "XBT" ? "BTC" : String($0) }
                    .joined(separator: "-")
                return (KrakenStreamFeed(channel: .book(depth: depth)), symbol)
            }, offerRank: 2, audience: "crypto pairs", bookNote: "its books carry a checksum"))
}
