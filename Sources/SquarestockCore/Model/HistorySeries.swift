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
    /// Oldest first, at most one bar per instant; held by column (`HistoryBars`).
    public var bars: HistoryBars
    /// The currency prices are quoted in, when the caller knows it (CSV histories do not say).
    public var currency: Currency?

    public init(
        symbol: String, zone: ExchangeTimeZone, interval: HistoryInterval, bars: HistoryBars, currency: Currency? = nil
    ) {
        self.symbol = symbol
        self.zone = zone
        self.interval = interval
        self.bars = bars
        self.currency = currency
    }

    /// From bars one struct each (the JSON chart decoders, tests): stored by column.
    public init(
        symbol: String, zone: ExchangeTimeZone, interval: HistoryInterval, bars: [Bar], currency: Currency? = nil
    ) {
        self.init(symbol: symbol, zone: zone, interval: interval, bars: HistoryBars(bars), currency: currency)
    }

    /// Distinct session dates, oldest first.
    public var sessions: [CivilDate] {
        var out: [CivilDate] = []
        var last: Int64? = nil
        for i in bars.indices {
            let day = bars.sessionDay(at: i)
            if day != last { out.append(CivilDate(daysSinceEpoch: day)) }
            last = day
        }
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
        copy.bars = HistoryBars(bars[start...])
        return copy
    }

    /// The bars whose session is on or after `date`.
    public func sessions(from date: CivilDate) -> HistorySeries {
        var copy = self
        let start = bars.firstIndex { $0.session >= date } ?? bars.count
        copy.bars = HistoryBars(bars[start...])
        return copy
    }
}
