import SquarestockCore
import SquarestockNetworking
import SquarestockServices

#if canImport(Glibc)
    import Glibc
#endif

/// `exchange gen --out DIR`: a Kraken Trades body of 1,000 rows and a Depth body of 500 levels a
/// side, in the wire's shape (strings padded as Kraken pads them, float times, 7-field rows),
/// generated from a fixed seed.
/// `exchange --trades FILE` / `--depth FILE`: the product's decoders on those bytes, best of
/// `--runs` (each run decodes `--reps` times), one `key=value` line. The Python peer
/// (`Benchmarks/peers/exchange_peer.py`) times `json.loads(parse_float=Decimal)` plus `Decimal`
/// of every price and size on the same files.
enum ExchangeBench {
    static func run(_ o: Options) {
        if o.positional.first == "gen" {
            generate(o)
            return
        }
        let reps = Int(o.values["reps"] ?? "200") ?? 200
        let runs = Int(o.values["runs"] ?? "5") ?? 5
        if let path = o.values["trades"] {
            time(path, what: "kraken-trades", reps: reps, runs: runs) { body in
                guard case .success(let t) = KrakenTradesDecoder.trades(body) else { fail("trades did not decode") }
                return t.count
            }
        } else if let path = o.values["depth"] {
            let pair = TradingPair(base: "BTC", quote: "USD")
            time(path, what: "kraken-depth", reps: reps, runs: runs) { body in
                guard case .success(let b) = KrakenDepthDecoder.book(body, pair: pair) else {
                    fail("depth did not decode")
                }
                return b.bids.count + b.asks.count
            }
        } else {
            fail("exchange: give gen --out DIR, --trades FILE or --depth FILE")
        }
    }

    static func time(_ path: String, what: String, reps: Int, runs: Int, _ decode: (HTTPResponse) -> Int) {
        let bytes = readBytes(path)
        let body = HTTPResponse(status: 200, body: bytes)
        var rows = 0
        var best = Double.infinity
        for _ in 0..<runs {
            let start = now()
            for _ in 0..<reps { rows = decode(body) }
            best = min(best, (now() - start) / Double(reps))
        }
        report(
            rows: rows, bytes: bytes.count, seconds: best, extra: [("what", what), ("us_per_body", fmt(best * 1e6, 1))])
    }

    static func generate(_ o: Options) {
        guard let dir = o.values["out"] else { fail("exchange gen: give --out DIR") }
        var rng = SplitMix64(seed: 17)
        var price: Int64 = 8_403_610_000  // 84036.10000 in units of 1e-5
        var trades: [String] = []
        var t: Int64 = 1_788_000_000_000_000  // microseconds
        for id in 0..<1000 {
            price += Int64(rng.next() % 2001) - 1000
            t += Int64(rng.next() % 900_000)
            let volume = rng.next() % 500_000_000 + 1
            let side = rng.next() % 2 == 0 ? "b" : "s"
            let kind = rng.next() % 3 == 0 ? "l" : "m"
            trades.append(
                "[\"\(decimal(price, 5))\",\"\(decimal(Int64(volume), 8))\",\(t / 1_000_000).\(pad(t % 1_000_000, 6)),\"\(side)\",\"\(kind)\",\"\",\(80_000_000 + id)]"
            )
        }
        let tradesBody =
            "{\"error\":[],\"result\":{\"XXBTZUSD\":[" + trades.joined(separator: ",") + "],\"last\":\"\(t)000\"}}"
        func levels(_ start: Int64, _ step: Int64) -> String {
            (0..<500).map { i -> String in
                let p = start + step * Int64(i) * Int64(rng.next() % 5 + 1)
                let v = rng.next() % 2_000_000 + 1
                return "[\"\(decimal(p, 5))\",\"\(decimal(Int64(v), 3))\",\(1_788_000_000 + Int64(rng.next() % 3600))]"
            }.joined(separator: ",")
        }
        let depthBody =
            "{\"error\":[],\"result\":{\"XXBTZUSD\":{\"asks\":[" + levels(8_403_610_000, 10_000) + "],\"bids\":["
            + levels(8_403_600_000, -10_000) + "]}}}"
        write(dir + "/kraken-trades-1000.json", tradesBody)
        write(dir + "/kraken-depth-500.json", depthBody)
        print("wrote \(dir)/kraken-trades-1000.json \(dir)/kraken-depth-500.json")
    }

    static func decimal(_ units: Int64, _ scale: Int) -> String {
        var s = String(units)
        while s.count <= scale { s = "0" + s }
        return String(s.dropLast(scale)) + "." + String(s.suffix(scale))
    }

    static func pad(_ v: Int64, _ width: Int) -> String {
        let s = String(v)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }

    static func write(_ path: String, _ text: String) {
        guard let f = fopen(path, "wb") else { fail("cannot write \(path)") }
        var copy = text
        copy.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
    }
}
