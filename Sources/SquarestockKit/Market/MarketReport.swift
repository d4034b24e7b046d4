import SquarestockCore
import SquarestockMarket
import SquarestockRendering

/// What `squarestock market` asks: the board of exchanges now, one calendar year's special
/// days, or the sessions between two dates.
package enum MarketQuery: Sendable {
    /// Every exchange (but the US meta-calendars) when `exchanges` is empty.
    case board(exchanges: [String])
    /// `year` nil: the current year in the exchange's zone.
    case year(calendar: String, year: Int?)
    case sessions(calendar: String, from: CivilDate, to: CivilDate)
}

/// The answer, for the command to print with the writer of its format.
package enum MarketReport: Sendable {
    case board([MarketBoardRow])
    /// `notModelled`: what the calendar leaves out, said under its days.
    case year(days: [CalendarYearReport.Day], exchange: Exchange, year: Int, notModelled: String)
    case sessions([TradingSession])
    /// A calendar name no exchange answers to (the command checks names first, so only a
    /// caller that did not gets this).
    case unknownCalendar(String)
}
