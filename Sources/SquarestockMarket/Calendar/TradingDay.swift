import SquarestockCore

/// Why an exchange does not trade on a day.
package enum ClosureReason: Sendable, Hashable, CustomStringConvertible {
    case weekend
    /// A public holiday or a one-off closure, by the name the exchange's notice uses.
    case holiday(String)

    /// `weekend`, `holiday: Thanksgiving Day`: the reason a status line shows.
    package var description: String {
        switch self {
        case .weekend: return "weekend"
        case .holiday(let name): return "holiday: " + name
        }
    }
}

/// What one local date of an exchange's calendar holds: no trading, or a session with its
/// instants already resolved through the exchange's time zone.
///
/// Instants rather than wall-clock minutes, so that DST switch days, early closes and lunch
/// breaks need no further zone arithmetic by whoever asks.
package enum TradingDay: Sendable, Hashable {
    case closed(reason: ClosureReason)
    case open(open: Instant, close: Instant, breakStart: Instant?, breakEnd: Instant?, earlyClose: Bool)

    package var isOpen: Bool {
        if case .open = self { return true }
        return false
    }

    /// The session of the day on `date`, or nil when the exchange is closed.
    package func session(on date: CivilDate) -> TradingSession? {
        guard case .open(let open, let close, let breakStart, let breakEnd, let earlyClose) = self else { return nil }
        return TradingSession(
            date: date, open: open, close: close, breakStart: breakStart, breakEnd: breakEnd,
            earlyClose: earlyClose)
    }
}

/// One trading session: the local date the exchange names it by and its instants.
package struct TradingSession: Sendable, Hashable, CustomStringConvertible {
    package var date: CivilDate
    package var open: Instant
    package var close: Instant
    /// The midday break (Tokyo, Hong Kong); nil on days without one, including half days.
    package var breakStart: Instant?
    package var breakEnd: Instant?
    /// Whether the session closes earlier than the exchange's regular close that day.
    package var earlyClose: Bool

    package init(
        date: CivilDate, open: Instant, close: Instant, breakStart: Instant? = nil, breakEnd: Instant? = nil,
        earlyClose: Bool = false
    ) {
        self.date = date
        self.open = open
        self.close = close
        self.breakStart = breakStart
        self.breakEnd = breakEnd
        self.earlyClose = earlyClose
    }

    /// Whether the exchange is trading at the instant (inside the session and outside its break).
    package func isTrading(at t: Instant) -> Bool {
        guard t >= open && t < close else { return false }
        if let bs = breakStart, let be = breakEnd, t >= bs && t < be { return false }
        return true
    }

    package var description: String {
        var s = date.description + " " + open.iso8601UTC + "-" + close.iso8601UTC
        if let bs = breakStart, let be = breakEnd { s += " break " + bs.iso8601UTC + "-" + be.iso8601UTC }
        if earlyClose { s += " (early close)" }
        return s
    }
}
