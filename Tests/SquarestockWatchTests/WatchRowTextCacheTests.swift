import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockWatch

/// The cells kept between frames (`WatchRowTextCache`): a frame drawn with them is the frame
/// drawn without, whatever moved (the time, a flash, a price, a failure, an alert, the sort),
/// and a row's values are made again only when the row changed.
struct WatchRowTextCacheTests {
    typealias F = WatchFixtures
    let t0 = WatchFixtures.open
    let renderer = WatchTableRenderer(palette: .colour, style: .unicode)
    let newYork = try? ExchangeTimeZone(identifier: "America/New_York")

    func header(sort: WatchSort = .yourOrder) -> WatchHeader {
        var h = WatchHeader(source: "stooq", lastSuccess: t0.adding(seconds: 7220), nextRefresh: 160, zone: newYork)
        h.sort = sort
        return h
    }

    /// The frame drawn with `kept` and without, as text with the palette's codes; they must match.
    func both(_ s: WatchState, kept: WatchRowTextCache, at seconds: Int64, clock: Double, sort: WatchSort = .yourOrder)
        -> (kept: [String], fresh: [String])
    {
        let now = t0.adding(seconds: seconds)
        let a = renderer.frame(
            state: s, header: header(sort: sort), columns: 120, rows: 14, now: now, clock: clock, kept: kept)
        let b = renderer.frame(state: s, header: header(sort: sort), columns: 120, rows: 14, now: now, clock: clock)
        return (a.lines(palette: .colour), b.lines(palette: .colour))
    }

    @Test func keptRowsDrawTheSameFrameAndAreMadeOncePerChange() {
        var s = WatchState(symbols: ["AAPL", "MSFT", "XXXX"])
        _ = s.apply(
            [
                F.ok(F.stock(price: "101.5", lastTrade: t0.adding(seconds: 7200), high: "101.5", low: "100")),
                F.ok(F.stock("MSFT", price: "49.5", previousClose: "50", lastTrade: t0.adding(seconds: 7190))),
                F.fail("XXXX", .noData(source: "stooq")),
            ],
            now: t0.adding(seconds: 7220), clock: 100)
        let kept = WatchRowTextCache()
        var frames = both(s, kept: kept, at: 7230, clock: 110)
        #expect(frames.kept == frames.fresh)
        #expect(kept.made == 3)

        // Idle seconds: the ages move on every frame, the rows are not made again.
        for k in Int64(1)...20 {
            frames = both(s, kept: kept, at: 7230 + k, clock: 110 + Double(k))
            #expect(frames.kept == frames.fresh, "\(k) s later")
        }
        #expect(frames.kept.contains { $0.contains(" 50s ") }, "\(frames.kept)")
        #expect(kept.made == 3)

        // A new price for AAPL flashes; that row alone is made again, and its flash ends on time.
        _ = s.apply(
            [F.ok(F.stock(price: "101.75", lastTrade: t0.adding(seconds: 7255), high: "101.75", low: "100"))],
            now: t0.adding(seconds: 7255), clock: 135)
        frames = both(s, kept: kept, at: 7256, clock: 135.5)
        #expect(frames.kept == frames.fresh)
        #expect(frames.kept.contains { $0.contains("\u{1B}[30;42m101.75\u{1B}[0m") }, "\(frames.kept)")
        #expect(kept.made == 4)
        frames = both(s, kept: kept, at: 7260, clock: 140)
        #expect(frames.kept == frames.fresh)
        #expect(!frames.kept.contains { $0.contains("\u{1B}[30;42m") })
        s.expireFlashes(clock: 140)
        frames = both(s, kept: kept, at: 7261, clock: 141)
        #expect(frames.kept == frames.fresh)
        #expect(kept.made == 5)

        // MSFT fails: stale, its status says for how long, and that moves with the time.
        _ = s.apply([F.fail("MSFT", F.refused)], now: t0.adding(seconds: 7262), clock: 142)
        for k in Int64(0)...3 {
            frames = both(s, kept: kept, at: 7262 + k * 30, clock: 142 + Double(k) * 30)
            #expect(frames.kept == frames.fresh, "\(k * 30) s into the failure")
        }
        #expect(kept.made == 6)

        // An alert highlights a row; another sort reorders the rows: nothing is made again for that.
        s.setActiveAlerts(["MSFT<50"], for: "MSFT")
        s.setActiveAlerts(["MSFT<50"], for: "MSFT")
        frames = both(s, kept: kept, at: 7400, clock: 280, sort: .changePercent)
        #expect(frames.kept == frames.fresh)
        #expect(kept.made == 7)
    }
}
