import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `watch --stream --format json` through the binary against a loopback WebSocket server
/// replaying recorded frames: subscriptions, quotes, reconnects that resubscribe to exactly the
/// same set, silence, a symbol the feed refuses, a broken frame and a trade gap.
@Suite(.serialized)
struct StreamCLITests {
    static func frame(_ file: String) -> String {
        Fixture.text(file).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    static let btc = frame("coinbase/ws-exchange/inline__msgparser__ticker_BTC-USD_no-sizes_2022-06-02.json")

    /// The trade of `btc` as connection `n` sends it: a minute later on each new connection. The
    /// same trade again on a new connection is the feed's replay of its last trade, which is not
    /// shown twice (a server that sent it again and again made `--count` wait for ever).
    static func btc(connection n: Int) -> String {
        btc.replacingOccurrences(of: "T09:20:54.127011Z", with: "T09:\(20 + n - 1):54.127011Z")
    }
    static let eth = frame("coinbase/ws-exchange/ticker-ETH-USD-2022-10-19.json").replacingOccurrences(
        of: "\n", with: ""
    )
    .replacingOccurrences(of: "  ", with: "")

    static func run(_ server: LoopbackWebSocketServer, _ args: [String], extra: [String: String] = [:]) throws -> CLIRun
    {
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_ENDPOINT"] = "http://127.0.0.1:\(server.port)"
        env["SQUARESTOCK_STREAM_BACKOFF"] = "0.05"
        for (k, v) in extra { env[k] = v }
        return try CLIRunner.run(["watch"] + args + ["--stream", "--format", "json"], environment: env)
    }

    static func lines(_ run: CLIRun, type: String) -> [String] {
        run.stdout.split(separator: "\n").map(String.init).filter { $0.contains("\"type\": \"\(type)\"") }
    }

    @Test func coinbaseTickersBecomeExactQuoteLines() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: Self.frame("coinbase/ws-exchange/subscriptions-ack-docs-shape.json"))
            peer.send(text: Self.btc(connection: peer.connection))
            peer.send(text: Self.eth)
            peer.stayQuiet(2)
        }
        let run = try Self.run(server, ["BTC-USD", "ETH-USD", "--source", "coinbase", "--count", "2"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(
            server.received == [
                #"{"type":"subscribe","product_ids":["BTC-USD","ETH-USD"],"channels":["ticker","heartbeat"]}"#
            ])
        let quotes = Self.lines(run, type: "quote")
        #expect(quotes.count == 2)
        #expect(
            quotes[0].contains(
                "\"symbol\": \"BTC-USD\", \"price\": \"29940.91\", \"bid\": \"29940.90\", \"ask\": \"29940.91\""))
        #expect(
            quotes[0].contains("\"change\": \"-1736.70\"")
                && quotes[0].contains("\"time\": \"2022-06-02T09:20:54.127011Z\""))
        #expect(quotes[1].contains("\"symbol\": \"ETH-USD\", \"price\": \"1285.22\""))
        #expect(
            run.stdout.contains(
                "\"type\": \"subscribed\", \"source\": \"coinbase\", \"symbols\": [\"ETH-USD\", \"BTC-USD\"]"))
    }

    /// Each way the first connection can end, then a second one that must subscribe to the same set.
    static let endings: [(String, @Sendable (WebSocketPeer) -> Void)] = [
        ("close frame", { $0.close(code: 1001, reason: "restart") }),
        ("hang-up without a close frame", { $0.hangUp() }),
        ("reset", { $0.reset() }),
        ("silence", { $0.stayQuiet(6) }),
        ("a masked server frame", { $0.write(WebSocketPeer.frame(0x1, Array("{}".utf8), mask: true)) }),
        ("a frame over the limit", { $0.write(WebSocketPeer.frame(0x2, [UInt8](repeating: 0x20, count: 5 << 20))) }),
        ("invalid UTF-8", { $0.write(WebSocketPeer.frame(0x1, [0x7B, 0xFF, 0x7D])) }),
    ]

    @Test(arguments: 0..<7)
    func everyFaultEndsInAReconnectWithTheSameSubscriptions(index: Int) throws {
        let name: String = Self.endings[index].0
        let ending = Self.endings[index].1
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            if peer.connection == 1 {
                peer.send(text: Self.btc(connection: peer.connection))
                ending(peer)
            } else {
                peer.send(text: Self.eth)
                peer.stayQuiet(2)
            }
        }
        let run = try Self.run(
            server, ["BTC-USD", "ETH-USD", "--source", "coinbase", "--count", "2"],
            extra: ["SQUARESTOCK_STREAM_IDLE": "2"])
        #expect(run.exitCode == 0, "\(name): \(run.stderr)")
        #expect(Self.lines(run, type: "quote").count == 2, "\(name): \(run.stdout)")
        #expect(run.stdout.contains("\"state\": \"reconnecting\""), "\(name)")
        #expect(server.connections == 2, "\(name)")
        #expect(server.received.count == 2 && Set(server.received).count == 1, "\(name): \(server.received)")
    }

    /// The server is gone (connections refused) for a while, then back on the same port: the
    /// client keeps retrying with growing waits and picks the stream up again.
    @Test func theNetworkGoesAwayAndComesBack() throws {
        let session: @Sendable (WebSocketPeer) -> Void = { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: Self.btc(connection: peer.connection))
            peer.stayQuiet(3)
        }
        let first = try LoopbackWebSocketServer(session: session)
        let port = first.port
        first.stop()
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_ENDPOINT"] = "http://127.0.0.1:\(port)"
        env["SQUARESTOCK_STREAM_BACKOFF"] = "0.2"
        let cli = try RunningCLI(
            ["watch", "BTC-USD", "--source", "coinbase", "--stream", "--format", "json", "--count", "1"],
            environment: env)
        // Back once the client has tried three times (an event, however slow the machine).
        #expect(cli.waitFor(timeout: 60) { $0.filter { $0.contains("reconnecting") }.count >= 3 })
        let back = try LoopbackWebSocketServer(port: port, session: session)
        let run = cli.finish()
        #expect(run.exitCode == 0, "\(run.stderr)")
        let attempts = Self.lines(run, type: "stream").filter { $0.contains("reconnecting") }
        #expect(attempts.count >= 3, "\(run.stdout)")
        #expect(attempts.allSatisfy { $0.contains("Couldn't connect") || $0.contains("connect") })
        #expect(Self.lines(run, type: "quote").count == 1)
        #expect(back.received.count == 1)
    }

    /// A signal ends the lines with 128 + its number, as every other watch ends on one: a script
    /// tells an interrupted `--count 100` from a finished one (it exited 0).
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalEndsTheLinesWithItsExitCode(signal: Int32) throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: Self.btc(connection: peer.connection))
            peer.stayQuiet(30)
        }
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_ENDPOINT"] = "http://127.0.0.1:\(server.port)"
        let cli = try RunningCLI(
            ["watch", "BTC-USD", "--source", "coinbase", "--stream", "--format", "json", "--count", "100"],
            environment: env)
        #expect(cli.waitFor(timeout: 60) { $0.contains { $0.contains("\"type\": \"quote\"") } })
        cli.send(signal)
        let run = cli.finish()
        #expect(run.exitCode == 128 + signal, "\(run.stderr)")
        server.stop()
    }

    @Test func aRefusedSymbolFailsAloneAndTheRestAreSubscribedAgain() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard let first = peer.receiveText() else { return }
            if first.contains("ETH-XYZ") {
                peer.send(text: Self.frame("coinbase/ws-exchange/inline__error_invalid-product.json"))
                guard let second = peer.receiveText(), !second.contains("ETH-XYZ") else { return }
            }
            peer.send(text: Self.btc(connection: peer.connection))
            peer.stayQuiet(2)
        }
        let run = try Self.run(server, ["ETH-XYZ", "BTC-USD", "--source", "coinbase", "--count", "1"])
        // A refused symbol never got a quote: 1, as for a quote of it.
        #expect(run.exitCode == 1, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                "\"type\": \"error\", \"source\": \"coinbase\", \"symbol\": \"ETH-XYZ\", \"reason\": \"ETH-XYZ is not a valid product\""
            ))
        #expect(Self.lines(run, type: "quote").first?.contains("BTC-USD") == true)
        #expect(
            server.received.last == #"{"type":"subscribe","product_ids":["BTC-USD"],"channels":["ticker","heartbeat"]}"#
        )
    }

    @Test func aHeartbeatPastTheLastTradeIsAGap() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: Self.btc(connection: peer.connection))  // trade_id 347875517
            peer.send(
                text:
                    #"{"type":"heartbeat","last_trade_id":347875520,"product_id":"BTC-USD","sequence":38332655500,"time":"2022-06-02T09:20:55.000000Z"}"#
            )
            peer.send(text: Self.btc.replacingOccurrences(of: "38332655422", with: "38332655600"))
            peer.stayQuiet(2)
        }
        let run = try Self.run(server, ["BTC-USD", "--source", "coinbase", "--count", "2"])
        #expect(
            run.stdout.contains(
                "\"type\": \"gap\", \"source\": \"coinbase\", \"symbol\": \"BTC-USD\", \"detail\": \"trades 347875518...347875520 were not received\""
            ))
    }

    /// Kraken v2: one answer per symbol, so the refused one fails alone; values are JSON numbers
    /// read from their text (the frames are in the documented shape; no Kraken frame was recorded).
    @Test func krakenV2TickerAndAPerSymbolRefusal() throws {
        let frames = [
            #"{"channel":"status","type":"update","data":[{"api_version":"v2","connection_id":13834774380200032777,"system":"online","version":"2.0.0"}]}"#,
            #"{"error":"Currency pair not supported XBT/EUR","method":"subscribe","success":false,"symbol":"XBT/EUR","time_in":"2023-09-25T09:04:31.742599Z","time_out":"2023-09-25T09:04:31.742648Z"}"#,
            #"{"method":"subscribe","result":{"channel":"ticker","symbol":"BTC/USD","snapshot":true},"success":true,"time_in":"2023-09-25T09:04:31.742599Z","time_out":"2023-09-25T09:04:31.742648Z"}"#,
            #"{"channel":"heartbeat"}"#,
            #"{"channel":"ticker","type":"snapshot","data":[{"symbol":"BTC/USD","bid":26298.2,"bid_qty":0.70045549,"ask":26298.3,"ask_qty":3.79702421,"last":26298.30000,"volume":1098.07069065,"vwap":26281.5,"low":26175.1,"high":26365.0,"change":-46.0,"change_pct":-0.17}]}"#,
        ]
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            for f in frames { peer.send(text: f) }
            peer.stayQuiet(2)
        }
        let run = try Self.run(server, ["BTC-USD", "XBT-EUR", "--source", "kraken", "--count", "1"])
        #expect(run.exitCode == 1, "\(run.stderr)")
        let subscribe = #"{"method":"subscribe","params":{"channel":"ticker","symbol":["BTC/USD","XBT/EUR"]}}"#
        #expect(server.received.first == subscribe)
        let refused =
            #""type": "error", "source": "kraken", "symbol": "XBT-EUR", "reason": "Currency pair not supported XBT/EUR""#
        #expect(run.stdout.contains(refused))
        let quote = try #require(Self.lines(run, type: "quote").first)
        let expected =
            #""symbol": "BTC-USD", "price": "26298.30000", "bid": "26298.2", "ask": "26298.3", "change": "-46.0", "changePercent": "-0.17""#
        #expect(quote.contains(expected), "\(quote)")
    }

    @Test func yahooProtobufPricingBecomesAQuote() throws {
        let b64 = Self.frame("yahoo-stream/inline__yfinance-test_PricingData_BTC-USD_2025-01-10.b64")
        let server = try LoopbackWebSocketServer { peer in
            guard peer.path == "/?version=2", peer.receiveText() != nil else { return }
            peer.send(text: "{\"type\":\"pricing\",\"message\":\"\(b64)\"}")
            peer.send(text: b64)  // the unversioned endpoint's bare form
            peer.stayQuiet(2)
        }
        let run = try Self.run(server, ["BTC-USD", "--source", "yahoo", "--count", "2"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(server.received == [#"{"subscribe":["BTC-USD"]}"#])
        let quotes = Self.lines(run, type: "quote")
        #expect(quotes.count == 2)
        #expect(quotes[0].contains("\"symbol\": \"BTC-USD\", \"price\": \"94745.08\""))
        #expect(quotes[0].contains("\"change\": \"1431.89\", \"changePercent\": \"1.53\""))
        #expect(quotes[0].contains("\"session\": \"regular\", \"time\": \"2025-01-10T11:39:00Z\""))
        #expect(quotes[0].contains("\"bid\": null"))
    }

    @Test func theConfigKeyStreamsWhereTheSourceCan() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: Self.btc(connection: peer.connection))
            peer.stayQuiet(2)
        }
        let home = TemporaryPath.make("sq-stream-config")
        try FileManager.default.createDirectory(atPath: home + "/squarestock", withIntermediateDirectories: true)
        try "stream = true\nsource = coinbase\n".write(
            toFile: home + "/squarestock/config", atomically: true, encoding: .utf8)
        var env = CLIRunner.baseEnvironment()
        env["XDG_CONFIG_HOME"] = home
        env["SQUARESTOCK_ENDPOINT"] = "http://127.0.0.1:\(server.port)"
        let run = try CLIRunner.run(["watch", "BTC-USD", "--format", "json", "--count", "1"], environment: env)
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(Self.lines(run, type: "quote").first?.contains("\"price\": \"29940.91\"") == true, "\(run.stdout)")
    }

    @Test func aSourceWithoutAStreamIsAUsageError() throws {
        let server = try LoopbackWebSocketServer { _ in }
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_ENDPOINT"] = "http://127.0.0.1:\(server.port)"
        let stooq = try CLIRunner.run(
            ["watch", "AAPL", "--stream", "--source", "stooq", "--format", "json"], environment: env)
        #expect(stooq.exitCode == 2 && stooq.stderr.contains("--source stooq has no stream"))
        // Chosen by the environment: said so, without the usage of a flag nobody gave.
        env["SQUARESTOCK_SOURCE"] = "stooq"
        let chosen = try CLIRunner.run(["watch", "AAPL", "--stream", "--format", "json"], environment: env)
        #expect(chosen.exitCode == 2 && chosen.stderr.contains("(set by SQUARESTOCK_SOURCE=stooq; fix it there)"))
        #expect(!chosen.stderr.contains("Usage:"), "\(chosen.stderr)")
    }
}

