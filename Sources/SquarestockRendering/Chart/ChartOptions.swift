import SquarestockCore

/// Everything about a chart beyond its bars, size, style and palette: what to mark and how to
/// read time. Every field has a default, so `ChartOptions()` draws a plain price chart.
package struct ChartOptions: Sendable {
    /// What the x axis labels and whether the baseline is drawn; nil infers it from the bars.
    package var range: ChartRange?
    /// The close before the first session shown: drawn as a dotted baseline on intraday ranges,
    /// and the reference for the colour of each column (otherwise the first close is).
    package var previousClose: ExactDecimal?
    /// Volume bars under the price, when the bars carry volumes.
    package var showVolume: Bool
    /// The zone of time-of-day and day labels; nil is the series' exchange zone.
    package var labelZone: ExchangeTimeZone?
    /// The regular session in the exchange's wall clock: an intraday session keeps room for its
    /// untraded rest (a chart drawn at noon leaves the afternoon empty). Nil uses the bars' span.
    package var tradingHours: TradingHours?
    /// Which days are sessions, so a missing one shows as a gap; `.observed` knows only the bars.
    package var calendar: SessionCalendar
    /// The first line: symbol, range, last price and change, high, low, previous close, zone.
    package var showLegend: Bool
    /// A second series dotted behind the line (a benchmark), on the same scale.
    package var comparison: ChartComparison?
    /// Bars marked on the time axis (money in or out).
    package var events: [ChartEvent]
    /// Whether the legend gives the last close's change against the reference; a series whose
    /// moves include money paid in (a portfolio's value) says its own gain in `legendNote`.
    package var showChange: Bool
    /// A part of the legend after the last value (a portfolio's gain net of money in and out).
    package var legendNote: String?

    package init(
        range: ChartRange? = nil, previousClose: ExactDecimal? = nil, showVolume: Bool = false,
        labelZone: ExchangeTimeZone? = nil, tradingHours: TradingHours? = nil,
        calendar: SessionCalendar = .observed, showLegend: Bool = true, comparison: ChartComparison? = nil,
        events: [ChartEvent] = [], showChange: Bool = true, legendNote: String? = nil
    ) {
        self.range = range
        self.previousClose = previousClose
        self.showVolume = showVolume
        self.labelZone = labelZone
        self.tradingHours = tradingHours
        self.calendar = calendar
        self.showLegend = showLegend
        self.comparison = comparison
        self.events = events
        self.showChange = showChange
        self.legendNote = legendNote
    }
}
