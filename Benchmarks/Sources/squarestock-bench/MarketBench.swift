import SquarestockCore
import SquarestockMarket
import SquarestockSearch

/// `market`: the status (and next open or close) of every registry exchange, as the `market`
/// command and every quote compute it; prints the median microseconds per call over `--count`
/// calls stepping one minute apart (after one warm-up call that builds the year tables).
enum MarketBench {
    static func run(_ o: Options) {
        let n = o.int("count", 20000)
        let board = MarketBoard.standard
        let start = Instant(secondsSinceEpoch: 1_761_750_000)  // 2025-10-29, a trading day
        _ = board.statusOfAll(now: start)
        var samples: [Double] = []
        samples.reserveCapacity(n)
        var exchanges = 0
        for i in 0..<n {
            let t0 = now()
            exchanges = board.statusOfAll(now: start.adding(seconds: Int64(i % 1440) * 60)).count
            samples.append(now() - t0)
        }
        samples.sort()
        print(
            "exchanges=\(exchanges) calls=\(n) median_us=\(fmt(median(samples) * 1e6, 2)) p99_us=\(fmt(samples[samples.count * 99 / 100] * 1e6, 2))"
        )
    }
}

/// `search`: the offline index from the shipped directory (load from text, load from the cached
/// snapshot) and the per-query time over the benchmark's queries.
enum SearchBench {
    static func run(_ o: Options) {
        let env: [String: String] = ["SQUARESTOCK_DATA": o.values["data"] ?? "data"]
        let dir = (o.values["data"] ?? "data") + "/symbols"
        guard let a = PrivateFileStore.read(dir + "/nasdaqlisted.txt"),
            let b = PrivateFileStore.read(dir + "/otherlisted.txt")
        else {
            fail("search needs --data DIR with symbols/nasdaqlisted.txt and otherlisted.txt")
        }
        _ = env
        let t0 = now()
        guard let index = try? SymbolIndex(nasdaqListed: a, otherListed: b) else { fail("the directory did not parse") }
        let loadText = now() - t0
        let snapshot = index.snapshot()
        let t1 = now()
        _ = try? SymbolIndex(snapshot: snapshot)
        let loadSnapshot = now() - t1
        let queries = [
            "aapl", "apple", "aple", "microsft", "nvidea", "berkshire b", "alphabet class a", "f", "t", "motor ford",
            "coca cola", "jp morgan", "exxon", "spdr s&p 500", "tesla", "amazon", "meta platforms", "ibm", "amd",
            "netflix",
        ]
        var samples: [Double] = []
        for _ in 0..<50 {
            for q in queries {
                let t = now()
                _ = index.search(q, limit: 10)
                samples.append(now() - t)
            }
        }
        samples.sort()
        print(
            "listings=\(index.count) load_text_ms=\(fmt(loadText * 1e3, 2)) load_snapshot_ms=\(fmt(loadSnapshot * 1e3, 2)) "
                + "query_p50_ms=\(fmt(median(samples) * 1e3, 4)) query_p99_ms=\(fmt(samples[samples.count * 99 / 100] * 1e3, 4))"
        )
    }
}
