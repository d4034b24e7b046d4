import SquarestockCore
import Synchronization

/// An exchange's trading calendar: which local dates trade, from when to when (in UTC instants),
/// with lunch breaks, early closes, holidays and one-off closures.
///
/// Regular hours come from the exchange's `hours` in the registry; `CalendarRules` supply the
/// irregular days. Each year is resolved once, on first use, into a table of `TradingDay`s with
/// instants already converted through the exchange's zone, so asking about a day afterwards is an
/// array lookup (this is what keeps `MarketBoard.statusOfAll` within microseconds).
package final class ExchangeCalendar: Sendable {
    package let exchange: Exchange
    package let zone: ExchangeTimeZone
    package let rules: CalendarRules

    /// One resolved year: a `TradingDay` and the special day's name, per day of the year.
    final class YearTable: Sendable {
        let firstDay: Int64
        let days: [TradingDay]
        let names: [String?]
        init(firstDay: Int64, days: [TradingDay], names: [String?]) {
            self.firstDay = firstDay
            self.days = days
            self.names = names
        }
    }

    private let years = Mutex<[Int: YearTable]>([:])
    /// `exchange.id` and `exchange.isContinuous`, kept so the status path reads no arrays.
    package let id: String
    let isContinuous: Bool
    /// Trades every day without exception (crypto): there is no next open or close to find.
    let neverCloses: Bool

    package init(exchange: Exchange, rules: CalendarRules) throws(TimeZoneError) {
        self.exchange = exchange
        self.zone = try ExchangeTimeZone(identifier: rules.sessionZone ?? exchange.timeZone)
        self.rules = rules
        self.id = exchange.id
        self.isContinuous = exchange.isContinuous
        self.neverCloses =
            exchange.isContinuous && rules.weekend.isEmpty && rules.rules.isEmpty && rules.oneOffs.isEmpty
    }

    /// The trading day on a local date of the exchange.
    package func session(on date: CivilDate) -> TradingDay {
        let t = table(date.year)
        return t.days[Int(date.daysSinceEpoch - t.firstDay)]
    }

    /// The holiday's or half day's name on a date ("Thanksgiving Day", "Christmas Eve"), if any.
    package func specialDayName(on date: CivilDate) -> String? {
        let t = table(date.year)
        return t.names[Int(date.daysSinceEpoch - t.firstDay)]
    }

    /// Every trading session from `from` through `to` (local dates, both inclusive).
    package func sessions(from: CivilDate, to: CivilDate) -> [TradingSession] {
        guard from <= to else { return [] }
        var out: [TradingSession] = []
        out.reserveCapacity(Int(Double(to.daysSinceEpoch - from.daysSinceEpoch + 1) * 0.7) + 1)
        forEachDay(from: from, through: to) { date, day in
            if let s = day.session(on: date) { out.append(s) }
            return true
        }
        return out
    }

    /// The first instant after `t` at which trading starts: a session's open or, with
    /// `includingBreaks`, the end of a lunch break. An open that only continues the previous
    /// day's session (around-the-clock venues) does not count. Nil if nothing opens within 400 days.
    package func nextOpen(after t: Instant, includingBreaks: Bool = true) -> Instant? {
        nextOpen(after: t, localDate: zone.localDateTime(at: t).date, includingBreaks: includingBreaks)
    }

    /// `nextOpen(after:)` for a caller that already knows the local date of `t`.
    func nextOpen(after t: Instant, localDate: CivilDate, includingBreaks: Bool = true) -> Instant? {
        if neverCloses { return nil }
        var found: Instant? = nil
        var previousClose: Instant? = nil
        scanForward(from: localDate) { day in
            guard case .open(let open, let close, _, let breakEnd, _) = day else {
                previousClose = nil
                return true
            }
            if open > t && open != previousClose {
                found = open
                return false
            }
            if includingBreaks, let be = breakEnd, be > t {
                found = be
                return false
            }
            previousClose = close
            return true
        }
        return found
    }

    /// The first instant after `t` at which trading stops: a session's close or, with
    /// `includingBreaks`, the start of a lunch break. A close followed at once by the next
    /// session's open (around-the-clock venues) does not count. Nil if nothing closes within
    /// 400 days.
    package func nextClose(after t: Instant, includingBreaks: Bool = true) -> Instant? {
        nextClose(after: t, localDate: zone.localDateTime(at: t).date, includingBreaks: includingBreaks)
    }

    /// `nextClose(after:)` for a caller that already knows the local date of `t`.
    func nextClose(after t: Instant, localDate: CivilDate, includingBreaks: Bool = true) -> Instant? {
        if neverCloses { return nil }
        var found: Instant? = nil
        var pending: Instant? = nil
        scanForward(from: localDate) { day in
            if let p = pending {
                if case .open(let open, _, _, _, _) = day, open == p {
                    pending = nil
                } else {
                    found = p
                    return false
                }
            }
            guard case .open(_, let close, let breakStart, _, _) = day else { return true }
            if includingBreaks, let bs = breakStart, bs > t {
                found = bs
                return false
            }
            if close > t { pending = close }
            return true
        }
        return found
    }

    /// Visits days from the local day before `localDate` onward (sessions never span more than a
    /// day) until `body` returns false or 400 days have passed.
    private func scanForward(from localDate: CivilDate, _ body: (TradingDay) -> Bool) {
        let start = localDate.adding(days: -1)
        forEachDay(from: start, through: start.adding(days: 400)) { _, day in body(day) }
    }

    /// Calls `body` for each date in order, taking each year's table once; stops when it returns false.
    func forEachDay(from: CivilDate, through: CivilDate, _ body: (CivilDate, TradingDay) -> Bool) {
        var day = from.daysSinceEpoch
        let last = through.daysSinceEpoch
        while day <= last {
            let date = CivilDate(daysSinceEpoch: day)
            let t = table(date.year)
            let end = min(last, t.firstDay + Int64(t.days.count) - 1)
            while day <= end {
                let i = Int(day - t.firstDay)
                if !body(CivilDate(daysSinceEpoch: day), t.days[i]) { return }
                day += 1
            }
        }
    }

    /// The resolved table of a year, built on first use.
    func table(_ year: Int) -> YearTable {
        if let t = years.withLock({ $0[year] }) { return t }
        let built = build(year)
        return years.withLock { cache in
            if let t = cache[year] { return t }
            cache[year] = built
            return built
        }
    }

    private func build(_ year: Int) -> YearTable {
        let specials = rules.specialDays(in: year)
        let first = CivilDate(year: year, month: 1, day: 1)
        let count = CivilDate.isLeapYear(year) ? 366 : 365
        var days: [TradingDay] = []
        var names: [String?] = []
        days.reserveCapacity(count)
        names.reserveCapacity(count)
        for i in 0..<count {
            let date = first.adding(days: i)
            let special = specials[date]
            names.append(special?.name)
            days.append(resolve(date, special))
        }
        return YearTable(firstDay: first.daysSinceEpoch, days: days, names: names)
    }

    private func resolve(_ date: CivilDate, _ special: SpecialDay?) -> TradingDay {
        let hours = exchange.hours(on: date)
        var open = hours.open
        var close = hours.close
        var early = false
        if rules.weekend.contains(date.isoWeekday) {
            // A weekend reads as one even when a holiday falls on it; only a one-off session opens it.
            guard case .hours? = special else { return .closed(reason: .weekend) }
        }
        if let narrowed = rules.weekdayHours[date.isoWeekday] {
            open = max(open, narrowed.open)
            close = min(close, narrowed.close)
        }
        switch special {
        case .closed(let name)?:
            return .closed(reason: .holiday(name))
        case .earlyClose(_, let m)?:
            close = min(close, m)
            early = m < hours.close
        case .hours(_, let o, let c)?:
            open = o
            close = c
            early = c < hours.close
        case .regular?, nil:
            break
        }
        var breakStart: Instant? = nil
        var breakEnd: Instant? = nil
        if var bs = hours.breakStart, var be = hours.breakEnd {
            if close <= bs || open >= be {
                // A half day ending before lunch, or a late open after it: no break.
                if open >= bs && open < be { open = be }
            } else {
                bs = max(bs, open)
                be = min(be, close)
                breakStart = instant(date, bs)
                breakEnd = instant(date, be)
            }
        }
        return .open(
            open: instant(date, open), close: instant(date, close), breakStart: breakStart,
            breakEnd: breakEnd, earlyClose: early)
    }

    private func instant(_ date: CivilDate, _ minute: Int) -> Instant {
        zone.instant(for: CivilDateTime(date: date, hour: minute / 60, minute: minute % 60))
    }
}
