import SquarestockCore
import SquarestockNetworking

/// Loads an exchange's pair directory: from the day-old cache when there is one for the same
/// host, else from the exchange (and then caches it).
package enum ExchangeMarkets {
    package static func directory(_ adapter: ExchangeAdapter, _ request: ExchangeRequest, refresh: Bool = false)
        -> Result<PairDirectory, QuoteError>
    {
        let cache = PairListCache(folder: request.context.cacheDirectory)
        // The file names the host, never a password of `--endpoint http://user:pass@host`.
        let origin = Endpoint.withoutUserinfo(
            request.context.endpoint.flatMap { $0.isEmpty ? nil : $0 } ?? adapter.baseURL ?? "")
        let now = request.context.now
        if !refresh, let cached = cache.load(exchange: adapter.name, origin: origin, now: now) {
            return .success(PairDirectory(exchange: adapter.name, listings: cached))
        }
        return adapter.listings(request).map { listings in
            if !listings.isEmpty { cache.store(listings, exchange: adapter.name, origin: origin, now: now) }
            return PairDirectory(exchange: adapter.name, listings: listings)
        }
    }
}
