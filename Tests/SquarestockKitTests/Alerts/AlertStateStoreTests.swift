import TestSupport
import Testing

@testable import SquarestockKit

/// `check` runs that overlap (cron every minute, a slow quote): each saves only what it changed,
/// into the file as it is then, and a crossing two runs saw is reported by the first to save.
struct AlertStateStoreTests {
    func store() -> AlertStateStore {
        AlertStateStore(environment: ["XDG_STATE_HOME": TemporaryPath.make("sq-alerts")])
    }

    @Test func aSlowRunKeepsWhatAFastRunFiredMeanwhile() {
        let store = store()
        let slowLoaded = store.load()  // the slow run reads, then waits for its quote
        let fastLoaded = store.load()
        #expect(store.save(["MSFT > 1": false], loaded: fastLoaded).isEmpty)
        // The slow run's own rule did not cross: it leaves the fast run's "fired" alone.
        #expect(store.save(["SLOWX > 1": true], loaded: slowLoaded).isEmpty)
        #expect(store.load() == ["MSFT > 1": false, "SLOWX > 1": true])
    }

    @Test func aCrossingTwoRunsSawIsReportedOnce() {
        let store = store()
        let first = store.load()
        let second = store.load()
        #expect(store.save(["SLOWX > 1": false], loaded: first).isEmpty)
        #expect(store.save(["SLOWX > 1": false], loaded: second) == ["SLOWX > 1"])
        #expect(store.load() == ["SLOWX > 1": false])
        // Re-armed by a later run (the price went back), then fired again: reported.
        #expect(store.save(["SLOWX > 1": true], loaded: store.load()).isEmpty)
        #expect(store.save(["SLOWX > 1": false], loaded: store.load()).isEmpty)
    }
}
