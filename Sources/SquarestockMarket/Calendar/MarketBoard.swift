import SquarestockCore

/// The status of every exchange at once, for the `market` overview and the status bar.
///
/// Built from a `CalendarRegistry`; each call only reads the calendars' cached year tables,
/// converts `now` once per exchange zone and scans a few days ahead for the next open.
package struct MarketBoard: Sendable {
    package let calendars: CalendarRegistry

    package init(calendars: CalendarRegistry = .standard) {
        self.calendars = calendars
    }

    package static let standard = MarketBoard()

    /// The clock-only status (no last trade known) of every exchange, in registry order.
    package func statusOfAll(now: Instant) -> [ExchangeStatus] {
        calendars.calendars.map { MarketStatusRules.evaluate(calendar: $0, now: now, lastTrade: nil) }
    }
}
