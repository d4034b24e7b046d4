import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockNetworking

/// The libcurl connect-only client against a loopback WebSocket server: the upgrade, a frame in
/// the same packet as the 101, subscriptions sent masked, pings answered, and each way a server
/// can end or break a stream.
@Suite(.serialized)
struct WebSocketConnectionTests {
    @Test func upgradesSubscribesAndReadsAFrameThatCameWithThe101() throws {
        let server = try LoopbackWebSocketServer { peer in
            peer.write(WebSocketPeer.frame(0x1, Array("{\"type\":\"hello\"}".utf8)))
            guard let sub = peer.receiveText() else { return }
            peer.send(text: "{\"echo\":\(sub)}")
            peer.write(WebSocketPeer.frame(0x9, Array("p".utf8)))
            peer.send(text: "after ping")
            _ = peer.receiveText(timeout: 2)
        }
        let c = try WebSocketConnection(url: server.url + "/?version=2", timeout: 5)
        #expect(try c.receive(timeout: 5) == .text(Array("{\"type\":\"hello\"}".utf8)))
        try c.send(text: "{\"subscribe\":[\"AAPL\"]}")
        #expect(try c.receive(timeout: 5) == .text(Array("{\"echo\":{\"subscribe\":[\"AAPL\"]}}".utf8)))
        #expect(try c.receive(timeout: 5) == .ping(Array("p".utf8)))
        #expect(try c.receive(timeout: 5) == .text(Array("after ping".utf8)))
        #expect(server.received == ["{\"subscribe\":[\"AAPL\"]}"])
        c.close()
    }

    @Test func aCloseFrameIsReturnedAndAHangUpIsAnError() throws {
        let closing = try LoopbackWebSocketServer { peer in peer.close(code: 1001, reason: "bye") }
        let a = try WebSocketConnection(url: closing.url, timeout: 5)
        #expect(try a.receive(timeout: 5) == .close(code: 1001, reason: "bye"))
        let hanging = try LoopbackWebSocketServer { peer in
            peer.open()
            peer.hangUp()
        }
        let b = try WebSocketConnection(url: hanging.url, timeout: 5)
        #expect(throws: WebSocketError.self) { try b.receive(timeout: 5) }
        let resetting = try LoopbackWebSocketServer { peer in
            peer.open()
            Thread.sleep(forTimeInterval: 0.1)
            peer.reset()
        }
        let r = try WebSocketConnection(url: resetting.url, timeout: 5)
        #expect(throws: WebSocketError.self) { try r.receive(timeout: 5) }
    }

    /// nil at the deadline, while the server is still silent: had `receive` waited for more, it
    /// would have seen the connection end (and thrown) instead. No clock is read, so a loaded
    /// machine cannot fail it.
    @Test func silenceIsNilAtTheDeadlineNotAHang() throws {
        let server = try LoopbackWebSocketServer { peer in
            peer.open()
            peer.stayQuiet(10)
        }
        let c = try WebSocketConnection(url: server.url, timeout: 5)
        #expect(try c.receive(timeout: 0.5) == nil)
    }

    static let broken: [(bytes: [UInt8], reason: String)] = [
        (WebSocketPeer.frame(0x1, Array("x".utf8), mask: true), "masked"),
        (WebSocketPeer.frame(0x2, [UInt8](repeating: 0, count: 5000)), "over"),
        (WebSocketPeer.frame(0x1, [0xC3, 0x28]), "UTF-8"),
    ]

    /// A masked server frame, a frame over the limit, a text frame that is not UTF-8.
    @Test(arguments: 0..<3)
    func brokenFramesEndTheStreamWithAReason(index: Int) throws {
        let (bytes, reason) = Self.broken[index]
        let server = try LoopbackWebSocketServer { peer in
            peer.write(bytes)
            peer.stayQuiet(1)
        }
        let c = try WebSocketConnection(url: server.url, timeout: 5, maxMessage: 4096)
        do {
            _ = try c.receive(timeout: 5)
            Issue.record("no error")
        } catch {
            #expect(error.description.contains(reason), "\(error)")
        }
    }

    @Test func aRefusedUpgradeIsAHandshakeError() throws {
        let http = try LoopbackHTTPServer { _ in .text("no", status: 403) }
        #expect(throws: WebSocketError.self) {
            try WebSocketConnection(url: "ws://127.0.0.1:\(http.port)/", timeout: 5)
        }
        #expect(throws: WebSocketError.self) { try WebSocketConnection(url: "ws://127.0.0.1:9/", timeout: 2) }
    }
}
