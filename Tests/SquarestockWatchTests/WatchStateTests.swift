import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockMarket
@testable import SquarestockRendering
@testable import SquarestockServices
@testable import SquarestockWatch

/// What the watch screen remembers between refreshes, and when it refuses to believe a result.
struct WatchStateTests {
    typealias F = WatchFixtures
    let t0 = WatchFixtures.open

    @Test func aFailedRefreshKeepsTheLastGoodValuesMarkedStale() {
        var s = WatchState(symbols: ["AAPL", "MSFT"])
        let first = s.apply([F.ok(F.stock(price: "101")), F.ok(F.stock("MSFT", price: "50"))], now: t0, clock: 0)
        #expect(first == ["AAPL": .fresh(marketClosed: false), "MSFT": .fresh(marketClosed: false)])
        let later = t0.adding(seconds: 60)
        let second = s.apply([F.fail("AAPL", F.refused), F.fail("MSFT", F.refused)], now: later, clock: 60)
        #expect(second["AAPL"] == .sourceFailed(retryAfter: nil, rateLimited: false))
        let aapl = s["AAPL"]!
        #expect(aapl.isStale)
        #expect(aapl.stock?.price.last == F.d("101"))
        #expect(aapl.updatedAt == t0)
        #expect(aapl.failure?.since == later)
        #expect(aapl.failure?.serviceLevel == true)
        #expect(aapl.failure?.reason.contains("could not connect to 127.0.0.1:9") == true)
        // Still failing a minute later: "since" stays at the first failure.
        _ = s.apply([F.fail("AAPL", F.refused)], now: later.adding(seconds: 60), clock: 120)
        #expect(s["AAPL"]?.failure?.since == later)
        // Recovery clears the mark.
        _ = s.apply(
            [F.ok(F.stock(price: "102", lastTrade: t0.adding(seconds: 170)))], now: later.adding(seconds: 120),
            clock: 180)
        #expect(s["AAPL"]?.isStale == false)
        #expect(s["AAPL"]?.stock?.price.last == F.d("102"))
    }

    @Test func badDataForOneSymbolNeverDisturbsTheOthers() {
        var s = WatchState(symbols: ["AAPL", "XXXX", "MSFT"])
        _ = s.apply(
            [F.ok(F.stock(price: "101")), F.ok(F.stock("XXXX", price: "5")), F.ok(F.stock("MSFT", price: "50"))],
            now: t0, clock: 0)
        let outcomes = s.apply(
            [
                F.ok(F.stock(price: "102", lastTrade: t0.adding(seconds: 60))),
                F.ok(F.stock("XXXX", price: nil)),  // no price at all
                F.ok(F.stock("MSFT", price: "49", lastTrade: t0.adding(seconds: -3600))),  // older than shown
            ], now: t0.adding(seconds: 60), clock: 60)
        #expect(outcomes == ["AAPL": .fresh(marketClosed: false), "XXXX": .symbolFailed, "MSFT": .symbolFailed])
        #expect(s["AAPL"]?.stock?.price.last == F.d("102"))
        #expect(s["AAPL"]?.failure == nil)
        #expect(s["XXXX"]?.stock?.price.last == F.d("5"))
        #expect(s["XXXX"]?.failure?.reason.hasPrefix("the source sent no price") == true)
        #expect(s["MSFT"]?.stock?.price.last == F.d("50"))
        #expect(s["MSFT"]?.failure?.reason.contains("older data") == true)
        #expect(s["MSFT"]?.failure?.serviceLevel == false)
    }

    @Test func aSymbolThatNeverLoadedShowsItsErrorWithoutBeingStale() {
        var s = WatchState(symbols: ["XXXX"])
        let o = s.apply([F.fail("XXXX", .noData(source: "stooq"))], now: t0, clock: 0)
        #expect(o["XXXX"] == .symbolFailed)
        #expect(s["XXXX"]?.isStale == false)
        #expect(s["XXXX"]?.failure != nil)
    }

