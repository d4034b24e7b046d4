import SquarestockCore
import SquarestockMarket

extension ChartData {
    /// The renderer's options for this data: the range, the previous close, the regular hours of
    /// the last session (so a chart drawn mid-session keeps room for the rest of the day) and the
    /// exchange's calendar (so a missing session shows as a gap).
    package func chartOptions(showVolume: Bool = false, labelZone: ExchangeTimeZone? = nil) -> ChartOptions {
        var hours: TradingHours? = nil
        if range.isIntraday, let exchange, let last = series.bars.last?.session { hours = exchange.hours(on: last) }
        return ChartOptions(
            range: range, previousClose: previousClose, showVolume: showVolume, labelZone: labelZone,
            tradingHours: hours, calendar: ChartSessionCalendars.sessions(for: exchange))
    }
}
