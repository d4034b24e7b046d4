import Foundation
import TestSupport
import Testing

/// `book --live` through the binary against a loopback Kraken v2 server: the documented
/// snapshot, an update whose checksum agrees, one that does not (that one book is subscribed
/// again, once, and updates are ignored until the fresh snapshot), the cut to `--depth`, the
/// table off a terminal, a refused pair and an exchange without a live book.
@Suite(.serialized)
struct LiveBookCLITests {
    static let snapshot = Fixture.text("kraken-stream/SYNTHETIC_book_snapshot_BTC-USD_docs-example.json")
        .trimmingCharacters(in: .whitespacesAndNewlines)
    /// Adds a bid above the best and takes the best ask away; 4015869771 is zlib's CRC-32 of the
    /// resulting top 10 (computed independently in Python).
    static func update(checksum: UInt32) -> String {
        #"{"channel":"book","type":"update","data":[{"symbol":"BTC/USD","bids":[{"price":45284.0,"qty":0.50000000}],"asks":[{"price":45285.2,"qty":0}],"checksum":\#(checksum),"timestamp":"2023-10-06T17:35:56.000000Z"}]}"#
    }
    static let subscribe = #"{"method":"subscribe","params":{"channel":"book","symbol":["BTC/USD"],"depth":10}}"#
    static let unsubscribe = #"{"method":"unsubscribe","params":{"channel":"book","symbol":["BTC/USD"],"depth":10}}"#

    static func run(_ server: LoopbackWebSocketServer, _ args: [String]) throws -> CLIRun {
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_ENDPOINT"] = "http://127.0.0.1:\(server.port)"
        env["SQUARESTOCK_STREAM_BACKOFF"] = "0.05"
        return try CLIRunner.run(["book"] + args + ["--exchange", "kraken", "--live"], environment: env)
    }

    static func books(_ run: CLIRun) -> [String] {
        run.stdout.split(separator: "\n").map(String.init).filter { $0.contains("\"type\": \"book\"") }
    }

