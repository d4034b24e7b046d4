import SquarestockCore
import SquarestockMarket

extension ChartData {
    /// The renderer's options for this data: the range, the previous close, the regular hours of
    /// the last session (so a chart drawn mid-session keeps room for the rest of the day) and the
    /// exchange's calendar (so a missing session shows as a gap).
    package func chartOptions(showVolume: Bool = false, labelZone: ExchangeTimeZone? = nil) -> ChartOptions {
        var hours: TradingHours? = nil
        if range.isIntraday, let exchange, let last = series.bars.last?.session {
            hours = exchange.hours(on: last)
            // A half day ends at its own close (13:00 after Thanksgiving): the room to 16:00 looked
            // like hours of missing data. Other days' bars still reach their own close.
            if let calendar = CalendarRegistry.standard.calendar(for: exchange),
                let session = calendar.session(on: last).session(on: last), session.earlyClose
            {
                let close = calendar.zone.localDateTime(at: session.close)
                hours?.close = close.hour * 60 + close.minute
            }
        }
        return ChartOptions(
            range: range, previousClose: previousClose, showVolume: showVolume, labelZone: labelZone,
            tradingHours: hours, calendar: ChartSessionCalendars.sessions(for: exchange))
    }
}
