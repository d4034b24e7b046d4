import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockWatch

/// The scheduler's timing rules, stepped through with a manual clock and fixed jitter.
struct WatchSchedulerTests {
    func make(
        _ symbols: [String] = ["AAPL", "MSFT"], interval: Double = 60, jitter: Double = 0.0,
        clock: ManualClock = ManualClock(1000)
    ) -> (WatchScheduler, ManualClock) {
        let s = WatchScheduler(
            symbols: symbols, configuration: WatchSchedulerConfiguration(interval: interval), clock: clock,
            jitter: { jitter })
        return (s, clock)
    }

    @Test func everythingIsDueAtStartThenEveryInterval() {
        var (s, clock) = make()
        #expect(s.takeDue() == ["AAPL", "MSFT"])
        #expect(s.takeDue() == [])  // in flight
        #expect(s.nextWake() == nil)
        clock.advance(by: 0.5)
        s.record(["AAPL": .fresh(marketClosed: false), "MSFT": .fresh(marketClosed: false)])
        #expect(s.nextWake() == 1060.5)
        #expect(s.lastSuccess == 1000.5)
        clock.advance(by: 59.75)
        #expect(s.takeDue() == [])
        clock.advance(by: 0.25)
        #expect(s.takeDue() == ["AAPL", "MSFT"])
    }

    @Test func closedMarketsArePolledEveryFifteenMinutes() {
        var (s, clock) = make()
        _ = s.takeDue()
        s.record(["AAPL": .fresh(marketClosed: false), "MSFT": .fresh(marketClosed: true)])
        #expect(s.nextDue(of: "AAPL") == 1060)
        #expect(s.nextDue(of: "MSFT") == 1900)
        #expect(s.isMarketClosed("MSFT"))
        for _ in 0..<14 {
            clock.advance(by: 60)
            #expect(s.takeDue() == ["AAPL"])
            s.record(["AAPL": .fresh(marketClosed: false)])
        }
        clock.advance(by: 60)
        #expect(s.takeDue() == ["AAPL", "MSFT"])
    }

    @Test func aClosedMarketThatOpensIsFetchedAtOnce() {
        var (s, clock) = make()
        _ = s.takeDue()
        s.record(["AAPL": .fresh(marketClosed: true), "MSFT": .fresh(marketClosed: true)])
        clock.advance(by: 120)
        #expect(s.takeDue() == [])
        s.noteMarket(symbol: "MSFT", closed: true)
        #expect(s.takeDue() == [])
        s.noteMarket(symbol: "MSFT", closed: false)
        #expect(s.takeDue() == ["MSFT"])
        #expect(s.nextDue(of: "AAPL") == 1900)
    }

    @Test func sourceFailuresBackOffExponentiallyWithJitterAndRecover() {
        // unit 0 gives half the nominal wait: 2.5, 5, 10, 20, 40, 60 (cap 120 halved) ...
        var (s, clock) = make(jitter: 0)
        var waits: [Double] = []
        for _ in 0..<8 {
            #expect(s.takeDue() == ["AAPL", "MSFT"])
            s.record([
                "AAPL": .sourceFailed(retryAfter: nil, rateLimited: false),
                "MSFT": .sourceFailed(retryAfter: nil, rateLimited: false),
            ])
            let wake = s.nextWake()!
            waits.append(wake - clock.now())
            guard case .backingOff(let until, let failures) = s.condition else {
                Issue.record("expected backoff, got \(s.condition)")
                return
            }
            #expect(until == wake)
            #expect(failures == waits.count)
            clock.advance(by: wake - clock.now() - 0.25)
            #expect(s.takeDue() == [])  // held until the end of the wait
            clock.advance(by: 0.25)
        }
        #expect(waits == [2.5, 5, 10, 20, 40, 60, 60, 60])
        _ = s.takeDue()
        s.record(["AAPL": .fresh(marketClosed: false), "MSFT": .fresh(marketClosed: false)])
        #expect(s.condition == .healthy)
        #expect(s.nextWake() == clock.now() + 60)
        #expect(s.failures(of: "AAPL") == 0)
    }

