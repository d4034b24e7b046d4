import SquarestockCore
import SquarestockMarket

/// Writes the next open or close the way a status line shows it, in the exchange's wall clock
/// and the user's: `opens Mon 09:30 EST (15:30 your time)`.
///
/// The exchange part names the weekday when the event is not on the exchange's current day; the
/// user part appears only when the user's wall clock differs, and names its weekday when the
/// event is not on the user's current day, or the exchange part names a day that is not the
/// user's, and the exchange part does not already name that day (Tokyo's 09:00 is tomorrow
/// 00:00 in UTC: `opens 09:00 JST (Thu 00:00 your time)`). Events a week or more away also get the date
/// (`opens Mon 2 Jan 09:30 EST`). English abbreviations only, no locale.
package enum MarketEventFormatter {
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `userZone` is injected (the user's configured or system zone); nil leaves the user part out.
    package static func describe(
        _ event: MarketEvent, exchangeZone: ExchangeTimeZone, userZone: ExchangeTimeZone?,
        now: Instant
    ) -> String {
        let local = exchangeZone.localDateTime(at: event.at)
        let today = exchangeZone.localDateTime(at: now).date
        let daysAway = local.date.daysSinceEpoch - today.daysSinceEpoch
        var s = event.kind.rawValue + " "
        if daysAway >= 7 {
            s +=
                weekdays[local.date.isoWeekday - 1] + " " + String(local.date.day) + " " + months[local.date.month - 1]
                + " "
        } else if daysAway != 0 {
            s += weekdays[local.date.isoWeekday - 1] + " "
        }
        s += clock(local) + " " + exchangeZone.abbreviation(at: event.at)
        if let userZone {
            let mine = userZone.localDateTime(at: event.at)
            if mine != local {
                var user = clock(mine)
                // The user's weekday when the event is not on the user's today, or when the
                // exchange part names another day (`opens Tue 09:00 JST (Mon 20:00 your time)`
                // read as Tuesday's 20:00 without it), unless the exchange part already names
                // that very day.
                let userToday = userZone.localDateTime(at: now).date
                let exchangeNamesIt = daysAway != 0 && mine.date == local.date
                if (mine.date != userToday || daysAway != 0) && !exchangeNamesIt {
                    user = weekdays[mine.date.isoWeekday - 1] + " " + user
                }
                s += " (" + user + " your time)"
            }
        }
        return s
    }

    /// `closed (holiday: Thanksgiving Day), opens Fri 09:30 EST (15:30 your time)`.
    package static func statusLine(
        _ status: ExchangeStatus, exchangeZone: ExchangeTimeZone, userZone: ExchangeTimeZone?,
        now: Instant
    ) -> String {
        var s = status.report.status.rawValue
        if let reason = status.report.reason { s += " (" + reason + ")" }
        if let next = status.next {
            s += ", " + describe(next, exchangeZone: exchangeZone, userZone: userZone, now: now)
        }
        return s
    }

    static func clock(_ t: CivilDateTime) -> String { t.hourMinute }
}
