import SquarestockCore
import SquarestockMarket

/// Everything the watch screen knows about one symbol: the last good stock, when it arrived,
/// whether the latest refresh failed (and why), which cells are flashing and which alerts hold.
///
/// A value type held by `WatchState`; renderers read it, only `WatchState` changes it.
package struct WatchEntry: Sendable {
    package var symbol: String
    /// Place in the user's list, for "your order" sorting.
    package var position: Int
    /// The last good data, with the day's intraday points merged across refreshes; nil until
    /// the first success.
    package var stock: Stock?
    /// When `stock` arrived (data clock).
    package var updatedAt: Instant?
    /// Set while the latest refresh failed; cleared by the next good one.
    package var failure: WatchFailure?
    package var flashes: [FlashMark] = []
    /// Seconds to add to the screen clock to get this row's clock. Zero except in a replay,
    /// where every recording replays its own trading day.
    package var clockOffset: Int64 = 0
    /// The market status on this row's clock when `stock` arrived (or a closed market was last
    /// checked), and the next open or close the calendar expects. Kept here so the screen, the
    /// line writer and the scheduler read one value instead of each asking the calendar.
    package var marketStatus: MarketStatusReport?
    package var nextMarketEvent: MarketEvent?
    /// Alert rules (as the user wrote them) whose condition holds after firing, for highlighting.
    package var activeAlerts: [String] = []
    /// Moves with every change `WatchState` makes to this entry, so what a renderer made of the
    /// row can be kept until the row changes (`WatchRowTextCache`): a table of 500 rows is
    /// redrawn every second for its ages and countdown, and its prices must not be formatted
    /// again each time.
    package internal(set) var revision = 0

    package init(symbol: String, position: Int) {
        self.symbol = symbol
        self.position = position
    }

    /// Good values are shown, but the latest refresh failed.
    package var isStale: Bool { stock != nil && failure != nil }

    /// The flash on `field` still showing at `clock`, if any.
    package func flash(_ field: WatchField, at clock: Double) -> FlashMark? {
        flashes.first { $0.field == field && $0.until > clock }
    }
}