    @Test func changedCellsFlashInTheirDirectionAndExpire() {
        var s = WatchState(symbols: ["AAPL"], flashDuration: 1.5)
        _ = s.apply([F.ok(F.stock(price: "101", high: "102", low: "99"))], now: t0, clock: 10)
        #expect(s["AAPL"]?.flashes.isEmpty == true)  // first data: nothing to compare
        _ = s.apply(
            [F.ok(F.stock(price: "100.5", lastTrade: t0.adding(seconds: 60), high: "102", low: "98"))], now: t0,
            clock: 20)
        let e = s["AAPL"]!
        #expect(e.flash(.price, at: 20)?.direction == .down)
        #expect(e.flash(.change, at: 20)?.direction == .down)
        #expect(e.flash(.changePercent, at: 20)?.direction == .down)
        #expect(e.flash(.dayRange, at: 20)?.direction == .down)
        #expect(e.flash(.lastTrade, at: 20)?.direction == .flat)
        #expect(s.nextFlashExpiry() == 21.5)
        let early = s.expireFlashes(clock: 21.4)
        #expect(!early)
        let due = s.expireFlashes(clock: 21.5)
        #expect(due)
        #expect(s["AAPL"]?.flashes.isEmpty == true)
        #expect(s.nextFlashExpiry() == nil)
        // A value that changes below display precision does not flash.
        _ = s.apply(
            [F.ok(F.stock(price: "100.501", lastTrade: t0.adding(seconds: 60), high: "102", low: "98"))], now: t0,
            clock: 30)
        #expect(s["AAPL"]?.flash(.price, at: 30) == nil)
        // Up is up.
        _ = s.apply(
            [F.ok(F.stock(price: "103", lastTrade: t0.adding(seconds: 61), high: "103", low: "98"))], now: t0, clock: 40
        )
        #expect(s["AAPL"]?.flash(.price, at: 40)?.direction == .up)
        #expect(s["AAPL"]?.flash(.dayRange, at: 40)?.direction == .up)
    }

    @Test func livePricesExtendTheDaysSparklineBetweenBarFetches() {
        var s = WatchState(symbols: ["AAPL"])
        let bars: [(Int64, String)] = [(0, "100"), (300, "101")]
        _ = s.apply(
            [F.ok(F.stock(price: "101.2", lastTrade: t0.adding(seconds: 330), intraday: bars))], now: t0, clock: 0)
        _ = s.apply(
            [F.ok(F.stock(price: "101.4", lastTrade: t0.adding(seconds: 390), intraday: bars))], now: t0, clock: 1)
        #expect(
            s["AAPL"]?.stock?.intraday.map(\.time.secondsSinceEpoch)
                == [0, 300, 330, 390].map { t0.secondsSinceEpoch + $0 })
        // New bars replace the live points they cover.
        let more = bars + [(600, "101.5")]
        _ = s.apply(
            [F.ok(F.stock(price: "101.6", lastTrade: t0.adding(seconds: 610), intraday: more))], now: t0, clock: 2)
        #expect(s["AAPL"]?.stock?.intraday.map(\.price) == ["100", "101", "101.5", "101.6"].map(F.d))
        // A trade outside the session (after hours) is not drawn on the session's chart.
        _ = s.apply(
            [F.ok(F.stock(price: "99", lastTrade: t0.adding(seconds: 400 * 60), intraday: more))], now: t0, clock: 3)
        #expect(s["AAPL"]?.stock?.intraday.count == 4)
        // Without a session window, the source's own points are kept as they are.
        var plain = WatchState(symbols: ["AAPL"])
        _ = plain.apply([F.ok(F.stock(price: "5", withSession: false))], now: t0, clock: 0)
        #expect(plain["AAPL"]?.stock?.intraday.isEmpty == true)
    }

    @Test func closedMarketsAreReportedForSlowPolling() {
        var s = WatchState(symbols: ["AAPL"])
        let saturday = Instant(secondsSinceEpoch: 1_762_000_200)  // 2025-11-01T12:30:00Z
        let o = s.apply([F.ok(F.stock(price: "100", lastTrade: t0))], now: saturday, clock: 0)
        #expect(o["AAPL"] == .fresh(marketClosed: true))
    }

    @Test func sortingOrders() {
        var s = WatchState(symbols: ["MSFT", "AAPL", "XXXX", "IBM"])
        _ = s.apply(
            [F.ok(F.stock("MSFT", price: "99")), F.ok(F.stock(price: "103")), F.ok(F.stock("IBM", price: "101"))],
            now: t0, clock: 0)
        #expect(s.ordered(by: .yourOrder).map(\.symbol) == ["MSFT", "AAPL", "XXXX", "IBM"])
        #expect(s.ordered(by: .symbol).map(\.symbol) == ["AAPL", "IBM", "MSFT", "XXXX"])
        #expect(s.ordered(by: .changePercent).map(\.symbol) == ["AAPL", "IBM", "MSFT", "XXXX"])
        #expect(WatchSort.yourOrder.next == .changePercent)
        #expect(WatchSort.changePercent.next == .symbol)
        #expect(WatchSort.symbol.next == .yourOrder)
    }

    @Test func marketStatusIsKeptPerRowWhenARefreshApplies() {
        var s = WatchState(symbols: ["AAPL", "XXXX"])
        _ = s.apply(
            [F.ok(F.stock(price: "101", lastTrade: t0.adding(seconds: 60))), F.fail("XXXX", F.refused)],
            now: t0.adding(seconds: 60), clock: 0)
        #expect(s["AAPL"]?.marketStatus == MarketStatusReport(.open))
        // 16:00 New York, the close of a regular Wednesday.
        #expect(s["AAPL"]?.nextMarketEvent == MarketEvent(.closes, at: t0.adding(seconds: 390 * 60)))
        #expect(s["XXXX"]?.marketStatus == nil)
        // A failed refresh keeps the values but moves their status on with the clock.
        _ = s.apply([F.fail("AAPL", F.refused)], now: t0.adding(seconds: 60 * 60), clock: 60)
        #expect(s["AAPL"]?.marketStatus?.status == .delayed)
        // The scheduler's check after the close: the stored status follows.
        #expect(s.updateMarketStatus(for: "AAPL", now: t0.adding(seconds: 400 * 60)) == .post)
        #expect(s["AAPL"]?.marketStatus?.status == .post)
        #expect(s.updateMarketStatus(for: "XXXX", now: t0) == nil)
    }
}

