// Times ChartRenderer.render on five years of daily bars (1,260 sessions) at 120x30, the size
// the budget (under 5 ms) is stated for. Build and run in release:
//   swift run -c release chartbench [iterations]
import SquarestockCore
import SquarestockRendering

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func nanoseconds(_ clock: clockid_t = CLOCK_MONOTONIC) -> UInt64 {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// 1,260 weekday sessions of a seeded random walk with OHLCV, like five years of a US stock.
func fiveYears() -> HistorySeries {
    let zone = try! ExchangeTimeZone(identifier: "America/New_York")
    var state: UInt64 = 42
    func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    var bars: [Bar] = []
    var date = CivilDate(year: 2019, month: 1, day: 2)
    var price: Int64 = 15_000
    while bars.count < 1_260 {
        if !date.isWeekend {
            let open = price
            price = max(price + Int64(next() % 601) - 295, 100)
            let high = max(open, price) + Int64(next() % 150)
            let low = min(open, price) - Int64(next() % 150)
            bars.append(
                Bar(
                    time: zone.instant(for: CivilDateTime(date: date)), session: date,
                    open: ExactDecimal(significand: open, scale: 2), high: ExactDecimal(significand: high, scale: 2),
                    low: ExactDecimal(significand: low, scale: 2), close: ExactDecimal(significand: price, scale: 2),
                    volume: ExactDecimal(significand: Int64(20_000_000 + next() % 60_000_000))))
        }
        date = date.adding(days: 1)
    }
    return HistorySeries(symbol: "BENCH", zone: zone, interval: .daily, bars: bars, currency: Currency(code: "USD"))
}

let iterations = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 200 : 200
let series = fiveYears()
let size = ChartSize(width: 120, height: 30)
print("chartbench: \(series.bars.count) daily bars, \(size.width)x\(size.height), \(iterations) renders per case")
let cases: [(String, ChartStyle, ChartOptions, Palette)] = [
    ("line", .line, ChartOptions(range: .year5), .plain),
    ("braille", .braille, ChartOptions(range: .year5), .plain),
    ("blocks", .blocks, ChartOptions(range: .year5), .plain),
    ("ascii", .ascii, ChartOptions(range: .year5), .plain),
    ("line+volume, ansi", .line, ChartOptions(range: .year5, showVolume: true, calendar: .weekdays), .ansi),
]
var worst = 0.0
for (name, style, options, palette) in cases {
    var checksum = 0
    for _ in 0..<10 {
        checksum &+=
            ChartRenderer.render(series: series, size: size, style: style, palette: palette, options: options).utf8
            .count
    }
    // Wall time, and this thread's CPU time, which leaves out time the scheduler gave to others.
    var times: [UInt64] = []
    var cpu: [UInt64] = []
    times.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let start = nanoseconds()
        let cpuStart = nanoseconds(CLOCK_THREAD_CPUTIME_ID)
        let text = ChartRenderer.render(series: series, size: size, style: style, palette: palette, options: options)
        cpu.append(nanoseconds(CLOCK_THREAD_CPUTIME_ID) - cpuStart)
        times.append(nanoseconds() - start)
        checksum &+= text.utf8.count
    }
    times.sort()
    cpu.sort()
    let ms = { (ns: UInt64) in Double(ns) / 1_000_000 }
    let median = ms(times[times.count / 2])
    let p95 = ms(times[min(times.count - 1, times.count * 95 / 100)])
    worst = max(worst, median)
    let label = name + String(repeating: " ", count: max(0, 18 - name.count))
    let cpuMedian = ms(cpu[cpu.count / 2])
    let cpuP95 = ms(cpu[min(cpu.count - 1, cpu.count * 95 / 100)])
    print(
        "  " + label
            + String(
                format: " wall median %.3f  min %.3f  p95 %.3f ms | cpu median %.3f  p95 %.3f ms  (checksum %d)",
                median, ms(times[0]), p95, cpuMedian, cpuP95, checksum))
}
print(worst < 5 ? "within the 5 ms budget" : "OVER the 5 ms budget")
