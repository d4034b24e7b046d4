/// A symbol's price history from one source, normalised: bars oldest first, exact prices, each
/// bar tied to its exchange session.
///
/// Every history decoder produces this, whatever order and layout the service sent, so charts
/// and anything else downstream never learn which service the bars came from.
public struct HistorySeries: Sendable, Equatable {
    public var symbol: String
    /// The exchange's zone: session dates are its wall-clock dates.
    public var zone: ExchangeTimeZone
    public var interval: HistoryInterval
    /// Oldest first, at most one bar per instant.
    public var bars: [Bar]
    /// The currency prices are quoted in, when the caller knows it (CSV histories do not say).
    public var currency: Currency?

    public init(
        symbol: String, zone: ExchangeTimeZone, interval: HistoryInterval, bars: [Bar], currency: Currency? = nil
    ) {
        self.symbol = symbol
        self.zone = zone
        self.interval = interval
        self.bars = bars
        self.currency = currency
    }

    /// Distinct session dates, oldest first.
    public var sessions: [CivilDate] {
        var out: [CivilDate] = []
        for b in bars where out.last != b.session { out.append(b.session) }
        return out
    }

    /// The bars of the last `count` sessions.
    public func lastSessions(_ count: Int) -> HistorySeries {
        var copy = self
        guard count > 0 else {
            copy.bars = []
            return copy
        }
        var seen = 0
        var start = bars.count
        var current: CivilDate? = nil
        while start > 0 {
            let s = bars[start - 1].session
            if s != current {
                if seen == count { break }
                seen += 1
                current = s
            }
            start -= 1
        }
        copy.bars = Array(bars[start...])
        return copy
    }

    /// The bars whose session is on or after `date`.
    public func sessions(from date: CivilDate) -> HistorySeries {
        var copy = self
        let start = bars.firstIndex { $0.session >= date } ?? bars.count
        copy.bars = Array(bars[start...])
        return copy
    }
}
