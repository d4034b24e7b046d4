/// Tradernet: US and Russian stocks, from its stream only.
package enum TradernetService {
    package static let name = "tradernet"
    package static let displayName = "Tradernet"
    package static let entry = ServiceEntry(
        name: name, displayName: displayName,
        quotes: { _, _ in TradernetSource() }, streamsOnly: true,
        stream: StreamCapability(
            quotes: { TradernetStreamFeed() },
            book: { pair, _ in (TradernetStreamFeed(channel: .books), pair.uppercased()) }, offerRank: 3,
            audience: "US and Russian stocks"))
}
