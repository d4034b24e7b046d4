import Foundation
import SquarestockCore
import SquarestockNetworking
import SquarestockServices

/// `refresh --url URL --source NAME --count N [--unknown U]`: the requests a watch of N symbols
/// (U of them unknown to the service) costs on its first refresh and on the next one, as the
/// watch makes them: the catalog's source, the response cache in front of libcurl, counted by
/// the loopback server (`Benchmarks/peers/service_server.py`, which knows the symbols that start
/// with K). Prints `first=` and `next=` request counts.
enum RefreshBench {
    static func run(_ o: Options) {
        guard let url = o.values["url"], let name = o.values["source"] else {
            fail("refresh needs --url URL --source NAME")
        }
        let count = o.int("count", 10)
        let unknown = min(o.int("unknown", 0), count)
        let symbols = (0..<count).map { $0 < count - unknown ? "K\($0 + 1)" : "U\($0 + 1)" }
        let cache = NSTemporaryDirectory() + "squarestock-refresh-\(getpid())-\(name)-\(count)"
        try? FileManager.default.createDirectory(
            atPath: cache, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let context = SourceContext(
            endpoint: url, cacheDirectory: cache, settings: [AlphaVantageService.apiKey: "bench"])
        guard let source = ServiceCatalog.standard.quoteSource(named: name, context: context) else {
            fail("no quote source named \(name)")
        }
        var options = TransportOptions(timeout: 30)
        options.retry = RetryPolicy(maxAttempts: 2, maxRetryAfter: 0)  // as watch's transport
        let transport = WatchResponseCache(wrapping: CurlTransport(options: options), clock: SystemMonotonicClock())
        let counter = CurlTransport(options: TransportOptions(timeout: 10))
        func served() -> Int {
            guard case .success(let r) = counter.perform(HTTPRequest(url: url + "/__count")) else {
                fail("the loopback server does not answer /__count")
            }
            return Int(String(decoding: r.body, as: UTF8.self)) ?? -1
        }
        let start = served()
        var t0 = now()
        let first = source.quotes(for: symbols, context: context, transport: transport)
        let firstSeconds = now() - t0
        let afterFirst = served()
        t0 = now()
        _ = source.quotes(for: symbols, context: context, transport: transport)
        let nextSeconds = now() - t0
        let afterNext = served()
        print(
            "source=\(name) symbols=\(count) unknown=\(unknown) first=\(afterFirst - start) next=\(afterNext - afterFirst) quoted=\(first.filter { $0.stock != nil }.count) first_ms=\(fmt(firstSeconds * 1000, 1)) next_ms=\(fmt(nextSeconds * 1000, 1))"
        )
    }
}
