import SquarestockNetworking

#if canImport(Glibc)
    import Glibc
#endif

/// `fanout --url URL`: one request, then `--count` requests in one batch, through the library's
/// `CurlTransport` (a new transport, so new connections, each time, as in a one-shot command);
/// alternated `--runs` times. Prints the medians and their ratio.
enum FanoutBench {
    static func run(_ o: Options) {
        guard let url = o.values["url"] else { fail("fanout needs --url URL") }
        let count = o.int("count", 50)
        let runs = o.int("runs", 7)
        var options = TransportOptions(timeout: 10)
        // `--max-concurrent K` lifts both limits (in flight, and connections per host) to K.
        if let k = o.values["max-concurrent"], let v = Int(k) {
            options.maxConcurrent = v
            options.maxHostConnections = v
        }
        var ones: [Double] = []
        var batches: [Double] = []
        var failures = 0
        for r in 0..<runs {
            do {
                let transport = CurlTransport(options: options)
                let t0 = now()
                if case .failure = transport.perform(HTTPRequest(url: url + "?s=ONE\(r)")) { failures += 1 }
                ones.append(now() - t0)
            }
            do {
                let transport = CurlTransport(options: options)
                let requests = (0..<count).map { HTTPRequest(url: url + "?s=SYM\($0)R\(r)") }
                let t0 = now()
                let results = transport.perform(requests)
                batches.append(now() - t0)
                failures += results.filter { if case .failure = $0 { return true } else { return false } }.count
            }
        }
        let one = median(ones)
        let many = median(batches)
        print(
            "one_ms=\(fmt(one * 1000, 1)) batch_ms=\(fmt(many * 1000, 1)) count=\(count) ratio=\(fmt(many / one, 2)) max_concurrent=\(options.maxConcurrent) max_host_connections=\(options.maxHostConnections) failures=\(failures)"
        )
        if failures > 0 { exit(1) }
    }
}
