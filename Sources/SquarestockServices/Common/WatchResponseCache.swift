import SquarestockCore
import SquarestockNetworking

/// A transport decorator that re-serves slow-changing responses (daily bars, the day's 5-minute
/// bars) for a while instead of fetching them on every refresh, so a watch of 100 symbols costs
/// its quote batches per refresh rather than hundreds of history requests.
///
/// Only successful (2xx) responses are kept, each for the seconds `ttl` gives its request (by
/// default the request's own `reuseFor`, which the service that built it set; nil: never cached); entries and bytes are bounded, oldest evicted first, so memory stays flat for
/// hours. Expiry times are spread per URL so cached entries do not all expire in the same
/// refresh. A fresh fetch always replaces the cached answer; a failed one never touches it.
/// The sparkline does not go stale meanwhile: `WatchState` appends each refresh's live price.
package final class WatchResponseCache: HTTPTransport, @unchecked Sendable {
    private let inner: any HTTPTransport
    private let clock: any MonotonicClock
    private let ttl: @Sendable (HTTPRequest) -> Double?
    private let maxEntries: Int
    private let maxBytes: Int
    private let lock = Lock()
    private var entries: [String: (response: HTTPResponse, expires: Double, stored: Double)] = [:]
    private var bytes = 0
    package private(set) var hits = 0

    package init(
        wrapping inner: any HTTPTransport, clock: any MonotonicClock, maxEntries: Int = 1024, maxBytes: Int = 16 << 20,
        ttl: @escaping @Sendable (HTTPRequest) -> Double? = { $0.reuseFor }
    ) {
        self.inner = inner
        self.clock = clock
        self.ttl = ttl
        self.maxEntries = max(1, maxEntries)
        self.maxBytes = max(1, maxBytes)
    }

    package func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
        let now = clock.now()
        var results = [Result<HTTPResponse, TransportError>?](repeating: nil, count: requests.count)
        var forward: [Int] = []
        lock.withLock {
            for (i, r) in requests.enumerated() {
                if r.method == "GET", let e = entries[r.url], e.expires > now {
                    results[i] = .success(e.response)
                    hits += 1
                } else {
                    forward.append(i)
                }
            }
        }
        if !forward.isEmpty {
            let fetched = inner.perform(forward.map { requests[$0] })
            let stored = clock.now()
            lock.withLock {
                for (k, i) in forward.enumerated() {
                    let result =
                        k < fetched.count ? fetched[k] : .failure(.other(host: "", code: -1, detail: "no result"))
                    results[i] = result
                    guard requests[i].method == "GET", case .success(let response) = result,
                        (200..<300).contains(response.status),
                        let seconds = ttl(requests[i]), seconds > 0
                    else { continue }
                    store(
                        requests[i].url, response,
                        expires: stored + seconds * WatchResponseCache.spread(requests[i].url), now: stored)
                }
            }
        }
        return results.map { $0 ?? .failure(.other(host: "", code: -1, detail: "no result")) }
    }

    /// Entries held now.
    package var count: Int { lock.withLock { entries.count } }

    private func store(_ url: String, _ response: HTTPResponse, expires: Double, now: Double) {
        if let old = entries.removeValue(forKey: url) { bytes -= old.response.body.count }
        guard response.body.count <= maxBytes / 4 else { return }
        entries[url] = (response, expires, now)
        bytes += response.body.count
        if entries.count > maxEntries || bytes > maxBytes {
            // Expired first, then oldest stored.
            for (k, v) in entries where v.expires <= now {
                entries.removeValue(forKey: k)
                bytes -= v.response.body.count
            }
            while entries.count > maxEntries || bytes > maxBytes,
                let oldest = entries.min(by: { $0.value.stored < $1.value.stored })?.key,
                let v = entries.removeValue(forKey: oldest)
            {
                bytes -= v.response.body.count
            }
        }
    }

    /// A factor in [0.75, 1.25) fixed per URL, spreading expiries over a band.
    static func spread(_ url: String) -> Double {
        var h: UInt32 = 2_166_136_261
        for b in url.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return 0.75 + Double(h % 1000) / 2000
    }
}
