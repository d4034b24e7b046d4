import SquarestockCore
import SquarestockMarket

/// The regular session of a trading day as UTC instants: the time axis of a day's sparkline.
package enum SessionWindow {
    /// The exchange calendar's session on `date` when it trades that day, so a half day ends at
    /// its early close (the day after Thanksgiving at 13:00 in New York): drawn to the usual
    /// close, its last three hours read as a session still to come. A date the calendar holds
    /// closed, or an exchange without a calendar, gets the exchange's usual hours.
    package static func regular(
        exchange: Exchange?, zone: ExchangeTimeZone?, on date: CivilDate,
        calendars: CalendarRegistry = .standard
    ) -> ClosedRange<Instant>? {
        guard let exchange, let zone else { return nil }
        let hours = exchange.hours(on: date)
        if hours.isContinuous {
            let start = zone.instant(for: CivilDateTime(date: date))
            let end = zone.instant(for: CivilDateTime(date: date.adding(days: 1)))
            return start...end
        }
        if let session = calendars.calendar(for: exchange)?.session(on: date).session(on: date),
            session.open <= session.close
        {
            return session.open...session.close
        }
        let start = zone.instant(for: CivilDateTime(date: date, hour: hours.open / 60, minute: hours.open % 60))
        let end = zone.instant(for: CivilDateTime(date: date, hour: hours.close / 60, minute: hours.close % 60))
        return start <= end ? start...end : nil
    }
}
