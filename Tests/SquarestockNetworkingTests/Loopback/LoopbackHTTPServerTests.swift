import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking

/// End-to-end over real loopback sockets, with curl (libcurl, as in the app) and a raw client.
struct LoopbackHTTPServerTests {
    private static let stooqQuery = "/q/l/?s=aapl.us&f=sd2t2ohlcvn&h&e=csv"

    private static func server(_ configure: (RouteTable) -> Void) throws -> LoopbackHTTPServer {
        let routes = RouteTable()
        configure(routes)
        return try LoopbackHTTPServer(routes: routes)
    }

    @Test func routedBodyIsByteExact() throws {
        let body = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }  // every byte value, CR/LF/NUL too
        let server = try Self.server {
            $0.add(path: "/q/l/", queryContains: ["s=aapl.us"], response: LoopbackResponse(body: body))
        }
        defer { server.stop() }

        let result = try CurlRunner.run(["-A", "squarestock-test", server.url(Self.stooqQuery)])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == body)

        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.target == Self.stooqQuery)
        #expect(request.path == "/q/l/")
        #expect(request.query == "s=aapl.us&f=sd2t2ohlcvn&h&e=csv")
        #expect(request.header("user-agent") == "squarestock-test")
        #expect(request.queryItem("h") == "")
    }

    @Test func unroutedPathIs404() throws {
        let server = try Self.server { _ in }
        defer { server.stop() }
        let result = try CurlRunner.run(["-w", "%{http_code}", server.url("/nope")])
        #expect(result.text == "404 no route for GET /nope\n404")
    }

    @Test func twoURLsInOneCurlShareOneConnection() throws {
        let server = try Self.server {
            $0.add(path: "/a", response: .text("A"))
            $0.add(path: "/b", response: .text("B"))
        }
        defer { server.stop() }
        let result = try CurlRunner.run([server.url("/a"), server.url("/b")])
        #expect(result.text == "AB")
        #expect(server.requests.map(\.path) == ["/a", "/b"])
        #expect(server.connectionCount == 1)
    }

    @Test func keepAliveRoundTripsAreFast() throws {
        // 40 requests on one connection; with Nagle or split writes this takes ~1.6 s.
        let server = try Self.server { $0.add(path: "/x", response: .text(String(repeating: "x", count: 3000))) }
        defer { server.stop() }
        let transfers = Array(repeating: ["-o", "/dev/null", server.url("/x")], count: 40).flatMap { $0 }
        let result = try CurlRunner.run(["-w", "%{time_total}\n"] + transfers)
        #expect(result.exitCode == 0)
        #expect(server.connectionCount == 1)
        // The median request, not the sum: Nagle or a split write costs every request ~40 ms,
        // where a busy machine delays only some.
        let times = result.text.split(separator: "\n").compactMap { Double($0) }.sorted()
        #expect(times.count == 40 && times[20] < 0.03, "40 keep-alive requests took \(times) s")
    }

    @Test func sequenceServes503ThenRepeats200() throws {
        let server = try Self.server {
            $0.add(path: "/retry", responses: [.text("busy\n", status: 503), .text("ok\n")])
        }
        defer { server.stop() }
        let statuses = try (0..<3).map { _ in try CurlRunner.status(server.url("/retry")) }
        #expect(statuses == [503, 200, 200])
    }

    @Test func queryItemsArePercentDecoded() throws {
        let server = try LoopbackHTTPServer { request in
            .text(
                "\(request.queryItem("s") ?? "-")|\(request.queryItem("name") ?? "-")|\(request.queryItem("h") ?? "-")")
        }
        defer { server.stop() }
        let result = try CurlRunner.run([server.url("/q/l/?s=%5Espx&name=caf%C3%A9%20bar&h&e=csv")])
        #expect(result.text == "^spx|café bar|")
        #expect(server.requests.first?.query == "s=%5Espx&name=caf%C3%A9%20bar&h&e=csv")
    }

    @Test(arguments: [
        LoopbackBehaviour.truncateBody(afterBytes: 5),
        .closeAfterHeaders,
    ])
    func shortBodyIsCurlError18(_ behaviour: LoopbackBehaviour) throws {
        let server = try Self.server {
            $0.add(path: "/short", response: .text(String(repeating: "z", count: 100)).with(behaviour))
        }
        defer { server.stop() }
        let result = try CurlRunner.run([server.url("/short")])
        #expect(result.exitCode == 18, "\(result.stderr)")
    }

    @Test func resetIsCurlError56() throws {
        let server = try Self.server { $0.add(path: "/rst", response: .text("never").with(.resetConnection)) }
        defer { server.stop() }
        let result = try CurlRunner.run([server.url("/rst")])
        #expect(result.exitCode == 56, "\(result.stderr)")
    }

    @Test func delayHoldsTheWholeResponse() throws {
        let server = try Self.server { $0.add(path: "/slow", response: .text("late").with(.delay(seconds: 0.4))) }
        defer { server.stop() }
        let result = try CurlRunner.run([server.url("/slow")])
        #expect(result.text == "late")
        #expect(result.seconds >= 0.38)

        let timedOut = try CurlRunner.run([server.url("/slow")], maxTime: 0.1)
        #expect(timedOut.exitCode == 28)
    }

    @Test func stallMidBodyDeliversEverythingLate() throws {
        let body = String(repeating: "s", count: 50)
        let server = try Self.server {
            $0.add(path: "/stall", response: .text(body).with(.stallMidBody(afterBytes: 10, seconds: 0.3)))
        }
        defer { server.stop() }
        let result = try CurlRunner.run([server.url("/stall"), server.url("/stall")])
        #expect(result.text == body + body)
        #expect(result.seconds >= 0.58)
        #expect(server.connectionCount == 1)
    }

    @Test func stopIsIdempotentFastAndClosesEverything() throws {
        let server = try Self.server {
            $0.add(path: "/ok", response: .text("ok"))
            $0.add(path: "/slow", response: .text("late").with(.delay(seconds: 30)))
        }
        let idle = try RawSocketClient(port: server.port)
        try idle.send("GET /ok HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try idle.readResponse().body == Array("ok".utf8))
        let stuck = try RawSocketClient(port: server.port)
        try stuck.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        while server.requests.count < 2 { usleep(1_000) }

        let start = ContinuousClock.now
        server.stop()
        server.stop()
        // Well under the 2 s grace `stop` would wait for a stuck connection.
        #expect(ContinuousClock.now - start < .milliseconds(1_500))
        #expect(idle.peerClosed())
        #expect(stuck.peerClosed())
        #expect(throws: RawSocketClient.Failure.self) { try RawSocketClient(port: server.port) }
    }

    @Test func droppingTheServerStopsIt() throws {
        var server: LoopbackHTTPServer? = try LoopbackHTTPServer { _ in .text("x") }
        let port = server!.port
        server = nil
        #expect(throws: RawSocketClient.Failure.self) { try RawSocketClient(port: port) }
    }

    @Test func connectionCloseIsHonoured() throws {
        let server = try Self.server { $0.add(path: "/", response: .text("bye")) }
        defer { server.stop() }
        let client = try RawSocketClient(port: server.port)
        try client.send("GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.header("Connection") == "close")
        #expect(response.header("Content-Length") == "3")
        #expect(client.peerClosed())
    }

    @Test func pipelinedBareLineFeedRequestsWithBodies() throws {
        let server = try LoopbackHTTPServer { request in
            .text("\(request.method) \(request.path) \(String(decoding: request.body, as: UTF8.self))")
        }
        defer { server.stop() }
        let client = try RawSocketClient(port: server.port)
        try client.send(
            "POST /one HTTP/1.1\nHost: t\nContent-Length: 5\n\nhello"
                + "\r\nGET /two HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().body == Array("POST /one hello".utf8))
        let second = try client.readResponse()
        #expect(second.body == Array("GET /two ".utf8))
        #expect(second.header("Connection") == "keep-alive")
        #expect(server.connectionCount == 1)
        #expect(server.requests.map(\.body) == [Array("hello".utf8), []])
    }

    @Test func headIs405UnlessRoutedAndNeverHasABody() throws {
        let server = try Self.server {
            $0.add(path: "/page", response: .text("body"))
            $0.add(method: "HEAD", path: "/headed", response: .text("twelve bytes"))
        }
        defer { server.stop() }
        let client = try RawSocketClient(port: server.port)
        try client.send("HEAD /page HTTP/1.1\r\nHost: t\r\n\r\n")
        let refused = try client.readResponse(bodyExpected: false)
        #expect(refused.status == 405)
        try client.send("HEAD /headed HTTP/1.1\r\nHost: t\r\n\r\n")
        let routed = try client.readResponse(bodyExpected: false)
        #expect(routed.status == 200)
        #expect(routed.header("Content-Length") == "12")
        // If a body had leaked, this response would not parse.
        try client.send("GET /page HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().body == Array("body".utf8))
        #expect(try CurlRunner.status(server.url("/page")) == 200)
        #expect(
            try CurlRunner.run(["-X", "BREW", "-o", "/dev/null", "-w", "%{http_code}", server.url("/page")]).text
                == "405")
    }

    @Test func malformedRequestGets400AndClose() throws {
        let server = try LoopbackHTTPServer { _ in .text("unreachable") }
        defer { server.stop() }
        let client = try RawSocketClient(port: server.port)
        try client.send("NONSENSE\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 400)
        #expect(response.header("Connection") == "close")
        #expect(server.requests.isEmpty)
    }

    @Test func largeBodyWithExpectContinueIsNotDelayed() throws {
        let server = try LoopbackHTTPServer { .text("\($0.body.count)") }
        defer { server.stop() }
        let payload = String(repeating: "p", count: 100_000)  // stays under the 128 KiB argv limit
        // curl waits this long for a `100 Continue` that never comes before sending anyway.
        let result = try CurlRunner.run([
            "-H", "Expect: 100-continue", "--expect100-timeout", "10", "--data-binary", payload, server.url("/upload"),
        ])
        #expect(result.text == "100000")
        #expect(result.seconds < 5)
    }
}