/// Streams: a row of an open market that nothing refreshes past the feed's quiet limit is stale
/// with its age; a closed market's row never is; the next word from the stream clears it.
struct WatchStreamSilenceTests {
    typealias F = WatchFixtures

    @Test func anOpenMarketsSilentRowIsStaleUntilItSpeaks() {
        var s = WatchState(symbols: ["AAPL"])
        let t0 = F.open.adding(seconds: 3600)  // 10:30 New York, open
        _ = s.apply([F.ok(F.stock(price: "101", lastTrade: t0))], now: t0, clock: 0)
        #expect(s["AAPL"]?.marketStatus?.status == .open)
        // Heard 30 s ago on the stream, polled 200 s ago: within a 120 s limit.
        let now = t0.adding(seconds: 200)
        let changed1 = s.checkStreamSilence("AAPL", heardAgo: 30, limit: 120, now: now)
        #expect(!changed1)
        #expect(s["AAPL"]?.isStale == false)
        // Nothing on the stream for 150 s: stale since then, with the usual reason and age.
        let changed2 = s.checkStreamSilence("AAPL", heardAgo: 150, limit: 120, now: now)
        #expect(changed2)
        #expect(s["AAPL"]?.isStale == true)
        #expect(s["AAPL"]?.failure?.reason == "no stream update")
        #expect(s["AAPL"]?.failure?.since == now.adding(seconds: -150))
        // A heartbeat of its own clears it.
        let changed3 = s.checkStreamSilence("AAPL", heardAgo: 1, limit: 120, now: now)
        #expect(changed3)
        #expect(s["AAPL"]?.isStale == false)
    }

    @Test func aClosedMarketsRowIsNeverCalledStale() {
        var s = WatchState(symbols: ["AAPL"])
        let saturday = F.open.adding(seconds: 3 * 86_400)  // 2025-11-01, a Saturday
        _ = s.apply(
            [F.ok(F.stock(price: "101", lastTrade: F.open.adding(seconds: 2 * 86_400)))], now: saturday, clock: 0)
        #expect(s["AAPL"]?.marketStatus?.status == .closed)
        let changed4 = s.checkStreamSilence("AAPL", heardAgo: 10_000, limit: 120, now: saturday.adding(seconds: 10_000))
        #expect(!changed4)
        #expect(s["AAPL"]?.isStale == false)
    }

    @Test func aSilenceMarkEndsWhenTheMarketCloses() {
        var s = WatchState(symbols: ["AAPL"])
        let t0 = F.open.adding(seconds: 6 * 3600)  // 15:30 New York
        _ = s.apply([F.ok(F.stock(price: "101", lastTrade: t0))], now: t0, clock: 0)
        let quiet = t0.adding(seconds: 200)
        let marked = s.checkStreamSilence("AAPL", heardAgo: 200, limit: 120, now: quiet)
        #expect(marked && s["AAPL"]?.isStale == true)
        // 16:10, after the close (post-market): still silent, but quiet by right now.
        let closed = t0.adding(seconds: 40 * 60)
        let cleared = s.checkStreamSilence("AAPL", heardAgo: 2400, limit: 120, now: closed)
        #expect(cleared && s["AAPL"]?.isStale == false)
        #expect(s["AAPL"]?.marketStatus?.status == .post)
    }

    @Test func aFailedPollIsNotClearedByTheStreamCheck() {
        var s = WatchState(symbols: ["AAPL"])
        let t0 = F.open.adding(seconds: 3600)
        _ = s.apply([F.ok(F.stock(price: "101", lastTrade: t0))], now: t0, clock: 0)
        _ = s.apply([F.fail("AAPL", F.refused)], now: t0.adding(seconds: 60), clock: 60)
        let changed5 = s.checkStreamSilence("AAPL", heardAgo: 1, limit: 120, now: t0.adding(seconds: 61))
        #expect(!changed5)
        #expect(s["AAPL"]?.failure?.serviceLevel == true, "the poll's own failure stays")
    }
}