/// Tradernet: array frames with or without the `wstm` element, the full first quote merged with
/// later partial ones, a stale `n` dropped, demo mode and an error naming no ticker as notices.
@Suite(.serialized)
struct TradernetStreamCLITests {
    static func frame(_ file: String) -> String {
        Fixture.text("tradernet/" + file).replacingOccurrences(of: "\n", with: "")
            .replacingOccurrences(of: "  ", with: "")
    }

    @Test func quotesMergeByTickerAndNoticesNameNoTicker() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: #"["userData",{"mode":"demo","marketDelay":15},"wstm=2026-11-26T12:00:00"]"#)
            peer.send(text: Self.frame("q-SBER-full_from-legacy-docs.json"))
            peer.send(text: #"["q",{"c":"SBER","n":2,"ltp":73.6,"bbp":73.59},"wstm=2026-11-26T12:00:01"]"#)
            peer.send(text: #"["q",{"c":"SBER","n":1,"ltp":70.0}]"#)  // older than n 2: dropped
            peer.send(text: Self.frame("tn-nodejs-q-mock.json"))  // sizes only, no price yet: no quote
            peer.send(text: Self.frame("sdkrs-error.json"))
            peer.send(text: #"["keepAlive",[]]"#)
            peer.send(text: Self.frame("sdkrs-q-minimal.json"))
            peer.stayQuiet(2)
        }
        let run = try StreamCLITests.run(server, ["SBER", "AAPL.US", "--source", "tradernet", "--count", "3"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(server.received == [#"["quotes",["SBER","AAPL.US"]]"#])
        let quotes = StreamCLITests.lines(run, type: "quote")
        try #require(quotes.count == 3, "\(run.stdout)")
        #expect(
            quotes[0].contains(
                #""symbol": "SBER", "price": "73.565", "bid": "73.56", "ask": "73.57", "change": "-0.435", "changePercent": "-0.59", "dayVolume": "110940760""#
            ), "\(quotes[0])")
        #expect(quotes[0].contains(#""time": null"#), "ltt names no zone")
        #expect(
            quotes[1].contains(#""symbol": "SBER", "price": "73.6", "bid": "73.59", "ask": "73.57""#), "\(quotes[1])")
        #expect(quotes[2].contains(#""symbol": "AAPL.US", "price": "191.2", "bid": null"#), "\(quotes[2])")
        #expect(!run.stdout.contains("\"70.0\""))
        let notices = StreamCLITests.lines(run, type: "notice")
        #expect(
            notices == [
                #"{"type": "notice", "source": "tradernet", "text": "demo mode: quotes may be delayed"}"#,
                #"{"type": "notice", "source": "tradernet", "text": "error: boom"}"#,
            ], "\(run.stdout)")
    }

    @Test func aOneShotQuoteSaysTradernetOnlyStreams() throws {
        let run = try CLIRunner.run(["SBER", "--source", "tradernet"], environment: CLIRunner.baseEnvironment())
        #expect(run.exitCode != 0)
        #expect(run.stderr.contains("squarestock watch SBER --source tradernet --stream"), "\(run.stderr)")
    }
}
