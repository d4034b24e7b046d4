import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockNetworking
@testable import SquarestockServices

/// The transport, the recorder and `doctor` read time only through the clocks they are given,
/// so durations and Retry-After dates are tested without waiting and without the real date.
struct ClockInjectionTests {
    /// A transport that takes `seconds` of a manual clock to answer every request with `status`.
    final class SlowTransport: HTTPTransport, @unchecked Sendable {
        let clock: ManualClock
        let seconds: Double
        let status: Int
        init(clock: ManualClock, seconds: Double, status: Int = 200) {
            self.clock = clock
            self.seconds = seconds
            self.status = status
        }
        func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
            clock.advance(by: seconds)
            return requests.map { _ in .success(HTTPResponse(status: status, body: Array("<html></html>".utf8))) }
        }
    }

    /// What a transport's sleeper was asked to wait, in order.
    final class SleepLog: @unchecked Sendable {
        private let lock = Lock()
        private var waits: [Double] = []
        var all: [Double] { lock.withLock { waits } }
        func add(_ seconds: Double) { lock.withLock { waits.append(seconds) } }
    }

    @Test func recordingTransportTimesABatchWithItsClock() {
        let clock = ManualClock(100)
        let recorder = RecordingTransport(SlowTransport(clock: clock, seconds: 0.25), clock: clock)
        _ = recorder.perform([HTTPRequest(url: "https://example.com/a")])
        #expect(recorder.entries.map(\.seconds) == [0.25])
    }

    @Test func doctorReportsTheProbeTimeOfItsClock() {
        let clock = ManualClock()
        let doctor = Doctor(sources: [StooqSource()], clock: clock)
        let reports = doctor.check(
            context: SourceContext(
                now: Instant(secondsSinceEpoch: 1_588_881_600), settings: [StooqService.apiKey: "k"]),
            transport: SlowTransport(clock: clock, seconds: 1.5))
        #expect(reports.count == 1)
        #expect(reports[0].summary.hasSuffix("(1.50 s)"), "\(reports[0].summary)")
        #expect(reports[0].requests.allSatisfy { $0.seconds == 1.5 })
    }

    /// Durations are written without Foundation's `String(format:)`, to the same digits.
    @Test func doctorWritesDurationsToTheHundredth() {
        #expect(Doctor.seconds(1.5) == "1.50 s")
        #expect(Doctor.seconds(0.004) == "0.00 s")
        #expect(Doctor.seconds(0.056) == "0.06 s")
        #expect(Doctor.seconds(12.345) == "12.35 s")
        #expect(Doctor.seconds(61) == "61.00 s")
        let clock = ManualClock()
        let recorder = RecordingTransport(SlowTransport(clock: clock, seconds: 0.0425), clock: clock)
        _ = recorder.perform([HTTPRequest(url: "https://example.com/a")])
        let line = Doctor.entryLine(recorder.entries[0])
        #expect(line.hasSuffix("  43 ms"), "\(line)")
        // A local file has no HTTP status (it read "HTTP 0").
        let file = RecordingTransport.Entry(
            url: "file:///samples/manifest.tsv", status: 0, kind: .text, seconds: 0, error: nil)
        #expect(Doctor.entryLine(file) == "    file:///samples/manifest.tsv  read, plain text  0 ms")
    }

    /// A Retry-After date is read against the injected wall clock: one second after "now" there,
    /// although the date itself is years in the past for the real clock.
    @Test func curlTransportReadsRetryAfterDatesWithItsWallClock() throws {
        let date = "Wed, 21 Oct 2015 07:28:05 GMT"
        let when = try #require(HTTPDate.parse(date))
        let routes = RouteTable()
        routes.add(
            path: "/limited",
            responses: [LoopbackResponse(status: 429, headers: [("Retry-After", date)], body: []), .text("ok")])
        let server = try LoopbackHTTPServer(routes: routes)
        let clock = ManualClock()
        let sleeps = SleepLog()
        let t = CurlTransport(
            options: TransportOptions(timeout: 5, retry: RetryPolicy(maxAttempts: 2, maxRetryAfter: 10)),
            sleeper: { seconds in
                sleeps.add(seconds)
                clock.advance(by: seconds)
            },
            clock: clock, wallClock: { when.adding(seconds: -1) })
        let r = try t.perform(HTTPRequest(url: server.url("/limited"))).get()
        #expect(r.status == 200)
        #expect(r.attempts == 2)
        #expect(sleeps.all == [1])
        #expect(r.seconds == 1)  // measured on the manual clock, which moved only by the wait
    }
}
