import SquarestockCore

/// The regular session of a trading day as UTC instants: the time axis of a day's sparkline.
package enum SessionWindow {
    package static func regular(exchange: Exchange?, zone: ExchangeTimeZone?, on date: CivilDate) -> ClosedRange<
        Instant
    >? {
        guard let exchange, let zone else { return nil }
        let hours = exchange.hours(on: date)
        if hours.isContinuous {
            let start = zone.instant(for: CivilDateTime(date: date))
            let end = zone.instant(for: CivilDateTime(date: date.adding(days: 1)))
            return start...end
        }
        let start = zone.instant(for: CivilDateTime(date: date, hour: hours.open / 60, minute: hours.open % 60))
        let end = zone.instant(for: CivilDateTime(date: date, hour: hours.close / 60, minute: hours.close % 60))
        return start <= end ? start...end : nil
    }
}