    @Test func jitterSpreadsTheWaitBetweenHalfAndAllOfTheNominal() {
        let c = WatchSchedulerConfiguration(interval: 60)
        #expect(c.backoffBase == 5)
        #expect(c.backoffCap == 120)
        #expect(c.backoff(failures: 1, unit: 0) == 2.5)
        #expect(c.backoff(failures: 1, unit: 0.5) == 3.75)
        #expect(c.backoff(failures: 3, unit: 0.999_999) > 19.99)
        #expect(c.backoff(failures: 50, unit: 0) == 60)
        #expect(c.backoff(failures: 1, unit: .nan) == 3.75)
    }

    @Test func retryAfterHoldsTheWholeSource() {
        var (s, clock) = make(jitter: 0)
        _ = s.takeDue()
        s.record([
            "AAPL": .sourceFailed(retryAfter: 30, rateLimited: true),
            "MSFT": .sourceFailed(retryAfter: 30, rateLimited: true),
        ])
        #expect(s.condition == .rateLimited(until: 1030, retryAfter: true))
        #expect(s.nextWake() == 1030)
        clock.advance(by: 29.9)
        #expect(s.takeDue() == [])
        s.refreshNow()  // the server asked for 30 s: `r` does not override it
        #expect(s.takeDue() == [])
        clock.advance(by: 0.1)
        #expect(s.takeDue() == ["AAPL", "MSFT"])
    }

    @Test func aHugeRetryAfterIsClampedAndASmallOneStillBacksOff() {
        var (s, clock) = make(jitter: 0)
        _ = s.takeDue()
        s.record(["AAPL": .sourceFailed(retryAfter: 86_400, rateLimited: true)])
        #expect(s.nextWake() == clock.now() + 3600)
        clock.advance(by: 3600)
        _ = s.takeDue()
        // Retry-After: 1 on the second 429 in a row: the backoff (10 s nominal, 5 with this jitter) wins.
        s.record([
            "AAPL": .sourceFailed(retryAfter: 1, rateLimited: true),
            "MSFT": .sourceFailed(retryAfter: 1, rateLimited: true),
        ])
        #expect(s.nextWake() == clock.now() + 5)
    }

    @Test func a429WithoutRetryAfterBacksOffAndTheUserMayCutItShort() {
        var (s, clock) = make(jitter: 0.5)
        _ = s.takeDue()
        s.record([
            "AAPL": .sourceFailed(retryAfter: nil, rateLimited: true),
            "MSFT": .sourceFailed(retryAfter: nil, rateLimited: true),
        ])
        #expect(s.condition == .rateLimited(until: 1003.75, retryAfter: false))
        clock.advance(by: 1)
        s.refreshNow()
        #expect(s.condition == .healthy)
        #expect(s.takeDue() == ["AAPL", "MSFT"])
    }

    @Test func refreshNowLiftsABackoffAndFetchesClosedMarketsToo() {
        var (s, clock) = make(jitter: 0)
        _ = s.takeDue()
        s.record([
            "AAPL": .sourceFailed(retryAfter: nil, rateLimited: false),
            "MSFT": .sourceFailed(retryAfter: nil, rateLimited: false),
        ])
        clock.advance(by: 1)
        #expect(s.takeDue() == [])
        s.refreshNow()
        #expect(s.takeDue() == ["AAPL", "MSFT"])
        s.record(["AAPL": .fresh(marketClosed: true), "MSFT": .fresh(marketClosed: true)])
        clock.advance(by: 1)
        s.refreshNow()
        #expect(s.takeDue() == ["AAPL", "MSFT"])
    }

