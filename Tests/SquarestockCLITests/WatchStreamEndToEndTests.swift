import Foundation
import TestSupport
import Testing

/// `watch --stream` in a real terminal (tmux) against one loopback server that answers the REST
/// poll and the WebSocket stream on the same port: the row moves with each streamed trade, the
/// header says when the stream is live and when it reconnects after the server drops it, and q
/// leaves the terminal as it was.
@Suite(.serialized)
struct WatchStreamEndToEndTests {
    /// The recorded ticker frame at `price`, traded at `time` (after the polled REST ticker's
    /// 16:43:33, or the table keeps the newer polled trade and calls the stream's older).
    static func ticker(_ price: String, sequence: Int, time: String) -> String {
        Fixture.text("coinbase/ws-exchange/inline__msgparser__ticker_BTC-USD_no-sizes_2022-06-02.json")
            .trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "\"price\":\"29940.91\"", with: "\"price\":\"\(price)\"")
            .replacingOccurrences(of: "38332655422", with: String(sequence))
            .replacingOccurrences(of: "2022-06-02T09:20:54.127011Z", with: time)
    }

    @Test(.timeLimit(.minutes(10)), .enabled(if: TmuxSession.isAvailable))
    func theTableMovesWithTheStreamAndSurvivesADroppedConnection() throws {
        let rest = CoinbaseReplay.routes()
        let session: @Sendable (WebSocketPeer) -> Void = { peer in
            guard peer.receiveText() != nil else { return }
            if peer.connection == 1 {
                peer.stayQuiet(1.5, answeringPings: true)
                peer.send(text: Self.ticker("31111.11", sequence: 38_332_655_500, time: "2026-06-19T16:44:10.100000Z"))
                peer.stayQuiet(1.5, answeringPings: true)
                peer.hangUp()
            } else {
                peer.stayQuiet(1, answeringPings: true)
                peer.send(text: Self.ticker("32222.22", sequence: 38_332_655_600, time: "2026-06-19T16:44:40.200000Z"))
                peer.stayQuiet(60, answeringPings: true)
            }
        }
        let server = try LoopbackWebSocketServer(http: { rest.respond(to: $0) }, session: session)
        let command = WatchEndToEndTests.command(
            ["BTC-USD", "--source", "coinbase", "--stream"],
            environment: [
                "SQUARESTOCK_ENDPOINT": "http://127.0.0.1:\(server.port)", "SQUARESTOCK_STREAM_BACKOFF": "1.5",
                "SQUARESTOCK_NOW": "2026-06-19T16:45:00Z",
                "XDG_CACHE_HOME": TemporaryPath.make("stream"),
            ])
        let tmux = try TmuxSession(command: command, width: 120, height: 12)
        defer { tmux.kill() }
        // The poll fills the row; the stream's first trade moves it.
        let first = tmux.waitFor(timeout: 20) { l in WatchEndToEndTests.row(l, "BTC-USD")?.contains("31,111.11") == true
        }
        #expect(first != nil, "no streamed price: \(tmux.capture())")
        #expect(first?.first?.contains("stream live") == true, "\(first ?? [])")
        // The server drops the connection: the header says so, then the next trade arrives.
        let dropped = tmux.waitFor(timeout: 20) { l in l.first?.contains("stream reconnecting") == true }
        #expect(dropped != nil, "no reconnect shown: \(tmux.capture())")
        let second = tmux.waitFor(timeout: 20) { l in
            WatchEndToEndTests.row(l, "BTC-USD")?.contains("32,222.22") == true
        }
        #expect(second != nil, "no price after the reconnect: \(tmux.capture())")
        #expect(server.connections == 2)
        #expect(server.received.count == 2 && Set(server.received).count == 1, "\(server.received)")
        tmux.sendKeys("q")
        let after = tmux.waitFor { l in l.contains("watch-exit-1=0") && l.contains { $0.contains("icanon") } }
        #expect(after.map(WatchEndToEndTests.modesRestored) == true, "\(tmux.capture())")
    }
}

/// `watch --source tradernet` on a terminal: a source with nothing but a stream streams without
/// `--stream`, never polls, and its rows come from the stream's whole quotes.
@Suite(.serialized)
struct TradernetWatchEndToEndTests {
    /// CPU seconds (user + system) process `pid` has used so far (/proc/PID/stat), or nil.
    static func cpuSeconds(pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state, ppid, ..., utime (12th) and stime (13th).
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test(.timeLimit(.minutes(10)), .enabled(if: TmuxSession.isAvailable))
    func rowsComeFromTheStreamAlone() throws {
        let full = Fixture.text("tradernet/q-SBER-full_from-legacy-docs.json")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try LoopbackWebSocketServer(
            http: { _ in LoopbackResponse(status: 500, body: Array("no REST here".utf8)) },
            session: { peer in
                guard peer.receiveText() != nil else { return }
                peer.send(text: #"["userData",{"mode":"demo"}]"#)
                peer.send(text: full)
                peer.stayQuiet(1.5, answeringPings: true)
                peer.send(text: #"["q",{"c":"SBER","n":3,"ltp":75.5}]"#)
                peer.stayQuiet(50, answeringPings: true)
            })
        let command = WatchEndToEndTests.command(
            ["SBER", "--source", "tradernet"],
            environment: [
                "SQUARESTOCK_ENDPOINT": "http://127.0.0.1:\(server.port)",
                "XDG_CACHE_HOME": TemporaryPath.make("tradernet"),
            ])
        let tmux = try TmuxSession(command: command, width: 120, height: 12)
        defer { tmux.kill() }
        // 73.565 shown at the usual two decimals, the day's range from the quote's mintp/maxtp.
        let first = tmux.waitFor(timeout: 20) { l in
            WatchEndToEndTests.row(l, "SBER").map { $0.contains("73.57") && $0.contains("73.39–74.17") } == true
        }
        #expect(first != nil, "no streamed row: \(tmux.capture())")
        #expect(first?.first?.contains("demo mode: quotes may be delayed") == true, "\(first ?? [])")
        let moved = tmux.waitFor(timeout: 20) { l in WatchEndToEndTests.row(l, "SBER")?.contains("75.50") == true }
        #expect(moved != nil, "the update did not move the row: \(tmux.capture())")
        // Never polled: no countdown to a refresh in the header, and the loop sleeps between
        // events (a stream-only source has no poll to wait for, so a wait taken from the poll
        // schedule would spin): the process used well under a second of CPU in these seconds.
        #expect(moved?.first?.contains("next in") == false, "\(moved ?? [])")
        let pid = try #require(tmux.process(named: "squarestock"))
        let cpu = try #require(Self.cpuSeconds(pid: pid))
        #expect(cpu < 0.5, "the watch loop spins: \(cpu) s of CPU")
        tmux.sendKeys("q")
        let after = tmux.waitFor { l in l.contains("watch-exit-1=0") && l.contains { $0.contains("icanon") } }
        #expect(after.map(WatchEndToEndTests.modesRestored) == true, "\(tmux.capture())")
    }
}
