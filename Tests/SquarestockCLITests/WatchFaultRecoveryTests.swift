import Foundation
import TestSupport
import Testing

/// Watch mode under every fault of `FaultInjectionTests`: the faulty symbol shows the fault as
/// its own error line, the other symbol's rows stay good, and once the server behaves again the
/// faulty row recovers by itself, without a restart (except after "retry in an hour", which
/// watch honours for the whole source).
struct WatchFaultRecoveryTests {
    static let goodFault =
        FaultInjectionTests.quoteHeader + "FAULT,42.0,43.0,41.0,42.5,1000,2025-10-28,42.0,0.5,1.19%\r\n"

    /// The server: IBM always good; FAULT faulty until `healthy` is set.
    final class Server: @unchecked Sendable {
        let lock = NSLock()
        var healthy = false
        var faultRequests = 0
        var allQuoteRequests = 0
        var server: LoopbackHTTPServer!

        init(_ c: FaultInjectionTests.Case) throws {
            server = try LoopbackHTTPServer { [self] request in
                let q = request.query ?? ""
                if q.contains("function=TIME_SERIES_INTRADAY") {
                    return .text("timestamp,open,high,low,close,volume\r\n")
                }
                lock.lock()
                allQuoteRequests += 1
                if q.contains("symbol=IBM") {
                    lock.unlock()
                    return .text(FaultInjectionTests.good)
                }
                faultRequests += 1
                let ok = healthy
                lock.unlock()
                return ok ? .text(WatchFaultRecoveryTests.goodFault) : c.response()
            }
        }

        func behave() {
            lock.lock()
            healthy = true
            lock.unlock()
        }
        var requestsForFault: Int {
            lock.lock()
            defer { lock.unlock() }
            return faultRequests
        }
        var quoteRequests: Int {
            lock.lock()
            defer { lock.unlock() }
            return allQuoteRequests
        }
    }

    @Test(.timeLimit(.minutes(10)), arguments: FaultInjectionTests.cases, FaultInjectionTests.orders)
    func faultyRowRecoversWhenTheServerBehaves(_ c: FaultInjectionTests.Case, _ order: FaultInjectionTests.SymbolOrder)
        throws
    {
        let s = try Server(c)
        var env = CLIRunner.baseEnvironment()
        env["ALPHAVANTAGE_API_KEY"] = "SECRETKEY"
        let watch = try RunningCLI(
            ["watch"] + order.symbols + [
                "--source", "alphavantage", "--endpoint", s.server.baseURL,
                "--timeout", c.timeout, "--interval", "1",
            ], environment: env)
        let sawFault = watch.waitFor(timeout: 20) { $0.contains { $0.contains(" FAULT error: ") } }
        #expect(sawFault, "\(c.name): the fault is shown")
        let honoursLongRetryAfter = c.name.contains("long Retry-After")
        s.behave()
        if honoursLongRetryAfter {
            // The service asked for an hour: a 429 holds the whole source (asking again for
            // another symbol would only be refused too), so nothing is requested meanwhile.
            let before = s.quoteRequests
            Thread.sleep(forTimeInterval: 3)
            #expect(s.quoteRequests == before, "\(c.name): Retry-After 3600 is honoured for the whole source")
            #expect(s.requestsForFault == 1, "\(c.name): the 429 was not retried")
        } else {
            #expect(
                watch.waitFor(timeout: 20) { $0.contains { $0.contains(" FAULT 42.5") } }, "\(c.name): the row recovers"
            )
        }
        let run = watch.stop()
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let faultLine = lines.first { $0.contains(" FAULT error: ") } ?? ""
        #expect(faultLine.contains(c.message), "\(c.name): \(faultLine)")
        let ibm = lines.filter { $0.contains(" IBM ") }
        #expect(
            !ibm.isEmpty && ibm.allSatisfy { $0.contains(" IBM 251.5") }, "\(c.name): IBM is never affected: \(ibm)")
        if !honoursLongRetryAfter, let recovered = lines.lastIndex(where: { $0.contains(" FAULT 42.5") }),
            let failed = lines.firstIndex(where: { $0.contains(" FAULT error: ") })
        {
            #expect(recovered > failed)
        }
        #expect(
            !run.stdout.contains("SECRETKEY") && !run.stderr.contains("SECRETKEY"), "\(c.name): the key never shows")
    }
}
