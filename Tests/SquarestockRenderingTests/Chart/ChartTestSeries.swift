import TestSupport

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockRendering
@testable import SquarestockServices

/// Series for the chart tests: real recorded histories where they exist (Stooq AAPL daily,
/// Yahoo TSLA daily) and seeded random walks for intraday shapes no recording has. Everything is
/// deterministic: same seed, same bars, same snapshot.
enum ChartTestSeries {
    static let newYork = try! ExchangeTimeZone(identifier: "America/New_York")
    static let tokyo = try! ExchangeTimeZone(identifier: "Asia/Tokyo")
    static let utc = try! ExchangeTimeZone(identifier: "UTC")
    static let usd = Currency(code: "USD")

    /// A bar from integer price units (`scale` decimals) around a close.
    static func bar(
        _ time: Instant, _ session: CivilDate, open: Int64, close: Int64, wiggle: Int64, scale: Int,
        volume: Int64?, random: inout SeededRandom
    ) -> Bar {
        let high = max(open, close) + Int64(random.next() % UInt64(max(wiggle, 1)))
        let low = min(open, close) - Int64(random.next() % UInt64(max(wiggle, 1)))
        return Bar(
            time: time, session: session,
            open: ExactDecimal(significand: open, scale: scale), high: ExactDecimal(significand: high, scale: scale),
            low: ExactDecimal(significand: low, scale: scale), close: ExactDecimal(significand: close, scale: scale),
            volume: volume.map { ExactDecimal(significand: $0) })
    }

    /// Intraday bars of `minutes` for each date, from `open` to `close` exchange time (HH*60+MM),
    /// a random walk in cents starting at `start`.
    static func intraday(
        dates: [CivilDate], zone: ExchangeTimeZone = newYork, minutes: Int = 5, open: Int = 570, close: Int = 960,
        start: Int64, step: Int64 = 12, seed: UInt64, symbol: String = "AAPL", until: Int? = nil
    ) -> HistorySeries {
        var random = SeededRandom(seed: seed)
        var price = start
        var bars: [Bar] = []
        for date in dates {
            var m = open
            while m < min(close, until ?? close) {
                let t = zone.instant(for: CivilDateTime(date: date, hour: m / 60, minute: m % 60))
                let o = price
                price += random.step(step)
                let volume = Int64(20_000 + random.next() % 60_000) * (m == open || m >= close - 15 ? 4 : 1)
                bars.append(
                    bar(t, date, open: o, close: price, wiggle: step, scale: 2, volume: volume, random: &random))
                m += minutes
            }
            price += random.step(step * 8)  // overnight move
        }
        return HistorySeries(symbol: symbol, zone: zone, interval: .minutes(minutes), bars: bars, currency: usd)
    }

    /// Daily bars on the given session dates: a random walk of integer units at `scale` decimals.
    static func daily(
        dates: [CivilDate], zone: ExchangeTimeZone = newYork, start: Int64, step: Int64, drift: Int64 = 0,
        scale: Int = 2,
        seed: UInt64, symbol: String, currency: Currency? = usd, volume: Bool = true
    ) -> HistorySeries {
        var random = SeededRandom(seed: seed)
        var price = start
        var bars: [Bar] = []
        for date in dates {
            let o = price
            price += random.step(step) + drift
            let v: Int64? = volume ? Int64(1_000_000 + random.next() % 4_000_000) : nil
            bars.append(
                bar(
                    zone.instant(for: CivilDateTime(date: date)), date, open: o, close: price, wiggle: step / 2,
                    scale: scale, volume: v, random: &random))
        }
        return HistorySeries(symbol: symbol, zone: zone, interval: .daily, bars: bars, currency: currency)
    }

    /// Weekdays from `start` on, `count` of them, leaving out `skipping`.
    static func weekdays(from start: CivilDate, count: Int, skipping: Set<CivilDate> = []) -> [CivilDate] {
        var out: [CivilDate] = []
        var d = start
        while out.count < count {
            if !d.isWeekend && !skipping.contains(d) { out.append(d) }
            d = d.adding(days: 1)
        }
        return out
    }

    static func days(from start: CivilDate, count: Int) -> [CivilDate] { (0..<count).map { start.adding(days: $0) } }

    static func date(_ s: String) -> CivilDate { DateTimeParsing.isoDate(s)! }

    /// Stooq's real AAPL daily history (Polish header), decoded once.
    static let stooqAAPL: HistorySeries = {
        let r = StooqHistoryDecoder.decode(
            HTTPResponse(status: 200, body: Fixture.bytes("history/stooq/aapl_us_d_polish-header.csv")),
            symbol: "AAPL", zone: newYork, interval: .daily)
        var s = try! r.get()
        s.currency = usd
        return s
    }()

    /// Yahoo's real TSLA daily history (table.csv, newest first), decoded.
    static let yahooTSLA: HistorySeries = {
        let r = YahooHistoryCSVDecoder.decode(
            HTTPResponse(status: 200, body: Fixture.bytes("history/yahoo-csv/table_TSLA_1Y_D.csv")), layout: .table,
            symbol: "TSLA", zone: newYork)
        var s = try! r.get()
        s.currency = usd
        return s
    }()
}
