/// `--source auto`: Yahoo, then the keyed services, then the default exchange for crypto pairs (`FallbackSource`).
package enum FallbackService {
    package static let name = "auto"
    package static let displayName = "auto"
    package static let entry = ServiceEntry(
        name: name, displayName: displayName,
        quotes: { context, catalog in
            FallbackSource.standard(
                context: context, exchange: catalog.adapter(named: context.exchange ?? catalog.defaultExchange))
        },
        // It streams Yahoo's feed, the first of its chain; offered under Yahoo's own name.
        stream: StreamCapability(quotes: { YahooStreamFeed() }))
}
