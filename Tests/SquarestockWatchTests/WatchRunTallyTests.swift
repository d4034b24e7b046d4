import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockWatch

/// `--count` counts complete refreshes over every symbol, and the exit status covers the run.
struct WatchRunTallyTests {
    typealias F = WatchFixtures

    @Test func aRoundEndsOnlyWhenEverySymbolHadAResult() {
        var t = WatchRunTally(symbols: ["AAPL", "MSFT"])
        t.record([F.ok(F.stock("AAPL", price: "101")), F.fail("MSFT", .unknownSymbol(source: "stooq"))])
        #expect(t.rounds == 1)
        // MSFT backs off; AAPL is fetched twice more on its own: still one complete refresh.
        t.record([F.ok(F.stock("AAPL", price: "102"))])
        t.record([F.ok(F.stock("AAPL", price: "103"))])
        #expect(t.rounds == 1)
        t.record([F.fail("MSFT", .unknownSymbol(source: "stooq"))])
        #expect(t.rounds == 2)
    }

    @Test func aSymbolThatNeverGotAQuoteMakesTheRunFailEvenIfTheLastBatchWasGood() {
        var t = WatchRunTally(symbols: ["AAPL", "MSFT"])
        t.record([F.ok(F.stock("AAPL", price: "101")), F.fail("MSFT", .unknownSymbol(source: "stooq"))])
        t.record([F.ok(F.stock("AAPL", price: "102"))])
        #expect(t.exitStatus == .someFailed)
        // One good quote in the run is enough, even if a later refresh failed.
        t.record([F.ok(F.stock("MSFT", price: "50"))])
        t.record([F.fail("AAPL", F.refused), F.fail("MSFT", F.refused)])
        #expect(t.exitStatus == .ok)
    }

    @Test func nothingEverFetchedIsExitThreeOnlyWhenTheSourceFailed() {
        var down = WatchRunTally(symbols: ["AAPL", "MSFT"])
        down.record([F.fail("AAPL", F.refused), F.fail("MSFT", F.refused)])
        #expect(down.exitStatus == .nothingFetched)
        var unknown = WatchRunTally(symbols: ["AAPL", "MSFT"])
        unknown.record([F.fail("AAPL", F.refused), F.fail("MSFT", .unknownSymbol(source: "stooq"))])
        #expect(unknown.exitStatus == .someFailed)
        #expect(WatchRunTally(symbols: ["AAPL"]).rounds == 0)
    }
}
