import SquarestockCore
import SquarestockServices

#if canImport(Glibc)
    import Glibc
#endif

/// `stream gen --out DIR`: 100,000 Coinbase `ticker` frames (100 products, prices moving, one per
/// line, in the recorded frame's shape) and 100,000 Yahoo `pricing` frames (the recorded
/// PricingData, base64 in its JSON envelope).
/// `stream --coinbase FILE` / `--yahoo FILE`: the product's feed decoders (`CoinbaseStreamDecoder`,
/// `YahooStreamFeed`, through the `StreamFeed` interface the session uses) on every frame, each quote merged into a dictionary of the latest
/// quote per symbol, as the watch does; best of `--runs`; messages per second. The Python peer
/// (`Benchmarks/peers/stream_peer.py`) does `json.loads` of each frame and a dict merge.
enum StreamBench {
    static func run(_ o: Options) {
        if o.positional.first == "gen" {
            generate(o)
            return
        }
        let runs = Int(o.values["runs"] ?? "5") ?? 5
        let path: String
        let feed: any StreamFeed
        let what: String
        if let p = o.values["coinbase"] {
            path = p
            what = "coinbase-ticker"
            feed = CoinbaseStreamFeed()
        } else if let p = o.values["yahoo"] {
            path = p
            what = "yahoo-pricing"
            feed = YahooStreamFeed()
        } else {
            fail("stream: give gen --out DIR, --coinbase FILE or --yahoo FILE")
        }
        let frames = lines(path)
        var best = Double.infinity
        var merged = 0
        for _ in 0..<runs {
            let run = replay(feed, frames: frames)
            best = min(best, run.seconds)
            merged = run.symbols
        }
        let perSecond = Double(frames.count) / best
        print(
            "rows=\(frames.count) symbols=\(merged) seconds=\(fmt(best, 6)) msgs_per_s=\(fmt(perSecond, 0)) what=\(what)"
        )
    }

    /// One run of `frames` through `feed` on one connection's state: the seconds it took and the
    /// symbols merged. Generic because only a concrete feed can make its `State`; `run` passes
    /// its `any StreamFeed`, opened, as `StreamSession` does.
    static func replay<F: StreamFeed>(_ feed: F, frames: [[UInt8]]) -> (seconds: Double, symbols: Int) {
        var latest: [String: StreamQuote] = [:]
        var state = feed.makeState()
        var events: [StreamEvent] = []
        let start = now()
        for f in frames {
            events.removeAll(keepingCapacity: true)
            feed.decode(f, state: &state, into: &events)
            for event in events {
                if case .quote(let q) = event { latest[q.symbol] = q }
            }
        }
        return (now() - start, latest.count)
    }

    static func lines(_ path: String) -> [[UInt8]] {
        let bytes = readBytes(path)
        return bytes.split(separator: 10).map(Array.init)
    }

    static func generate(_ o: Options) {
        guard let dir = o.values["out"] else { fail("stream gen: give --out DIR") }
        var rng = SplitMix64(seed: 19)
        var coinbase = ""
        var sequence: Int64 = 38_332_655_422
        for i in 0..<100_000 {
            let product = "C\(i % 100)-USD"
            let cents = 2_990_000 + Int64(rng.next() % 20_000)
            sequence += Int64(rng.next() % 50) + 1
            let price = "\(cents / 100).\(String(format: "%02d", cents % 100))"
            coinbase +=
                "{\"type\":\"ticker\",\"sequence\":\(sequence),\"product_id\":\"\(product)\",\"price\":\"\(price)\",\"open_24h\":\"31677.61\",\"volume_24h\":\"27783.70216674\",\"low_24h\":\"29308.01\",\"high_24h\":\"31888\",\"volume_30d\":\"778633.19135445\",\"best_bid\":\"\(price)\",\"best_ask\":\"\(price)\",\"side\":\"buy\",\"time\":\"2022-06-02T09:20:54.127011Z\",\"trade_id\":\(347_875_517 + i),\"last_size\":\"0.00061522\"}\n"
        }
        let b64 =
            "CgdCVEMtVVNEFYoMuUcYwLCVgIplIgNVU0QqA0NDQzApOAFFPWrEP0iAgOrxvANVx/25R12csrRHZYD8skR9/7i0R7ABgIDq8bwD2AEE4AGAgOrxvAPoAYCA6vG8A/IBA0JUQ4ECAAAAwPrjckGJAgAA2P5ZT3tC"
        let yahoo = String(repeating: "{\"type\":\"pricing\",\"message\":\"\(b64)\"}\n", count: 100_000)
        ExchangeBench.write(dir + "/coinbase-ticker-100k.jsonl", coinbase)
        ExchangeBench.write(dir + "/yahoo-pricing-100k.jsonl", yahoo)
        print("wrote \(dir)/coinbase-ticker-100k.jsonl \(dir)/yahoo-pricing-100k.jsonl")
    }
}
