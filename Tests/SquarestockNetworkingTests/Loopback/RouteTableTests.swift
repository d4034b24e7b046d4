import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking
@testable import TestSupport

/// Routing and request parsing without sockets: fast, and failures point at logic, not I/O.
struct RouteTableTests {
    @Test func requestSplitsTargetAndDecodesQueryItems() {
        let request = LoopbackRequest(target: "/q/l/?s=%5Espx&f=sd2t2ohlcvn&h&e=csv&n=caf%C3%A9+bar&bad=%zz")
        #expect(request.path == "/q/l/")
        #expect(request.query == "s=%5Espx&f=sd2t2ohlcvn&h&e=csv&n=caf%C3%A9+bar&bad=%zz")
        #expect(request.queryItem("s") == "^spx")
        #expect(request.queryItem("h") == "")
        #expect(request.queryItem("n") == "café+bar")
        #expect(request.queryItem("bad") == "%zz")
        #expect(request.queryItem("missing") == nil)
        #expect(LoopbackRequest(target: "/plain").query == nil)
    }

    @Test func headerLookupIgnoresCase() {
        let request = LoopbackRequest(
            target: "/", headers: [("User-Agent", "squarestock/1"), ("X-A", "1"), ("x-a", "2")])
        #expect(request.header("user-agent") == "squarestock/1")
        #expect(request.header("X-A") == "1")
        #expect(request.header("Accept") == nil)
    }

    @Test func mostSpecificQueryMatchWins() {
        let routes = RouteTable()
        routes.add(path: "/q/l/", response: .text("any"))
        routes.add(path: "/q/l/", queryContains: ["s=aapl.us"], response: .text("aapl"))
        routes.add(path: "/q/l/", queryContains: ["s=aapl.us", "e=csv"], response: .text("aapl csv"))
        let cases: [(target: String, body: String)] = [
            ("/q/l/?s=msft.us", "any"),
            ("/q/l/?s=aapl.us", "aapl"),
            ("/q/l/?f=x&s=aapl.us&e=csv", "aapl csv"),
            ("/q/l/?ss=aapl.us", "any"),
            ("/q/l/?s=aapl%2Eus", "aapl"),
        ]
        for (target, body) in cases {
            #expect(routes.respond(to: LoopbackRequest(target: target)).body == Array(body.utf8), "\(target)")
        }
    }

    @Test func sequenceRepeatsItsLastResponse() {
        let routes = RouteTable()
        routes.add(path: "/r", responses: [.text("busy", status: 503), .text("slow", status: 429), .text("ok")])
        let statuses = (0..<5).map { _ in routes.respond(to: LoopbackRequest(target: "/r")).status }
        #expect(statuses == [503, 429, 200, 200, 200])
    }

    @Test func unroutedAndWrongMethods() {
        let routes = RouteTable()
        routes.add(path: "/get", response: .text("g"))
        routes.add(method: "HEAD", path: "/head", response: .text("h"))

        let missing = routes.respond(to: LoopbackRequest(target: "/nope?x=1"))
        #expect(missing.status == 404)
        #expect(String(decoding: missing.body, as: UTF8.self) == "404 no route for GET /nope?x=1\n")

        let wrongMethod = routes.respond(to: LoopbackRequest(method: "HEAD", target: "/get"))
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers.contains { $0.name == "Allow" && $0.value == "GET" })

        #expect(routes.respond(to: LoopbackRequest(method: "BREW", target: "/pot")).status == 405)
        #expect(routes.respond(to: LoopbackRequest(method: "HEAD", target: "/head")).status == 200)
    }

    @Test func customNotFound() {
        let routes = RouteTable(notFound: .text("gone", status: 410))
        #expect(routes.respond(to: LoopbackRequest(target: "/x")).status == 410)
    }

    @Test func readerToleratesBareLineFeedsAndFolding() throws {
        let head = Array("GET /a?b=1 HTTP/1.1\nHost: x\nX-Long: one\n two\r\n\r\n".utf8)
        let end = try #require(LoopbackRequestReader.blankLineEnd(in: head, from: 0))
        #expect(end == head.count)
        let (request, version) = try #require(LoopbackRequestReader.parseHead(head[..<end]))
        #expect(version == "HTTP/1.1")
        #expect(request.target == "/a?b=1")
        #expect(request.header("x-long") == "one two")
        #expect(LoopbackRequestReader.parseHead(Array("GARBAGE\r\n\r\n".utf8)[...]) == nil)
    }

    @Test func keepAliveDefaultsFollowTheVersion() {
        let plain = LoopbackRequest(target: "/")
        let close = LoopbackRequest(target: "/", headers: [("Connection", "Close")])
        let keep = LoopbackRequest(target: "/", headers: [("connection", "keep-alive")])
        #expect(LoopbackRequestReader.keepAlive(plain, version: "HTTP/1.1"))
        #expect(!LoopbackRequestReader.keepAlive(close, version: "HTTP/1.1"))
        #expect(!LoopbackRequestReader.keepAlive(plain, version: "HTTP/1.0"))
        #expect(LoopbackRequestReader.keepAlive(keep, version: "HTTP/1.0"))
    }
}
