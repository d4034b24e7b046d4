import SquarestockCore
import SquarestockMarket
import SquarestockWatch

/// `watch`: the CPU cost of one watch refresh outside the network wait (apply 100 results to the
/// state, render the screen, diff it against the previous frame) and the memory over
/// `--count` refreshes; every price moves every refresh, the worst case for flashes and diffs.
enum WatchBench {
    static func run(_ o: Options) {
        if o.flags.contains("stream") {
            stream(o)
            return
        }
        let n = o.int("count", 1000)
        let symbols = (0..<100).map { "S\($0)" }
        guard let zone = try? ExchangeTimeZone(identifier: "America/New_York") else { fail("no ICU zone") }
        let exchange = ExchangeRegistry.standard.exchange(id: "XNAS")
        var state = WatchState(symbols: symbols)
        let renderer = WatchTableRenderer(palette: .colour, style: .unicode)
        var previous: ScreenFrame? = nil
        let start = Instant(secondsSinceEpoch: 1_761_750_000)
        var rng = SplitMix64(seed: 42)
        var cpu: [Double] = []
        var phases = [0.0, 0.0, 0.0]
        var bytesOut = 0
        let rssBefore = currentRSSKiB()
        var rssAfterFirst = 0
        for i in 0..<n {
            let t = start.adding(seconds: Int64(i) * 60)
            let results = symbols.map { s in
                polled(
                    s, cents: 10_000 + Int64(rng.below(2_000)), volume: Int64(rng.below(1_000_000)), at: t, zone: zone,
                    exchange: exchange)
            }
            let c0 = cpuSeconds()
            _ = state.apply(results, now: t, clock: Double(i) * 60)
            let c1 = cpuSeconds()
            let frame = renderer.frame(
                state: state, header: WatchHeader(source: "bench", lastSuccess: t), columns: 160, rows: 110,
                now: t, clock: Double(i) * 60)
            let c2 = cpuSeconds()
            bytesOut += ScreenDiff.render(previous: previous, next: frame, palette: renderer.palette).utf8.count
            previous = frame
            let c3 = cpuSeconds()
            cpu.append(c3 - c0)
            phases[0] += c1 - c0
            phases[1] += c2 - c1
            phases[2] += c3 - c2
            if i == 0 { rssAfterFirst = currentRSSKiB() }
        }
        cpu.sort()
        print(
            "symbols=100 refreshes=\(n) cpu_ms_p50=\(fmt(median(cpu) * 1e3, 3)) cpu_ms_p99=\(fmt(cpu[cpu.count * 99 / 100] * 1e3, 3)) "
                + "rss_start_kib=\(rssBefore) rss_after_first_kib=\(rssAfterFirst) rss_end_kib=\(currentRSSKiB()) peak_kib=\(peakRSSKiB()) "
                + "bytes_per_refresh=\(bytesOut / max(1, n)) apply_ms=\(fmt(phases[0] / Double(n) * 1e3, 3)) render_ms=\(fmt(phases[1] / Double(n) * 1e3, 3)) diff_ms=\(fmt(phases[2] / Double(n) * 1e3, 3))"
        )
    }

    /// `watch --stream`: 100 rows filled once as a poll would, then 1,000 streamed trades a
    /// second for `--seconds` simulated seconds, applied in batches of 10 every 10 ms as the
    /// stream worker hands them over (`Stock.streamed`, `WatchState.apply`) and drawn at the
    /// session's stream frame rate, every 50 ms (`WatchTableRenderer.frame`, `ScreenDiff.render`).
    /// Prints the CPU seconds spent per simulated second (a share of one core) and the peak RSS.
    static func stream(_ o: Options) {
        let seconds = o.int("seconds", 10)
        let symbols = (0..<100).map { "S\($0)" }
        guard let zone = try? ExchangeTimeZone(identifier: "America/New_York") else { fail("no ICU zone") }
        let exchange = ExchangeRegistry.standard.exchange(id: "XNAS")
        var state = WatchState(symbols: symbols)
        let renderer = WatchTableRenderer(palette: .colour, style: .unicode)
        var previous: ScreenFrame? = nil
        let start = Instant(secondsSinceEpoch: 1_761_750_000)
        var rng = SplitMix64(seed: 43)
        let first = symbols.map {
            polled($0, cents: 10_000, volume: 1_000_000, at: start, zone: zone, exchange: exchange)
        }
        _ = state.apply(first, now: start, clock: 0)
        let c0 = cpuSeconds()
        var bytesOut = 0
        var updates = 0
        for batch in 0..<(seconds * 100) {
            let clock = Double(batch) / 100
            let t = start.adding(seconds: Int64(clock) + 1)
            var results: [StockResult] = []
            for _ in 0..<10 {
                let s = symbols[Int(rng.below(100))]
                guard let stock = state[s]?.stock else { continue }
                let q = StreamQuote(
                    symbol: s, price: ExactDecimal(significand: 9_000 + Int64(rng.below(2_000)), scale: 2), time: t)
                results.append(StockResult(symbol: s, outcome: .success(stock.streamed(q))))
                updates += 1
            }
            _ = state.apply(results, now: t, clock: clock)
            guard batch % 5 == 4 else { continue }  // a frame every 50 ms
            state.expireFlashes(clock: clock)
            let frame = renderer.frame(
                state: state,
                header: WatchHeader(source: "bench", lastSuccess: t, stream: ("stream live 1000/s", false)),
                columns: 160, rows: 110, now: t, clock: clock)
            bytesOut += ScreenDiff.render(previous: previous, next: frame, palette: renderer.palette).utf8.count
            previous = frame
        }
        let cpu = cpuSeconds() - c0
        print(
            "symbols=100 updates=\(updates) simulated_s=\(seconds) cpu_share=\(fmt(cpu / Double(seconds), 4)) "
                + "bytes_per_s=\(bytesOut / seconds) peak_kib=\(peakRSSKiB()) peak_mib=\(fmt(Double(peakRSSKiB()) / 1024, 1))"
        )
    }

    /// A row as a poll of the synthetic market gives it: `cents` against a previous close of 105.00.
    static func polled(
        _ s: String, cents: Int64, volume: Int64, at t: Instant, zone: ExchangeTimeZone, exchange: Exchange?
    ) -> StockResult {
        var p = Price(
            last: ExactDecimal(significand: cents, scale: 2),
            previousClose: ExactDecimal(significand: 10_500, scale: 2),
            volume: ExactDecimal(significand: volume), lastTrade: t)
        p.deriveChange()
        return StockResult(
            symbol: s,
            outcome: .success(
                Stock(
                    company: Company(symbol: s, name: "Company \(s)", exchange: exchange),
                    currency: Currency(code: "USD"), timeZone: zone, price: p, source: "bench")))
    }
}
