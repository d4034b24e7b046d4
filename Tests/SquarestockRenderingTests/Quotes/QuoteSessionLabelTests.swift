import Testing

@testable import SquarestockCore
@testable import SquarestockRendering

/// The sparkline's session label names its day when that is not the exchange's today: on
/// Thanksgiving, Wednesday's session was drawn under a bare `09:30-16:00 EST`.
struct QuoteSessionLabelTests {
    static func stock() throws -> Stock {
        let zone = try ExchangeTimeZone(identifier: "America/New_York")
        // Wednesday 2026-11-25, 09:30 to 16:00 EST.
        let open = Instant(secondsSinceEpoch: 1_764_081_000)
        let close = open.adding(seconds: 23_400)
        let points = (0..<4).map {
            IntradayPoint(time: open.adding(seconds: Int64($0) * 3_600), price: ExactDecimal(100 + $0))
        }
        return Stock(
            company: Company(symbol: "HOL"), currency: Currency(code: "USD"), timeZone: zone,
            price: Price(last: ExactDecimal(103), lastTrade: close), intraday: points, session: open...close,
            source: "test")
    }

    @Test func anEarlierSessionNamesItsDay() throws {
        let renderer = QuoteTableRenderer(width: 80, style: .unicode, palette: .plain)
        let s = try Self.stock()
        // Thanksgiving, 11:00 in New York: the session shown is the day before's.
        let thanksgiving = renderer.render(
            [StockResult(symbol: "HOL", outcome: .success(s))], now: Instant(secondsSinceEpoch: 1_764_172_800))
        #expect(thanksgiving.contains("Nov 25 09:30-16:00 EST"), "\(thanksgiving)")
        // The same evening: today's session, no day.
        let evening = renderer.render(
            [StockResult(symbol: "HOL", outcome: .success(s))], now: Instant(secondsSinceEpoch: 1_764_115_200))
        #expect(evening.contains(" 09:30-16:00 EST") && !evening.contains("Nov 25 09:30"), "\(evening)")
    }

    /// A point outside the session (a pre-market print, a closing auction after the bell)
    /// widens the line to hold it: the label names the line's span, not the session the
    /// stretched line no longer matched.
    @Test func aPointOutsideTheSessionIsInTheLabel() throws {
        var s = try Self.stock()
        let open = try #require(s.session?.lowerBound)
        s.intraday.insert(IntradayPoint(time: open.adding(seconds: -3_600), price: ExactDecimal(99)), at: 0)
        let renderer = QuoteTableRenderer(width: 80, style: .unicode, palette: .plain)
        let evening = renderer.render(
            [StockResult(symbol: "HOL", outcome: .success(s))], now: Instant(secondsSinceEpoch: 1_764_115_200))
        #expect(evening.contains(" 08:30-16:00 EST") && !evening.contains("09:30-16:00"), "\(evening)")
        // From the evening before: both days named.
        s.intraday.insert(IntradayPoint(time: open.adding(seconds: -14 * 3_600), price: ExactDecimal(98)), at: 0)
        let wide = renderer.render(
            [StockResult(symbol: "HOL", outcome: .success(s))], now: Instant(secondsSinceEpoch: 1_764_115_200))
        #expect(wide.contains("Nov 24 19:30-Nov 25 16:00 EST"), "\(wide)")
    }
}
