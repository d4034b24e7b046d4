import Foundation
import Testing
import TestSupport
@testable import SquarestockKit

/// The real libcurl transport against a real HTTP server on 127.0.0.1.
struct CurlTransportTests {
    static let fastRetry = RetryPolicy(maxAttempts: 3, baseDelay: 0.01, maxDelay: 0.05, maxRetryAfter: 2)

    func transport(timeout: Double = 5, maxBody: Int = 1 << 20, retry: RetryPolicy = fastRetry) -> CurlTransport {
        CurlTransport(options: TransportOptions(timeout: timeout, maxBodyBytes: maxBody, retry: retry))
    }

    @Test func returnsTheBodyByteForByteWithStatusAndHeaders() throws {
        let routes = RouteTable()
        let body = Fixture.bytes("stooq/quote_aapl.us_2020-05-06.csv")
        routes.add(path: "/q/l/", response: LoopbackResponse(status: 200, headers: [("Content-Type", "text/csv")], body: body))
        let server = try LoopbackHTTPServer(routes: routes)
        let r = try transport().perform(HTTPRequest(url: server.url("/q/l/?s=aapl.us"))).get()
        #expect(r.status == 200)
        #expect(r.body == body)
        #expect(r.header("content-type") == "text/csv")
        #expect(r.attempts == 1)
        #expect(server.requests.first?.header("User-Agent") == "squarestock/\(SquarestockVersion.string)")
        #expect(server.requests.first?.header("Accept-Encoding")?.contains("gzip") == true)
    }

    @Test func manyRequestsShareOneConnectionAcrossBatches() throws {
        let routes = RouteTable()
        routes.add(path: "/x", response: .text("ok"))
        let server = try LoopbackHTTPServer(routes: routes)
        let t = CurlTransport(options: TransportOptions(timeout: 5, maxConcurrent: 1))
        for _ in 0..<3 {
            let results = t.perform((0..<4).map { _ in HTTPRequest(url: server.url("/x")) })
            #expect(results.allSatisfy { (try? $0.get().body) == Array("ok".utf8) })
        }
        #expect(server.requests.count == 12)
        #expect(server.connectionCount == 1)
    }

    @Test func concurrentBatchKeepsResultsInRequestOrder() throws {
        let server = try LoopbackHTTPServer { req in
            // Later requests answer sooner, so completion order is the reverse of request order.
            let n = Int(req.queryItem("n") ?? "0") ?? 0
            return LoopbackResponse.text("\(n)").with(.delay(seconds: Double(10 - n) * 0.01))
        }
        let results = transport().perform((0..<10).map { HTTPRequest(url: server.url("/n?n=\($0)")) })
        #expect(results.map { (try? $0.get()).map { String(decoding: $0.body, as: UTF8.self) } } == (0..<10).map { "\($0)" })
    }

    @Test func retries503ThenSucceeds() throws {
        let routes = RouteTable()
        routes.add(path: "/flaky", responses: [.text("busy", status: 503), .text("busy", status: 503), .text("fine")])
        let server = try LoopbackHTTPServer(routes: routes)
        let r = try transport().perform(HTTPRequest(url: server.url("/flaky"))).get()
        #expect(r.status == 200)
        #expect(r.attempts == 3)
        #expect(server.requests.count == 3)
    }

    @Test func givesUpAfterMaxAttemptsAndReportsTheLastResponse() throws {
        let routes = RouteTable()
        routes.add(path: "/down", response: .text("down", status: 503))
        let server = try LoopbackHTTPServer(routes: routes)
        let r = try transport().perform(HTTPRequest(url: server.url("/down"))).get()
        #expect(r.status == 503)
        #expect(r.attempts == 3)
    }

    @Test func honoursShortRetryAfterAndReportsLongOnes() throws {
        let routes = RouteTable()
        routes.add(path: "/short", responses: [LoopbackResponse(status: 429, headers: [("Retry-After", "1")], body: []), .text("ok")])
        routes.add(path: "/long", response: LoopbackResponse(status: 429, headers: [("Retry-After", "3600")], body: Array("slow down".utf8)))
        let server = try LoopbackHTTPServer(routes: routes)
        let t = transport()
        let started = Date()
        let short = try t.perform(HTTPRequest(url: server.url("/short"))).get()
        #expect(short.status == 200)
        #expect(Date().timeIntervalSince(started) >= 0.9)  // it waited as told
        let long = try t.perform(HTTPRequest(url: server.url("/long"))).get()
        #expect(long.status == 429)
        #expect(long.attempts == 1)
        #expect(long.header("Retry-After") == "3600")
    }

    @Test func refusedConnectionIsACouldNotConnectError() throws {
        let server = try LoopbackHTTPServer { _ in .text("") }
        let url = server.url("/")
        server.stop()
        let r = transport().perform(HTTPRequest(url: url))
        guard case .failure(.couldNotConnect(let host, _)) = r else {
            Issue.record("expected couldNotConnect, got \(r)")
            return
        }
        #expect(host == "127.0.0.1:\(server.port)")
    }

