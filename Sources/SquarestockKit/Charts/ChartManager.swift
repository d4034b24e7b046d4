import SquarestockCore
import SquarestockMarket
import SquarestockNetworking
import SquarestockServices

/// One symbol's history for `SquarestockApp.chart` (the facade): validates the symbol, asks one
/// history source for it, cuts the answer to the range and finds the previous close (from the
/// source's own report, or the session before the range in the same history).
public struct ChartManager: Sendable {
    package let source: HistorySource
    package let transport: HTTPTransport
    package let context: SourceContext

    package init(source: HistorySource, transport: HTTPTransport, context: SourceContext) {
        self.source = source
        self.transport = transport
        self.context = context
    }

    /// The symbol as shown (upper-cased, or sanitised when invalid) and the data or the reason.
    public func chart(symbol raw: String, range: ChartRange) -> (
        symbol: String, result: Result<ChartData, HistoryError>
    ) {
        let symbol: String
        switch SymbolSyntax.normalize(raw) {
        case .success(let s): symbol = s
        case .failure(let e): return (TerminalText.visible(raw), .failure(.response(e)))
        }
        let now = context.now
        let result = source.history(symbol: symbol, range: range, context: context, transport: transport).flatMap {
            fetched in
            ChartManager.data(symbol: symbol, range: range, fetched: fetched).map {
                Self.dated(Self.withoutClosedDayFillers($0), now: now)
            }
        }
        return (symbol, result)
    }

    /// `data` with a note when its newest bar is older than the range's bars can be without
    /// news: over 4 days and 2 sessions of its exchange's calendar missed for intraday bars (a
    /// week of holidays in Tokyo is no fault), 2 weeks and 5 sessions for daily, 2 months and 20
    /// sessions for weekly or monthly. A service answering with an old series was shown as
    /// today's chart, its axis naming months without a year. A recording says so already.
    package static func dated(_ data: ChartData, now: Instant) -> ChartData {
        guard let last = data.series.bars.last,
            !data.notes.contains(where: { $0.text.hasPrefix("recorded") })
        else { return data }
        let (limit, sessions): (Int64, Int)
        switch data.series.interval {
        case .minutes: (limit, sessions) = (4 * 86_400, 2)
        case .daily: (limit, sessions) = (14 * 86_400, 5)
        case .weekly, .monthly: (limit, sessions) = (62 * 86_400, 20)
        }
        let age = now.seconds(since: last.time)
        guard age > limit else { return data }
        // The sessions strictly between the newest bar's and today, as far as needed.
        let calendar = ChartSessionCalendars.sessions(for: data.exchange)
        let today = data.series.zone.localDateTime(at: now).date
        var missed = 0
        var day = last.session.adding(days: 1)
        while day < today && missed < sessions {
            if calendar.isSession(day) ?? !day.isWeekend { missed += 1 }
            day = day.adding(days: 1)
        }
        guard missed >= sessions else { return data }
        var dated = data
        dated.notes.append(
            .remark(
                "the newest bar is of \(last.session) (\(AgeFormatter.describe(seconds: age)) ago): the source sent no later one"
            ))
        return dated
    }

    /// `data` without the bars of no volume dated on days its exchange's calendar holds closed
    /// (a service's filler rows: Thanksgiving at the day before's close), with a note naming
    /// those days. Charted, each was a session of its own ("Thu 26" between two trading days).
    /// A bar that traded on such a day is kept: the calendar may be the one that is wrong.
    package static func withoutClosedDayFillers(_ data: ChartData) -> ChartData {
        guard let isClosed = ChartSessionCalendars.closedDays(for: data.exchange) else { return data }
        let bars = data.series.bars
        var dropped: [CivilDate] = []
        var left = Set<Int>()
        // A day's bars share their session: the calendar is asked once a day.
        var day: (date: CivilDate, closed: Bool)?
        for k in 0..<bars.count {
            let bar = bars[k]
            guard bar.volume.map({ $0.isZero }) ?? true else { continue }
            if day?.date != bar.session { day = (bar.session, isClosed(bar.session)) }
            guard day?.closed == true else { continue }
            if dropped.last != bar.session { dropped.append(bar.session) }
            left.insert(k)
        }
        // The series is copied only when a bar goes, and never to nothing.
        guard !left.isEmpty, left.count < bars.count else { return data }
        var out = data
        out.series = HistorySeries(
            symbol: data.series.symbol, zone: data.series.zone, interval: data.series.interval,
            bars: (0..<bars.count).filter { !left.contains($0) }.map { bars[$0] }, currency: data.series.currency)
        let days = dropped.prefix(5).map(\.description).joined(separator: ", ") + (dropped.count > 5 ? ", ..." : "")
        let venue = data.exchange?.name ?? "the exchange"
        out.notes.append(.remark("left out bars with no volume on days \(venue) is closed (\(days))"))
        return out
    }

    /// The range's part of `fetched` (`FetchedHistory.chartData`); an error when it holds no price at all.
    package static func data(symbol: String, range: ChartRange, fetched: FetchedHistory) -> Result<
        ChartData, HistoryError
    > {
        fetched.chartData(symbol: symbol, range: range)
    }
}
