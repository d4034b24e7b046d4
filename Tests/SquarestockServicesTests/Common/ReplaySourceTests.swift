import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import SquarestockServices

/// Replaying a recorded day: only the points up to the virtual "now" are shown.
struct ReplaySourceTests {
    typealias F = WatchFixtures
    let t0 = WatchFixtures.open

    /// Serves fixed stocks, counting how often it is asked.
    final class Recorded: QuoteSource, @unchecked Sendable {
        let name = "samples"
        let stocks: [String: Stock]
        let lock = Lock()
        var calls = 0
        init(_ stocks: [Stock]) {
            self.stocks = Dictionary(uniqueKeysWithValues: stocks.map { ($0.company.symbol, $0) })
        }
        func quotes(for symbols: [String], context: SourceContext, transport: HTTPTransport) -> [StockResult] {
            lock.withLock { calls += 1 }
            return symbols.map { s in
                StockResult(
                    symbol: s,
                    outcome: stocks[s].map { .success($0) }
                        ?? .failure(.unsupportedSymbol(source: name, reason: "no recording")))
            }
        }
    }

    final class Elapsed: @unchecked Sendable {
        let lock = Lock()
        var seconds = 0.0
        func get() -> Double { lock.withLock { seconds } }
        func set(_ s: Double) { lock.withLock { seconds = s } }
    }

    func recorded() -> Recorded {
        var aapl = F.stock(
            price: "103", lastTrade: t0.adding(seconds: 900), high: "104", low: "99",
            intraday: [(0, "100"), (300, "102"), (600, "99"), (900, "103")])
        aapl.price.volume = F.d("1000000")
        let intc = F.stock("INTC", price: "35", lastTrade: t0.adding(seconds: -86_400))
        return Recorded([aapl, intc])
    }

    @Test func showsOnlyThePointsUpToTheVirtualClock() throws {
        let rec = recorded()
        let elapsed = Elapsed()
        let replay = ReplaySource(recorded: rec, speed: 600, elapsed: { elapsed.get() })
        func aapl() throws -> Stock {
            try #require(
                replay.quotes(for: ["AAPL"], context: SourceContext(), transport: ScriptedTransportStub()).first?.stock)
        }
        var s = try aapl()
        #expect(s.intraday.count == 1)
        #expect(s.price.last == F.d("100"))
        #expect(s.price.lastTrade == t0)
        #expect(s.price.volume == nil)
        #expect(s.price.change == F.d("0"))
        elapsed.set(0.75)  // 450 virtual seconds
        s = try aapl()
        #expect(s.intraday.map(\.price) == [F.d("100"), F.d("102")])
        #expect(s.price.last == F.d("102"))
        #expect(s.price.high == F.d("102"))
        #expect(s.price.low == F.d("100"))
        #expect(s.price.changePercent == F.d("2"))
        elapsed.set(1.0)
        s = try aapl()
        #expect(s.price.last == F.d("99"))
        #expect(s.price.low == F.d("99"))
        // Once played out (900 s), the recording as it was, volume and all, for the pause
        // (300 s: a tenth of the day, at least five minutes)...
        elapsed.set(1.8)  // 1,080 virtual seconds
        s = try aapl()
        #expect(s.price.last == F.d("103"))
        #expect(s.price.high == F.d("104"))
        #expect(s.price.volume == F.d("1000000"))
        #expect(rec.calls == 1)  // read once
        #expect(replay.start(for: "AAPL") == t0)
        #expect(replay.virtualNow(for: "AAPL") == t0.adding(seconds: 1_080))
        // ...then the day again from its start.
        elapsed.set(2.1)  // 1,260 = one lap of 1,200 and 60 s
        s = try aapl()
        #expect(s.price.last == F.d("100") && s.intraday.count == 1)
        #expect(replay.virtualNow(for: "AAPL") == t0.adding(seconds: 60))
    }

    /// The moment a refresh read is kept: a screen that shows the quotes a (real) second later
    /// stamps them with what they are as of, not with the replay's clock by then, which at 600
    /// times speed has moved ten recorded minutes.
    @Test func theMomentARefreshReadIsKept() throws {
        let elapsed = Elapsed()
        let replay = ReplaySource(recorded: recorded(), speed: 600, elapsed: { elapsed.get() })
        elapsed.set(0.75)  // 450 virtual seconds
        #expect(replay.readSeconds() == 450, "before any refresh: now")
        _ = replay.quotes(for: ["AAPL"], context: SourceContext(), transport: ScriptedTransportStub())
        elapsed.set(1.75)  // a second later: 1,050 virtual seconds
        #expect(replay.readSeconds() == 450)
        #expect(replay.virtualSeconds() == 1_050)
        #expect(replay.virtualNow(for: "AAPL", asRead: true) == t0.adding(seconds: 450))
        #expect(replay.virtualNow(for: "AAPL") == t0.adding(seconds: 1_050))
    }

    @Test func symbolsWithoutIntradayStayAsRecordedAndErrorsPassThrough() throws {
        let replay = ReplaySource(recorded: recorded(), speed: 600, elapsed: { 5 })
        let results = replay.quotes(
            for: ["INTC", "XXXX"], context: SourceContext(), transport: ScriptedTransportStub())
        #expect(results[0].stock?.price.last == F.d("35"))
        #expect(results[1].error == .unsupportedSymbol(source: "samples", reason: "no recording"))
        #expect(replay.start(for: "INTC") == nil)
        #expect(replay.name == "samples")
    }

    @Test func theRealSamplesReplay() throws {
        let dir = Fixture.repositoryRoot + "/samples"
        let replay = ReplaySource(recorded: SamplesSource(), speed: 600, elapsed: { 1 })
        let context = SourceContext(settings: [SamplesService.directory: dir])
        let r = replay.quotes(for: ["AAPL"], context: context, transport: CurlTransport())
        let s = try #require(r.first?.stock)
        #expect(s.price.lastTrade?.iso8601UTC == "2025-10-29T13:40:00Z")
        #expect(s.price.last == F.d("270.05"))
        #expect(s.intraday.count == 3)
    }
}

/// A transport that must not be used.
struct ScriptedTransportStub: HTTPTransport {
    func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
        requests.map { _ in .failure(.other(host: "", code: -1, detail: "unused")) }
    }
}