    @Test func stalledServerTimesOut() throws {
        let server = try LoopbackHTTPServer { _ in LoopbackResponse.text("late").with(.delay(seconds: 3)) }
        let r = transport(timeout: 0.5, retry: .none).perform(HTTPRequest(url: server.url("/slow")))
        guard case .failure(.timedOut(_, let seconds)) = r else {
            Issue.record("expected timedOut, got \(r)")
            return
        }
        #expect(seconds == 0.5)
    }

    @Test func bodyLargerThanTheCapIsRefused() throws {
        let server = try LoopbackHTTPServer { _ in LoopbackResponse(body: [UInt8](repeating: 65, count: 300_000)) }
        let r = transport(maxBody: 100_000).perform(HTTPRequest(url: server.url("/big")))
        guard case .failure(let e) = r, case .responseTooLarge(_, 100_000) = e else {
            Issue.record("expected responseTooLarge, got \(r)")
            return
        }
        #expect(e.description.contains("exceeded"))
    }

    @Test func truncatedBodyIsAConnectionError() throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackResponse(body: Fixture.bytes("stooq/SYNTHETIC_daily_aapl.us_2020-05.csv")).with(.truncateBody(afterBytes: 40))
        }
        let r = transport(retry: .none).perform(HTTPRequest(url: server.url("/cut")))
        guard case .failure(.connectionClosed) = r else {
            Issue.record("expected connectionClosed, got \(r)")
            return
        }
    }

    @Test func redirectLoopStopsAtFive() throws {
        let server = try LoopbackHTTPServer { req in
            LoopbackResponse(status: 302, headers: [("Location", "/loop?\(req.query ?? "")x")], body: [])
        }
        let r = transport().perform(HTTPRequest(url: server.url("/loop?")))
        guard case .failure(.tooManyRedirects(_, 5)) = r else {
            Issue.record("expected tooManyRedirects, got \(r)")
            return
        }
        #expect(server.requests.count == 6)
    }

    @Test func followsARedirect() throws {
        let routes = RouteTable()
        routes.add(path: "/old", response: LoopbackResponse(status: 301, headers: [("Location", "/new")], body: []))
        routes.add(path: "/new", response: .text("moved"))
        let server = try LoopbackHTTPServer(routes: routes)
        let r = try transport().perform(HTTPRequest(url: server.url("/old"))).get()
        #expect(String(decoding: r.body, as: UTF8.self) == "moved")
        #expect(r.effectiveURL.hasSuffix("/new"))
    }

    @Test func readsFileURLsAndReportsMissingFiles() throws {
        let path = Fixture.testsDirectory + "/Fixtures/stooq/quote_aapl.us_2020-05-06.csv"
        let ok = try transport().perform(HTTPRequest(url: "file://" + path)).get()
        #expect(ok.status == 0 && ok.isSuccess)
        #expect(ok.body == Fixture.bytes("stooq/quote_aapl.us_2020-05-06.csv"))
        let missing = transport().perform(HTTPRequest(url: "file:///nonexistent/squarestock.csv"))
        guard case .failure(.fileNotFound("/nonexistent/squarestock.csv")) = missing else {
            Issue.record("expected fileNotFound, got \(missing)")
            return
        }
    }

    @Test func refusesOtherSchemes() {
        let r = transport().perform(HTTPRequest(url: "ftp://127.0.0.1/x"))
        guard case .failure(.invalidURL) = r else {
            Issue.record("expected invalidURL, got \(r)")
            return
        }
    }

    @Test func retryDelaysAreBoundedAndJittered() {
        let p = RetryPolicy(maxAttempts: 4, baseDelay: 0.25, maxDelay: 1, maxRetryAfter: 10)
        #expect(p.delay(afterAttempt: 1, retryAfter: nil, unit: 0) == 0.125)
        #expect(p.delay(afterAttempt: 1, retryAfter: nil, unit: 0.999)! < 0.25)
        #expect(p.delay(afterAttempt: 3, retryAfter: nil, unit: 0.999)! <= 1)
        #expect(p.delay(afterAttempt: 4, retryAfter: nil, unit: 0) == nil)
        #expect(p.delay(afterAttempt: 1, retryAfter: 5, unit: 0) == 5)
        #expect(p.delay(afterAttempt: 1, retryAfter: 11, unit: 0) == nil)
        let now = Instant(secondsSinceEpoch: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryPolicy.parseRetryAfter("Sun, 06 Nov 1994 08:49:47 GMT", now: now) == 10)
        #expect(RetryPolicy.parseRetryAfter("120", now: now) == 120)
        #expect(RetryPolicy.parseRetryAfter("soon", now: now) == nil)
        // Found while fuzzing: a year this large overflowed the day arithmetic (a trap).
        #expect(RetryPolicy.parseRetryAfter("Sun, 06 Nov 9223372036854775807 08:49:37 GMT", now: now) == nil)
        #expect(RetryPolicy.parseRetryAfter("Sun, 06 Nov 10000 08:49:37 GMT", now: now) == nil)
        #expect(RetryPolicy.parseRetryAfter("Sun, 06 Nov 0 08:49:37 GMT", now: now) == nil)
        #expect(RetryPolicy.parseRetryAfter("99999999999999999999999", now: now) == nil)
    }
}