    @Test func badDataForOneSymbolNeverHoldsTheOthers() {
        // Jitter 0.5: backoffs are 3.75, 7.5, 15, 30, 60, 90 (cap 120 * 0.75).
        var (s, clock) = make(["AAPL", "XXXX", "MSFT"], jitter: 0.5)
        _ = s.takeDue()
        s.record(["AAPL": .fresh(marketClosed: false), "XXXX": .symbolFailed, "MSFT": .fresh(marketClosed: false)])
        #expect(s.condition == .healthy)
        #expect(s.nextDue(of: "XXXX") == 1060)  // never sooner than the interval
        for _ in 0..<4 {
            clock.advance(by: 60)
            #expect(s.takeDue() == ["AAPL", "XXXX", "MSFT"])
            s.record(["AAPL": .fresh(marketClosed: false), "XXXX": .symbolFailed, "MSFT": .fresh(marketClosed: false)])
        }
        #expect(s.failures(of: "XXXX") == 5)
        clock.advance(by: 60)
        #expect(s.takeDue() == ["AAPL", "XXXX", "MSFT"])
        s.record(["AAPL": .fresh(marketClosed: false), "XXXX": .symbolFailed, "MSFT": .fresh(marketClosed: false)])
        #expect(s.nextDue(of: "XXXX")! - clock.now() == 90)
        #expect(s.nextDue(of: "AAPL")! - clock.now() == 60)
        #expect(s.condition == .healthy)
    }

    @Test func aPartlyFailedRefreshDoesNotHoldTheSource() {
        var (s, _) = make(jitter: 0)
        _ = s.takeDue()
        s.record(["AAPL": .fresh(marketClosed: false), "MSFT": .sourceFailed(retryAfter: nil, rateLimited: false)])
        #expect(s.condition == .healthy)
        #expect(s.nextDue(of: "MSFT") == 1002.5)
    }

    @Test func pauseStopsFetchingAndResumeCatchesUp() {
        var (s, clock) = make()
        _ = s.takeDue()
        s.record(["AAPL": .fresh(marketClosed: false), "MSFT": .fresh(marketClosed: false)])
        s.setPaused(true)
        clock.advance(by: 600)
        #expect(s.takeDue() == [])
        #expect(s.nextWake() == nil)
        s.setPaused(false)
        #expect(s.takeDue() == ["AAPL", "MSFT"])
    }

    @Test func refreshNowWhilePausedRefreshesOnceAndStaysPaused() {
        var (s, clock) = make()
        _ = s.takeDue()
        s.record(["AAPL": .fresh(marketClosed: false), "MSFT": .fresh(marketClosed: false)])
        s.setPaused(true)
        clock.advance(by: 5)
        s.refreshNow()
        #expect(s.takeDue() == ["AAPL", "MSFT"])
        s.record(["AAPL": .fresh(marketClosed: false), "MSFT": .fresh(marketClosed: false)])
        clock.advance(by: 600)
        #expect(s.takeDue() == [])
        #expect(s.isPaused)
    }

    @Test func symbolsDueSoonAreBatchedWithTheDueOnes() {
        var (s, clock) = make(["A", "B", "C"], interval: 60)
        #expect(s.configuration.coalesceWindow == 5)
        _ = s.takeDue()
        s.record(["A": .fresh(marketClosed: false)])  // B and C come back later
        #expect(s.nextDue(of: "B") == 1060)  // missing from the answer: failed alone, retried after the interval
        clock.advance(by: 3)
        s.record(["B": .fresh(marketClosed: false), "C": .fresh(marketClosed: false)])
        clock.advance(by: 57)  // A due now; B and C due in 3 s: one batch
        #expect(s.takeDue() == ["A", "B", "C"])
    }

    @Test func duplicateSymbolsAreScheduledOnce() {
        var (s, _) = make(["AAPL", "AAPL", "MSFT"])
        #expect(s.symbols == ["AAPL", "MSFT"])
        #expect(s.takeDue() == ["AAPL", "MSFT"])
        #expect(s.isFetching)
    }

    @Test func outcomesMapFromQuoteErrors() {
        #expect(WatchFetchOutcome.classify(WatchFixtures.refused) == .sourceFailed(retryAfter: nil, rateLimited: false))
        #expect(
            WatchFetchOutcome.classify(.rateLimited(source: "s", detail: "", retryAfter: 7))
                == .sourceFailed(retryAfter: 7, rateLimited: true))
        #expect(
            WatchFetchOutcome.classify(.httpStatus(source: "s", status: 429, excerpt: ""))
                == .sourceFailed(retryAfter: nil, rateLimited: true))
        #expect(WatchFetchOutcome.classify(.noData(source: "s")) == .symbolFailed)
    }
}
