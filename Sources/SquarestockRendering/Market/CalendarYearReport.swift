import SquarestockCore
import SquarestockMarket

/// The special days of one exchange year, for `market --calendar NYSE --year 2027`: every
/// weekday holiday and every early close, in date order, with the exchange's own times.
package enum CalendarYearReport {
    package struct Day: Sendable, Equatable {
        package var date: CivilDate
        package var kind: String  // "closed" or "early close"
        package var name: String
        /// For early closes: the close in the exchange's clock, `13:00 EST`.
        package var close: String?
    }

    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    package static func days(calendar: ExchangeCalendar, year: Int) -> [Day] {
        var out: [Day] = []
        var date = CivilDate(year: year, month: 1, day: 1)
        while date.year == year {
            switch calendar.session(on: date) {
            case .closed(let reason):
                if case .holiday(let name) = reason {
                    out.append(Day(date: date, kind: "closed", name: name, close: nil))
                }
            case .open(_, let close, _, _, let early):
                if early {
                    let local = calendar.zone.localDateTime(at: close)
                    out.append(
                        Day(
                            date: date, kind: "early close", name: calendar.specialDayName(on: date) ?? "half day",
                            close: local.hourMinute + " " + calendar.zone.abbreviation(at: close)))
                }
            }
            date = date.adding(days: 1)
        }
        return out
    }

    /// The days, then what the calendar does not model (`notModelled`), so that a day it misses
    /// is not read as a trading day it vouches for.
    package static func text(_ days: [Day], exchange: Exchange, year: Int, notModelled: String = "") -> String {
        let closed = days.filter { $0.kind == "closed" }.count
        let early = days.count - closed
        var s = "\(exchange.name) (\(exchange.id)) \(year): weekday holidays \(closed), early closes \(early)\n"
        for d in days {
            s +=
                "\(d.date) \(weekdays[d.date.isoWeekday - 1])  "
                + (d.kind == "closed" ? "closed       " : "closes \(d.close ?? "")  ") + d.name + "\n"
        }
        if !notModelled.isEmpty { s += "\n" + notModelled + "\n" }
        return s
    }

    /// `{"exchange": "XNYS", "year": 2027, "days": [{"date": ..., "kind": ..., "name": ..., "close": ...}],
    /// "notModelled": "..."}`.
    package static func json(_ days: [Day], exchange: Exchange, year: Int, notModelled: String = "") -> String {
        let s = JSONText.quoted
        let items = days.map { d in
            "    {\"date\": \(s(d.date.description)), \"kind\": \(s(d.kind)), \"name\": \(s(d.name)), \"close\": \(d.close.map(s) ?? "null")}"
        }
        return "{\"exchange\": \(s(exchange.id)), \"name\": \(s(exchange.name)), \"year\": \(year), \"days\": [\n"
            + items.joined(separator: ",\n") + (items.isEmpty ? "" : "\n") + "], \"notModelled\": \(s(notModelled))}\n"
    }

    package static func csv(_ days: [Day]) -> String {
        (["date,kind,name,close"]
            + days.map { "\($0.date),\($0.kind),\(CSVText.quoted($0.name)),\($0.close ?? "")" }).joined(
                separator: "\n") + "\n"
    }
}
