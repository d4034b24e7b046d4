import SquarestockCore
import Testing

@testable import SquarestockMarket

/// Calendars are made on first use (issue 30), and the registry answers as when it made them all
/// up front: the same calendar object each time, the same list in the registry's order.
@Suite struct CalendarRegistryTests {
    @Test func aCalendarIsMadeWhenFirstAskedFor() throws {
        let registry = CalendarRegistry(registry: .standard)
        #expect(registry.madeCount == 0)
        let nyse = try #require(registry.calendar(id: "xnys"))
        #expect(registry.madeCount == 1)
        #expect(registry.calendar(id: "XNYS") === nyse)
        #expect(registry.madeCount == 1)
        #expect(registry.calendar(id: "NOPE") == nil)
        #expect(registry.madeCount == 1)
    }

    @Test func theListIsEveryExchangeInOrderWithTheSameObjects() throws {
        let registry = CalendarRegistry(registry: .standard)
        let tokyo = try #require(registry.calendar(id: "XTKS"))
        let all = registry.calendars
        #expect(all.count == ExchangeRegistry.standard.exchanges.count)
        #expect(all.map(\.id) == ExchangeRegistry.standard.exchanges.map(\.id))
        #expect(all.contains { $0 === tokyo })
        #expect(registry.madeCount == ExchangeRegistry.standard.exchanges.count)
    }
}
