import SquarestockCore

/// Which days a venue trades, for laying charts out by session: crypto every day, and every
/// other venue by its exchange calendar (`CalendarRegistry`) from the year its rules are known
/// to hold; before that, and for venues without a calendar, only the days that have bars.
package enum ChartSessionCalendars {
    /// The first year each rule set is claimed exact for (see the notes in Calendar/Rules).
    static func firstYear(for id: String) -> Int {
        switch id {
        case "US", "US-INDEX", "XNYS", "XNAS", "XASE", "ARCX", "BATS": return 1990
        case "XLON", "XETR", "XTKS", "XHKG": return 2000
        default: return 2016
        }
    }

    package static func sessions(for exchange: Exchange?, calendars: CalendarRegistry = .standard) -> SessionCalendar {
        guard let exchange else { return .observed }
        if exchange.tradesWeekends { return .everyDay }
        guard let calendar = calendars.calendar(for: exchange) else { return .observed }
        let first = firstYear(for: exchange.id)
        if calendar.rules.sessionZone != nil {
            // FX: its week turns at 17:00 in New York, but its bars are dated in the quotes' own
            // zone, Monday to Friday; Sunday evening's opening is no day of a chart.
            return SessionCalendar { date in date.year >= first && date.isoWeekday <= 5 }
        }
        return SessionCalendar { date in date.year >= first && calendar.session(on: date).isOpen }
    }

    /// Whether `exchange`'s calendar holds a date closed, in a year its rules are known to hold;
    /// nil where no date is known closed (crypto, FX, a venue without a calendar). The calendar is
    /// looked up once, not per bar asked about.
    package static func closedDays(for exchange: Exchange?, calendars: CalendarRegistry = .standard) -> (
        (CivilDate) -> Bool
    )? {
        guard let exchange, !exchange.tradesWeekends, let calendar = calendars.calendar(for: exchange),
            calendar.rules.sessionZone == nil
        else { return nil }
        let first = firstYear(for: exchange.id)
        return { date in date.year >= first && !calendar.session(on: date).isOpen }
    }
}