    @Test func aChecksumMismatchResyncsThatBookOnce() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(
                text:
                    #"{"method":"subscribe","result":{"channel":"book","symbol":"BTC/USD","depth":10,"snapshot":true},"success":true,"time_in":"2023-10-06T17:35:55.000000Z","time_out":"2023-10-06T17:35:55.000100Z"}"#
            )
            peer.send(text: Self.snapshot)
            peer.send(text: Self.update(checksum: 4_015_869_771))
            peer.send(text: Self.update(checksum: 123))
            peer.send(text: Self.update(checksum: 456))  // ignored: the resync's snapshot is awaited
            guard peer.receiveText() != nil, peer.receiveText() != nil else { return }
            peer.send(text: Self.snapshot)
            peer.stayQuiet(3)
        }
        let run = try Self.run(server, ["BTC-USD", "--depth", "3", "--format", "json", "--count", "4"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(server.received == [Self.subscribe, Self.unsubscribe, Self.subscribe])
        let books = Self.books(run)
        try #require(books.count == 4, "\(run.stdout)")
        #expect(
            books[0].contains(
                #""symbol": "BTC-USD", "check": "verified", "time": null, "bids": [["45283.5", "0.10000000"], ["45283.4", "1.54582015"], ["45282.1", "0.10000000"]], "asks": [["45285.2", "0.00100000"], ["45286.4", "1.54571953"], ["45286.6", "1.54571109"]]"#
            ), "\(books[0])")
        #expect(
            books[1].contains(
                #""check": "verified", "time": "2023-10-06T17:35:56Z", "bids": [["45284.0", "0.50000000"]"#)
                && books[1].contains(#""asks": [["45286.4", "1.54571953"]"#), "\(books[1])")
        #expect(books[2].contains(#""check": "resyncing", "expected": 123, "computed": 4015869771"#), "\(books[2])")
        #expect(books[3].contains(#""check": "verified""#) && books[3].contains(#""bids": [["45283.5", "0.10000000"]"#))
    }

    @Test func offATerminalTheTableIsPrintedPerChange() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: Self.snapshot)
            peer.stayQuiet(3)
        }
        let run = try Self.run(server, ["BTC-USD", "--depth", "2", "--format", "table", "--count", "1"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("BTC-USD  Kraken · live  checksum verified") == true, "\(run.stdout)")
        #expect(lines.contains { $0.contains("45283.5") && $0.contains("45285.2") }, "\(run.stdout)")
        #expect(lines.contains { $0.contains("45283.4") && $0.contains("45286.4") })
        #expect(!lines.contains { $0.contains("45282.1") }, "cut to --depth 2")
        #expect(lines.contains { $0.hasPrefix("spread 1.7") })
    }

    @Test func aRefusedPairEndsWithItsReason() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(
                text:
                    #"{"error":"Currency pair not supported XYZ/USD","method":"subscribe","success":false,"symbol":"XYZ/USD","time_in":"2023-09-25T09:04:31.742599Z","time_out":"2023-09-25T09:04:31.742648Z"}"#
            )
            peer.stayQuiet(3)
        }
        let run = try Self.run(server, ["XYZ-USD", "--format", "json"])
        #expect(run.exitCode == 1)
        #expect(
            run.stderr.contains("Kraken cannot stream the book of XYZ-USD: Currency pair not supported XYZ/USD"),
            "\(run.stderr)")
    }

    @Test func anExchangeWithoutALiveBookIsAUsageError() throws {
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_ENDPOINT"] = "http://127.0.0.1:9"
        let coinbase = try CLIRunner.run(["book", "BTC-USD", "--exchange", "coinbase", "--live"], environment: env)
        #expect(coinbase.exitCode == 2 && coinbase.stderr.contains("--exchange coinbase has no live book"))
        let csv = try CLIRunner.run(
            ["book", "BTC-USD", "--exchange", "kraken", "--live", "--format", "csv"], environment: env)
        #expect(csv.exitCode == 2 && csv.stderr.contains("drop --format csv"))
        let count = try CLIRunner.run(["book", "BTC-USD", "--exchange", "kraken", "--count", "2"], environment: env)
        #expect(count.exitCode == 2 && count.stderr.contains("add --live"))
        let theme = try CLIRunner.run(["book", "BTC-USD", "--theme", "purple"], environment: env)
        #expect(theme.exitCode == 2 && theme.stderr.contains("unknown theme 'purple'; choose one of auto, dark, light"))
    }
}

/// `book --live` on a real terminal (tmux): the header says live and verified, the rows move
/// with an update, and q leaves the terminal as it was.
@Suite(.serialized)
struct LiveBookScreenTests {
    @Test(.timeLimit(.minutes(10)), .enabled(if: TmuxSession.isAvailable))
    func theScreenFollowsTheBookAndQRestoresTheTerminal() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: LiveBookCLITests.snapshot)
            peer.stayQuiet(1.5, answeringPings: true)
            peer.send(text: LiveBookCLITests.update(checksum: 4_015_869_771))
            peer.stayQuiet(50, answeringPings: true)
        }
        let command = WatchEndToEndTests.command(
            ["BTC-USD", "--exchange", "kraken", "--live", "--depth", "5"],
            environment: ["SQUARESTOCK_ENDPOINT": "http://127.0.0.1:\(server.port)"], subcommand: "book")
        let tmux = try TmuxSession(command: command, width: 100, height: 24)
        defer { tmux.kill() }
        let first = tmux.waitFor(timeout: 20) { l in
            l.first?.contains("Kraken · live  checksum verified") == true && l.contains { $0.contains("45283.5") }
        }
        #expect(first != nil, "no live book: \(tmux.capture())")
        let moved = tmux.waitFor(timeout: 20) { l in
            l.contains { $0.contains("45284.0") && $0.contains("45286.4") }
        }
        #expect(moved != nil, "the update did not show: \(tmux.capture())")
        #expect(moved?.first?.contains("updated 2023-10-06T17:35:56Z") == true, "\(moved ?? [])")
        tmux.sendKeys("q")
        let after = tmux.waitFor { l in l.contains("watch-exit-1=0") && l.contains { $0.contains("icanon") } }
        #expect(after.map(WatchEndToEndTests.modesRestored) == true, "\(tmux.capture())")
    }
}

