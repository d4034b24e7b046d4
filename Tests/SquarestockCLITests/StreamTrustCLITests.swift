import Dispatch
import Foundation
import TestSupport
import Testing

/// Issue 28: streams a bad server cannot fool. A feed that stops sending but still answers pings
/// is reconnected; pings alone do not keep a heartbeat feed "live"; the backoff grows while a
/// server keeps dropping; symbols nobody asked for are not printed; a close frame's reason
/// cannot drive the terminal; Kraken's escaped strings are read as JSON.
@Suite(.serialized)
struct StreamTrustCLITests {
    static let btc = StreamCLITests.btc
    static let eth = StreamCLITests.eth

    static func run(
        _ server: LoopbackWebSocketServer, _ args: [String], format: String = "json", extra: [String: String] = [:]
    ) throws -> CLIRun {
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_ENDPOINT"] = "http://127.0.0.1:\(server.port)"
        env["SQUARESTOCK_STREAM_BACKOFF"] = "0.05"
        for (k, v) in extra { env[k] = v }
        return try CLIRunner.run(["watch"] + args + ["--stream", "--format", format], environment: env)
    }

    /// A Coinbase stream whose first connection acknowledges and then does `first` (never a feed
    /// message), and whose second sends a ticker: the client must leave the first for the second
    /// (idle limit 2 s) and print that one quote.
    static func frozenFirstConnection(
        _ first: @escaping @Sendable (WebSocketPeer) -> Void
    ) throws -> (LoopbackWebSocketServer, CLIRun) {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            if peer.connection == 1 {
                peer.send(text: StreamCLITests.frame("coinbase/ws-exchange/subscriptions-ack-docs-shape.json"))
                first(peer)
            } else {
                peer.send(text: StreamCLITests.btc(connection: peer.connection))
                peer.stayQuiet(30)
            }
        }
        let run = try Self.run(
            server, ["BTC-USD", "--source", "coinbase", "--count", "1"], extra: ["SQUARESTOCK_STREAM_IDLE": "2"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(server.connections == 2)
        #expect(StreamCLITests.lines(run, type: "quote").count == 1)
        return (server, run)
    }

    /// The first connection acknowledges and then sends nothing while answering every ping (the
    /// socket is fine, the feed froze); the client must give up on it and reconnect.
    @Test func aCoinbaseFeedThatFreezesButAnswersPingsIsReconnected() throws {
        let (_, run) = try Self.frozenFirstConnection { $0.stayQuiet(30, answeringPings: true) }
        #expect(run.stdout.contains("no data or heartbeat"), "\(run.stdout)")
    }

    /// Pings from the server prove the socket, not the feed: a server that sends only pings is
    /// left for another connection once the feed's limit has passed.
    @Test func serverPingsDoNotKeepAHeartbeatFeedAlive() throws {
        let left = LeftFlag()
        _ = try Self.frozenFirstConnection { peer in
            // Pings for up to a minute: the client must leave long before (an older build
            // stayed until the pings stopped).
            for _ in 0..<6000 {
                guard peer.write(WebSocketPeer.frame(0x9, Array("hi".utf8))) else { return left.set() }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        #expect(left.wait(seconds: 10), "the client stayed while the server only pinged")
    }

    /// A server that upgrades, sends one message and drops: each reconnect is a further attempt
    /// with a longer wait, not "attempt 1" forever.
    @Test func theBackoffGrowsWhileConnectionsDieYoung() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: StreamCLITests.btc(connection: peer.connection))
            peer.hangUp()
        }
        let run = try Self.run(
            server, ["BTC-USD", "--source", "coinbase", "--count", "4"],
            extra: ["SQUARESTOCK_STREAM_BACKOFF": "0.02", "SQUARESTOCK_STREAM_HEALTHY": "30"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let attempts = StreamCLITests.lines(run, type: "stream").filter { $0.contains("reconnecting") }
        #expect(attempts.count >= 3, "\(run.stdout)")
        #expect(
            attempts.enumerated().allSatisfy { $0.element.contains("\"attempt\": \($0.offset + 1)") }, "\(attempts)")
    }

    /// A connection that stays healthy long enough starts the count again.
    @Test func aHealthyConnectionResetsTheBackoff() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: StreamCLITests.btc(connection: peer.connection))
            if peer.connection > 1 {
                // Data for a while, then drop: healthy (SQUARESTOCK_STREAM_HEALTHY is 0.3 s).
                for _ in 0..<10 {
                    Thread.sleep(forTimeInterval: 0.1)
                    guard peer.send(text: #"{"type":"heartbeat","product_id":"BTC-USD"}"#) else { return }
                }
            }
            peer.hangUp()
        }
        let run = try Self.run(
            server, ["BTC-USD", "--source", "coinbase", "--count", "3"],
            extra: ["SQUARESTOCK_STREAM_BACKOFF": "0.02", "SQUARESTOCK_STREAM_HEALTHY": "0.3"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let attempts = StreamCLITests.lines(run, type: "stream").filter { $0.contains("reconnecting") }
        #expect(attempts.count >= 2, "\(run.stdout)")
        #expect(attempts.allSatisfy { $0.contains("\"attempt\": 1") }, "\(attempts)")
    }

    /// A ticker for a product nobody subscribed to is not a quote line.
    @Test func eventsForSymbolsNobodyAskedForAreDropped() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: Self.eth)
            peer.send(text: StreamCLITests.btc(connection: peer.connection))
            peer.stayQuiet(30)
        }
        let run = try Self.run(server, ["BTC-USD", "--source", "coinbase", "--count", "1"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("ETH-USD"), "\(run.stdout)")
        #expect(StreamCLITests.lines(run, type: "quote").first?.contains("BTC-USD") == true)
    }

    /// A close frame whose reason sets the clipboard (OSC 52), retitles the window (OSC 0) and
    /// clears the screen: the plain lines show its words, never the sequences.
    @Test func aCloseReasonCannotDriveTheTerminal() throws {
        let hostile = "bye\u{1B}]52;c;aGVsbG8=\u{07}\u{1B}]0;pwned\u{07}\u{1B}[2J now"
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            if peer.connection == 1 {
                peer.send(text: StreamCLITests.btc(connection: peer.connection))
                peer.close(code: 1001, reason: hostile)
            } else {
                peer.send(text: Self.eth.replacingOccurrences(of: "ETH-USD", with: "BTC-USD"))
                peer.stayQuiet(30)
            }
        }
        let run = try Self.run(server, ["BTC-USD", "--source", "coinbase", "--count", "2"], format: "plain")
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.contains("(1001: bye now)"), "\(run.stdout)")
        let controls = run.stdout.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" }
        #expect(controls.isEmpty, "\(run.stdout.debugDescription)")
    }

    /// Kraken's strings are JSON: an escaped symbol is its pair, and an escaped control
    /// character is removed, not printed as `\u001b`.
    @Test func krakenStringsAreReadAsJSON() throws {
        let frames = [
            #"{"method":"subscribe","result":{"channel":"ticker","symbol":"BTC/USD","snapshot":true},"success":true}"#,
            #"{"error":"bad \u001b[31mthing","method":"subscribe","success":false,"symbol":"XBT/EUR"}"#,
            #"{"channel":"ticker","type":"snapshot","data":[{"symbol":"\u0042TC\/USD","bid":26298.2,"ask":26298.3,"last":26298.3,"volume":1.5,"change":-46.0,"change_pct":-0.17}]}"#,
        ]
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            for f in frames { peer.send(text: f) }
            peer.stayQuiet(30)
        }
        let run = try Self.run(server, ["BTC-USD", "XBT-EUR", "--source", "kraken", "--count", "1"])
        #expect(run.exitCode == 1, "\(run.stderr)")  // XBT-EUR was refused
        #expect(
            StreamCLITests.lines(run, type: "quote").first?.contains("\"symbol\": \"BTC-USD\"") == true, "\(run.stdout)"
        )
        #expect(run.stdout.contains("\"reason\": \"bad thing\""), "\(run.stdout)")
        #expect(!run.stdout.contains("u001b"))
        #expect(!run.stdout.contains("heartbeat"))
    }
}

