/// Yahoo Finance: quotes, history and the day's points for stocks, ETFs, indices, FX and crypto.
package enum YahooService {
    package static let name = "yahoo"
    package static let displayName = "Yahoo"
    package static let entry = ServiceEntry(
        name: name, displayName: displayName,
        quotes: { _, _ in YahooSource() },
        stream: StreamCapability(
            quotes: { YahooStreamFeed() }, offerRank: 0, audience: "stocks, ETFs, indices, FX, crypto"))
}
