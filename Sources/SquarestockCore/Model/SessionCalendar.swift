/// Which calendar days are trading sessions, so a chart can tell a holiday (no room at all) from
/// a session the source left out (a visible gap).
///
/// The default, `.observed`, knows no calendar: only days that have bars are sessions, so no
/// gap is ever drawn for a missing day, and none is ever invented for a holiday. An exchange
/// calendar with holidays plugs in through `init(isSession:)`.
public struct SessionCalendar: Sendable {
    let rule: (@Sendable (CivilDate) -> Bool)?

    /// Sessions are the days that have bars.
    public static let observed = SessionCalendar(rule: nil)
    /// Monday to Friday (holidays would show as gaps).
    public static let weekdays = SessionCalendar { !$0.isWeekend }
    /// Every day (crypto).
    public static let everyDay = SessionCalendar { _ in true }

    public init(isSession: @escaping @Sendable (CivilDate) -> Bool) { rule = isSession }
    private init(rule: (@Sendable (CivilDate) -> Bool)?) { self.rule = rule }

    /// Whether the calendar knows anything beyond the observed bars.
    public var isObservedOnly: Bool { rule == nil }

    /// Whether `date` is a session; with `.observed`, nil (unknown).
    public func isSession(_ date: CivilDate) -> Bool? { rule.map { $0(date) } }
}