/// `check` across runs: the armed states a run leaves decide what the next one fires.
struct AlertStatesAcrossRunsTests {
    typealias F = WatchFixtures

    @Test func aFiredRuleReArmsOnlyWhenItStopsHolding() throws {
        let rule = try AlertRule.parse("AAPL>200").get()
        var run1 = AlertTracker(rules: [rule])
        #expect(run1.evaluate(symbol: "AAPL", stock: F.stock(price: "201")).count == 1)
        var run2 = AlertTracker(rules: [rule], armed: run1.armedStates)
        #expect(run2.evaluate(symbol: "AAPL", stock: F.stock(price: "205")).isEmpty, "still above: told already")
        var run3 = AlertTracker(rules: [rule], armed: run2.armedStates)
        #expect(run3.evaluate(symbol: "AAPL", stock: F.stock(price: "199")).isEmpty)
        var run4 = AlertTracker(rules: [rule], armed: run3.armedStates)
        #expect(run4.evaluate(symbol: "AAPL", stock: F.stock(price: "202")).count == 1, "crossed again")
    }
}

/// A quote that gives only its trading day (Alpha Vantage) is not "open" in a later session.
struct TradingDayOnlyStatusTests {
    typealias F = WatchFixtures

    @Test func aQuoteOfAnOldDayIsDelayedNotOpen() {
        // The fixture's session is Wednesday 2025-10-29; no trade time.
        let stock = F.stock(price: "101", lastTrade: nil)
        let friday = F.open.adding(seconds: 2 * 86_400 + 3600)  // Friday 10:30 New York, open
        let later = QuoteFacts(stock: stock, now: friday)
        #expect(later.status.status == .delayed, "\(later.status)")
        #expect(later.status.reason?.hasPrefix("no trade for") == true, "\(later.status)")
        // During its own session it is simply open.
        let same = QuoteFacts(stock: stock, now: F.open.adding(seconds: 3600))
        #expect(same.status.status == .open, "\(same.status)")
    }
}

/// A watch row that cannot reach its service says "no network" first, in the few columns it has.
struct UnreachableBriefTests {
    @Test func theUsefulPartFirst() {
        let session = QuoteError.sessionFailed(
            source: "yahoo",
            detail:
                "could not get a Yahoo cookie (could not resolve finance.yahoo.com; check the network connection, DNS, or the --endpoint address)"
        )
        #expect(session.brief == "no network (could not resolve finance.yahoo.com)")
        #expect(WatchFixtures.refused.brief == WatchFixtures.refused.detail, "already starts with what matters")
        #expect(QuoteError.noData(source: "stooq").brief == QuoteError.noData(source: "stooq").detail)
    }
}

/// Replays loop: each recording plays its day, pauses on its end, and starts again; the watch
/// takes the new lap's first trade instead of calling it older data.
struct ReplayLoopTests {
    typealias F = WatchFixtures

    @Test func aRecordingLoopsAfterAPause() {
        // Points every 5 minutes over an hour: the period is 60 min + 6 min of pause.
        let points = (0...12).map { i in (Int64(i) * 300, "10\(i % 10)") }
        let stock = F.stock(price: "100", intraday: points)
        #expect(ReplaySource.lap(0, of: stock) == 0)
        #expect(ReplaySource.lap(3600, of: stock) == 3600)
        #expect(ReplaySource.lap(3960, of: stock) == 0)
        #expect(ReplaySource.lap(3960 + 600, of: stock) == 600)
    }

    @Test func theNextLapIsTakenNotRefused() {
        var s = WatchState(symbols: ["AAPL"])
        s.acceptsRewinds = true
        _ = s.apply([F.ok(F.stock(price: "101", lastTrade: F.open.adding(seconds: 3600)))], now: F.open, clock: 0)
        let lap = s.apply([F.ok(F.stock(price: "100", lastTrade: F.open.adding(seconds: 60)))], now: F.open, clock: 1)
        #expect(lap["AAPL"] == .fresh(marketClosed: false))
        #expect(s["AAPL"]?.stock?.price.last == F.d("100") && s["AAPL"]?.failure == nil)
        // Without replays, older data is still refused.
        var live = WatchState(symbols: ["AAPL"])
        _ = live.apply([F.ok(F.stock(price: "101", lastTrade: F.open.adding(seconds: 3600)))], now: F.open, clock: 0)
        _ = live.apply([F.ok(F.stock(price: "100", lastTrade: F.open.adding(seconds: 60)))], now: F.open, clock: 1)
        #expect(live["AAPL"]?.failure?.reason.contains("older data") == true)
    }
}