/// `book SBER --exchange tradernet --live`: Tradernet's `b` messages (the whole book first, then
/// `del`, `ins`, `upd` rows by position), a drifted book fetched again, no checksum claimed.
@Suite(.serialized)
struct TradernetLiveBookCLITests {
    static let full =
        #"["b",{"n":0,"i":"SBER","del":[],"ins":[{"p":73.45,"s":"S","q":100,"k":0},{"p":73.44,"s":"S","q":200,"k":1},{"p":73.43,"s":"S","q":300,"k":2},{"p":73.42,"s":"B","q":400,"k":3},{"p":73.41,"s":"B","q":500,"k":4},{"p":73.40,"s":"B","q":600,"k":5}],"upd":[],"cnt":6,"x":3},"wstm=2026-11-26T12:00:00"]"#
    static let update =
        #"["b",{"n":1,"i":"SBER","del":[{"k":2}],"ins":[{"p":73.425,"s":"S","q":50,"k":2}],"upd":[{"p":73.42,"s":"B","q":450,"k":3}],"cnt":6,"x":3}]"#
    static let drifted = #"["b",{"n":2,"i":"SBER","del":[],"ins":[],"upd":[{"p":73.3,"s":"B","q":1,"k":9}],"cnt":6}]"#

    @Test func rowsByPositionAndADriftedBookFetchedAgain() throws {
        let server = try LoopbackWebSocketServer { peer in
            guard peer.receiveText() != nil else { return }
            peer.send(text: #"["userData",{"mode":"demo"}]"#)
            peer.send(text: Self.full)
            peer.send(text: Self.update)
            peer.send(text: Self.drifted)
            guard peer.receiveText() != nil else { return }
            peer.send(text: Self.full)
            peer.stayQuiet(3)
        }
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_ENDPOINT"] = "http://127.0.0.1:\(server.port)"
        let run = try CLIRunner.run(
            ["book", "SBER", "--exchange", "tradernet", "--live", "--format", "json", "--count", "4", "--depth", "2"],
            environment: env)
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(server.received == [#"["orderBook",["SBER"]]"#, #"["orderBook",["SBER"]]"#])
        let books = LiveBookCLITests.books(run)
        try #require(books.count == 4, "\(run.stdout)")
        #expect(
            books[0].contains(
                #""symbol": "SBER", "check": "unchecked", "time": null, "bids": [["73.42", "400"], ["73.41", "500"]], "asks": [["73.43", "300"], ["73.44", "200"]]"#
            ), "\(books[0])")
        #expect(
            books[1].contains(
                #""bids": [["73.42", "450"], ["73.41", "500"]], "asks": [["73.425", "50"], ["73.44", "200"]]"#),
            "\(books[1])")
        #expect(books[2].contains(#""check": "resyncing""#), "\(books[2])")
        #expect(books[3].contains(#""check": "unchecked""#) && books[3].contains(#""asks": [["73.43", "300"]"#))
    }

    @Test func tradernetHasOnlyALiveBook() throws {
        let run = try CLIRunner.run(
            ["book", "SBER", "--exchange", "tradernet"], environment: CLIRunner.baseEnvironment())
        #expect(run.exitCode == 2 && run.stderr.contains("--exchange tradernet streams its books only; add --live"))
        let trades = try CLIRunner.run(
            ["trades", "SBER", "--exchange", "tradernet"], environment: CLIRunner.baseEnvironment())
        #expect(trades.exitCode == 2 && trades.stderr.contains("unknown exchange 'tradernet'"), "\(trades.stderr)")
    }
}
