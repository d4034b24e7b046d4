import Testing

@testable import SquarestockCore
@testable import SquarestockMarket
@testable import SquarestockServices

/// A day's sparkline axis: the calendar's session, early closes included.
struct SessionWindowTests {
    let nyse = ExchangeRegistry.standard.exchange(id: "XNYS")!
    let newYork = try! ExchangeTimeZone(identifier: "America/New_York")

    func window(_ day: Int, _ exchange: Exchange) -> String? {
        SessionWindow.regular(exchange: exchange, zone: newYork, on: CivilDate(year: 2026, month: 11, day: day)).map {
            $0.lowerBound.iso8601UTC + " " + $0.upperBound.iso8601UTC
        }
    }

    @Test func aHalfDayEndsAtItsEarlyClose() {
        // The day after Thanksgiving 2026 closes at 13:00 EST.
        #expect(window(27, nyse) == "2026-11-27T14:30:00Z 2026-11-27T18:00:00Z")
        // The Monday after is a whole day.
        #expect(window(30, nyse) == "2026-11-30T14:30:00Z 2026-11-30T21:00:00Z")
    }

    @Test func aDayTheCalendarHoldsClosedGetsTheUsualHours() {
        // Thanksgiving itself: a quote dated that day (a service's own mistake) still gets an axis.
        #expect(window(26, nyse) == "2026-11-26T14:30:00Z 2026-11-26T21:00:00Z")
    }
}