/// Issue 28: a live-book refusal that names no pair once printed `cannot stream the book of : ...`.
@Suite(.serialized)
struct LiveBookRefusalCLITests {
    @Test func aRefusalNamingNoPairNamesTheOneAskedFor() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: #"{"error":"Currency pair not supported","method":"subscribe","success":false}"#)
            peer.stayQuiet(30)
        }
        let run = try LiveBookCLITests.run(server, ["BTC-USD", "--format", "json", "--count", "1"])
        #expect(run.exitCode == 1, "\(run.stdout) \(run.stderr)")
        #expect(
            run.stderr.contains("Kraken cannot stream the book of BTC-USD: Currency pair not supported"),
            "\(run.stderr)")
    }
}

/// Set once by a server's session when the client went away.
final class LeftFlag: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func set() { semaphore.signal() }
    /// True once set; waits at most `seconds` for it (the event, not a time, is what is tested).
    func wait(seconds: Double) -> Bool { semaphore.wait(timeout: .now() + seconds) == .success }
}

/// Issue 28 review: refusals of every symbol end the stream with an error instead of
/// reconnecting to subscribe to nothing, and a refusal naming something else is still said.
@Suite(.serialized)
struct StreamRefusalCLITests {
    @Test func everySymbolRefusedEndsTheStreamWithAnError() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: StreamCLITests.frame("coinbase/ws-exchange/inline__error_invalid-product.json"))
            peer.stayQuiet(30, answeringPings: true)
        }
        let run = try StreamTrustCLITests.run(
            server, ["ETH-XYZ", "--source", "coinbase"], extra: ["SQUARESTOCK_STREAM_IDLE": "2"])
        #expect(run.exitCode == 1, "\(run.stdout) \(run.stderr)")
        #expect(run.stdout.contains("\"type\": \"error\""), "\(run.stdout)")
        #expect(server.connections == 1)
    }

    @Test func aRefusalOfSomethingNotAskedForIsANotice() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: #"{"type":"error","message":"Failed to subscribe","reason":"the feed is busy"}"#)
            peer.send(text: StreamCLITests.btc)
            peer.stayQuiet(30)
        }
        let run = try StreamTrustCLITests.run(server, ["BTC-USD", "ETH-USD", "--source", "coinbase", "--count", "1"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"type\": \"notice\""), "\(run.stdout)")
    }
}
