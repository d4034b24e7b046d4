import SquarestockCore
import SquarestockMarket
import SquarestockRendering

extension SquarestockApp {
    /// Whether `name` is an exchange `market` knows (`XNYS`, `NYSE`, `LSE`, ...), for the
    /// command's checks before it runs.
    package static func knowsExchange(_ name: String) -> Bool {
        CalendarRegistry.standard.calendar(named: name) != nil
    }

    /// `squarestock market`: the calendars answer now (`SQUARESTOCK_NOW` pins it), "your time" in
    /// the user's zone. Needs no settings: the calendars are built in, so a config file with a
    /// bad `source` must not stop it; it reads the environment only.
    package static func market(
        _ query: MarketQuery, environment env: [String: String], localtimeTarget: String?
    ) -> MarketReport {
        let registry = CalendarRegistry.standard
        let now = ClockOverride.now(environment: env)
        let userZone = UserTimeZone.current(environment: env, localtimeTarget: localtimeTarget)
        switch query {
        case .board(let names):
            let wanted = names.compactMap { registry.calendar(named: $0)?.id }
            let shown = MarketBoard.standard.calendars.calendars.filter {
                wanted.isEmpty ? !["US", "US-INDEX"].contains($0.id) : wanted.contains($0.id)
            }
            return .board(shown.map { MarketBoardRow(calendar: $0, now: now, userZone: userZone) })
        case .year(let name, let year):
            guard let calendar = registry.calendar(named: name) else { return .unknownCalendar(name) }
            let y = year ?? calendar.zone.localDateTime(at: now).date.year
            return .year(
                days: CalendarYearReport.days(calendar: calendar, year: y), exchange: calendar.exchange, year: y,
                notModelled: calendar.rules.notModelled)
        case .sessions(let name, let from, let to):
            guard let calendar = registry.calendar(named: name) else { return .unknownCalendar(name) }
            return .sessions(calendar.sessions(from: from, to: to))
        }
    }
}
