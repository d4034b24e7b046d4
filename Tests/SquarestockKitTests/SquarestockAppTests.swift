import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockServices

/// The facade: one call per command, the source chosen by the settings, requests through the
/// injected transport.
struct SquarestockAppTests {
    static func settings(_ config: String) throws -> Settings {
        let env = [
            "HOME": "/nonexistent-home", "SQUARESTOCK_SAMPLES": Fixture.repositoryRoot + "/samples",
            "SQUARESTOCK_NOW": "2025-10-29T16:40:00Z",
        ]
        return try Settings.resolve(.init(), environment: env, loadConfig: { _ in ConfigFile.parse(config) })
    }

    static func app(_ config: String, _ transport: ScriptedTransport) throws -> SquarestockApp {
        SquarestockApp(settings: try settings(config), transport: transport)
    }

    @Test func quoteAsksTheConfiguredSourceAndKeepsTheOrder() throws {
        // The samples are read through libcurl (file URLs), so this app has the real transport.
        let report = SquarestockApp(settings: try Self.settings("source = samples\n")).quote(
            ["MSFT", "AAPL", "A;B"], currency: nil)
        #expect(report.results.map(\.symbol) == ["MSFT", "AAPL", "A;B"])
        #expect(report.results[1].stock?.source == "samples")
        #expect(report.status == .someFailed)
        #expect(report.now.iso8601UTC == "2025-10-29T16:40:00Z")
    }

    @Test func chartReportsASourceWithoutIntradayHistoryAsAUsageError() throws {
        let transport = ScriptedTransport()
        let result = try Self.app("source = yahoo-csv\n", transport).chart("AAPL", range: .day1)
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.message == "yahoo-csv has no intraday history; use --range 1mo or longer, or another --source")
        #expect(failure.exitStatus == .usage)
        #expect(transport.requested.isEmpty)
    }

    @Test func onlineSearchGoesThroughTheTransport() throws {
        let transport = ScriptedTransport()
        transport.on("search", status: 500, text: "down")
        let report = SquarestockApp.search(
            "apple", limit: 5, exchange: nil, type: .any, environment: ["HOME": "/nonexistent-home"],
            online: try Self.app("", transport))
        #expect(transport.requested.count == 1)
        #expect(report.problems.contains { $0.hasPrefix("yahoo search: ") })
    }

    /// Doctor's setup lines and the services it asks come from the catalog, in the order doctor
    /// has always printed them: setup by session, keys and samples; the live services in catalog
    /// order (an exchange with no live host left out), the offline samples last and never
    /// counted as working.
    @Test func doctorAsksTheCatalogInItsOldOrder() throws {
        let report = try Self.app("", ScriptedTransport()).doctor()
        #expect(
            report.setup.map { String($0.prefix { $0 != ":" }) } == [
                "config file", "cache folder", "yahoo session", "stooq API key", "alphavantage API key", "samples",
                "endpoint",
            ])
        #expect(
            report.sources.map(\.name) == [
                "yahoo", "alphavantage", "stooq", "yahoo-csv", "kraken", "coinbase", "samples",
            ])
        #expect(report.working == [])
    }
}
