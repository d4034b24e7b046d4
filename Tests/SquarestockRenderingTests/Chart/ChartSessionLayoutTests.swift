import Testing

@testable import SquarestockCore
@testable import SquarestockRendering

/// Time laid out by sessions: what takes room, what is a gap, what the line may join.
struct ChartSessionLayoutTests {
    typealias S = ChartTestSeries

    func layout(
        _ s: HistorySeries, columns: Int = 100, k: Int = 1, calendar: SessionCalendar = .observed,
        hours: TradingHours? = nil
    ) -> (ChartSessionLayout, ChartSamples) {
        let l = ChartSessionLayout(
            bars: s.bars, zone: s.zone, interval: s.interval, calendar: calendar, tradingHours: hours,
            columns: columns, samplesPerColumn: k)
        return (
            l, ChartSamples(bars: s.bars, closes: s.bars.map { $0.close?.doubleValue }, layout: l, interval: s.interval)
        )
    }

    @Test func weekendsAndNightsTakeNoRoom() {
        // Friday and Monday sessions: two equal spans, one separator, Monday right after Friday.
        let s = S.intraday(dates: [S.date("2024-03-15"), S.date("2024-03-18")], start: 17_000, seed: 1)
        let (l, samples) = layout(s, columns: 99)
        #expect(l.sessions.map(\.date.description) == ["2024-03-15", "2024-03-18"])
        #expect(l.spans == [0..<49, 50..<99])
        #expect(l.separators == [49])
        // The first Monday bar opens the second span and does not join Friday's close.
        let monday = s.bars.firstIndex { $0.session == S.date("2024-03-18") }!
        #expect(l.barSample[monday] == 50)
        #expect(samples.joins[50] == false)
        #expect(samples.joins[51] == true)
    }

    @Test func aMissingSessionKeepsItsRoomOnlyWithACalendar() {
        let dates = S.weekdays(from: S.date("2024-03-11"), count: 4, skipping: [S.date("2024-03-13")])
        let s = S.intraday(dates: dates, start: 17_000, seed: 2)
        let observed = layout(s, columns: 99).0
        #expect(observed.sessions.count == 4)  // never invents a session
        let (l, samples) = layout(s, columns: 99, calendar: .weekdays)
        #expect(
            l.sessions.map(\.date.description) == [
                "2024-03-11", "2024-03-12", "2024-03-13", "2024-03-14", "2024-03-15",
            ])
        #expect(l.sessions[2].bars.isEmpty)
        // Wednesday's span holds no sample at all.
        #expect(l.spans[2].allSatisfy { !samples.has($0) })
    }

    @Test func dailySlotsBreakAtAMissingSession() {
        let missing = S.date("2024-03-13")
        let s = S.daily(
            dates: S.weekdays(from: S.date("2024-03-11"), count: 5, skipping: [missing]), start: 10_000, step: 50,
            seed: 3, symbol: "X")
        let (l, samples) = layout(s, columns: 60, calendar: .weekdays)
        #expect(l.sessions.count == 6)
        let filled = (0..<60).filter { samples.has($0) }
        #expect(filled == [5, 15, 35, 45, 55])  // slot centres; 25 (Wednesday) stays empty
        #expect(filled.map { samples.joins[$0] } == [false, true, false, true, true])
    }

    @Test func sessionsLineUpAcrossTheDSTChange() {
        // New York clocks went forward on Sunday 2021-03-14: 09:30 is 14:30Z before and 13:30Z after.
        let s = S.intraday(dates: S.weekdays(from: S.date("2021-03-11"), count: 5), start: 12_000, seed: 4)
        let (l, _) = layout(s, columns: 104)
        guard case .intraday(let start, let length) = l.mode else {
            Issue.record("intraday layout expected")
            return
        }
        #expect(start == 9 * 3600 + 1800)
        #expect(length == 6 * 3600 + 1800)
        var noonOffsets: [Int] = []
        for (i, session) in l.sessions.enumerated() {
            #expect(l.barSample[session.bars.lowerBound] == l.spans[i].lowerBound)  // 09:30 opens every span
            let noon = s.bars[session.bars].firstIndex { S.newYork.localDateTime(at: $0.time).hour == 12 }!
            noonOffsets.append(l.barSample[noon] - l.spans[i].lowerBound)
        }
        #expect(Set(noonOffsets).count == 1)  // 12:00 sits at the same place in every session
        #expect(l.spans.map(\.count) == [20, 20, 20, 20, 20])
    }

    @Test func lunchBreakDoesNotJoin() {
        let s = ChartTestSeries.tokyoDay()
        let (l, samples) = layout(s, columns: 78)
        let afternoon = s.bars.firstIndex { S.tokyo.localDateTime(at: $0.time).hour == 12 }!
        #expect(samples.joins[l.barSample[afternoon]] == false)
        #expect(samples.joins[l.barSample[afternoon + 1]] == true)
    }

    @Test func tradingHoursKeepTheUntradedRest() {
        let s = S.intraday(dates: [S.date("2024-03-15")], start: 17_000, seed: 5, until: 750)  // up to 12:30
        let (l, samples) = layout(s, columns: 78, hours: TradingHours(open: "09:30", close: "16:00"))
        #expect((0..<78).filter { samples.has($0) }.max()! < 37)  // 12:25 is 3/6.5 of the way
        #expect(l.secondsPerColumn == 300)
    }

    @Test func moreSessionsThanColumnsShareColumns() {
        let s = ChartRange.year5.trimmed(S.stooqAAPL)
        #expect(s.bars.count == 1_259)
        let (l, samples) = layout(s, columns: 90, k: 2)
        #expect(l.sampleCount == 180)
        #expect((0..<180).allSatisfy { samples.has($0) })
        #expect((1..<180).allSatisfy { samples.joins[$0] })
    }
}
