import Foundation
import TestSupport
import Testing

/// `squarestock watch` when its output is not a terminal: lines per refresh for logs and
/// scripts, `--count` to stop, alerts as lines and hooks, and its usage errors.
struct WatchLineModeCLITests {
    func lines(_ run: CLIRun) -> [String] { run.stdout.split(separator: "\n").map(String.init) }

    @Test(.timeLimit(.minutes(10)))
    func plainLinesPerRefreshWithAnAlertAndItsHook() throws {
        let out = TemporaryPath.make("alert")
        defer { try? FileManager.default.removeItem(atPath: out) }
        // At 3000x a refresh a second moves the AAPL recording 50 minutes: 09:30, 10:20, 11:10, 12:00.
        // It trades above 269 until 10:50 and below after, so AAPL<269 fires exactly once.
        let run = try CLIRunner.run([
            "watch", "AAPL", "INTC", "--source", "samples", "--replay-speed", "3000", "--interval", "1",
            "--count", "4", "--alert", "AAPL<269", "--on-alert", "env | grep ^SQUARESTOCK_ALERT_ | sort > \(out)",
        ])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        let l = lines(run)
        let quotes = l.filter { !$0.contains(" ALERT ") }
        #expect(quotes.count == 8, "\(run.stdout)")
        #expect(quotes.filter { $0.contains(" AAPL ") }.count == 4)
        #expect(
            quotes[0].hasSuffix(" AAPL 269.63 +0.63 (+0.23%) range 269.63..269.63 last 09:30:00 EDT (0s ago) open")
                || quotes[0].contains(" AAPL 269.63 +0.63 (+0.23%)"))
        #expect(quotes[0].hasPrefix("2025-10-29T13:30:"))
        #expect(
            quotes.contains {
                $0.contains(" INTC 35.44 -1.00 (-2.74%) range 35.44..36.39 last 2016-09-09 16:00 EDT (9y ago)")
            })
        let alerts = l.filter { $0.contains(" ALERT ") }
        #expect(alerts.count == 1, "\(run.stdout)")
        #expect(alerts.first?.contains(" ALERT AAPL<269 AAPL price 26") == true)
        // The hook ran with the alert in its environment.
        let deadline = Date(timeIntervalSinceNow: 10)
        var hook = ""
        while Date() < deadline {
            hook = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
            if hook.contains("SQUARESTOCK_ALERT_VALUE") { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(hook.contains("SQUARESTOCK_ALERT_SYMBOL=AAPL\n"))
        #expect(hook.contains("SQUARESTOCK_ALERT_RULE=AAPL<269\n"))
        #expect(hook.contains("SQUARESTOCK_ALERT_PRICE=26"))
    }

    @Test(.timeLimit(.minutes(10)))
    func jsonLines() throws {
        let run = try CLIRunner.run([
            "watch", "AAPL", "7203.T", "--source", "samples", "--replay-speed", "600", "--count", "2",
            "--interval", "1", "--format", "json",
        ])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let objects = try lines(run).map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count == 4)
        #expect(objects.map { $0["symbol"] as? String } == ["AAPL", "7203.T", "AAPL", "7203.T"])
        #expect(objects.allSatisfy { $0["stale"] as? Bool == false && $0["source"] as? String == "samples" })
        // A recording says it is one, as `quote` and `line` say it.
        #expect(objects.allSatisfy { $0["recorded"] as? Bool == true })
        #expect(objects[0]["lastTrade"] as? String == "2025-10-29T13:30:00Z")
        #expect(objects[0]["marketStatus"] as? String == "open")
        #expect(objects[1]["lastTradeLocal"] as? String == "2026-10-05T09:00:00+09:00")
    }

    /// A recording watched without a replay has the status of its moment, as its quote says
    /// ("open"), not the calendar's of today (a Saturday: "closed (weekend)").
    @Test(.timeLimit(.minutes(10)))
    func aRecordingsStatusIsOfItsMomentAsTheQuotesIs() throws {
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_NOW"] = "2026-11-28T15:00:00Z"
        let watch = try CLIRunner.run(
            ["watch", "AAPL", "--source", "samples", "--count", "1", "--format", "json"], environment: env)
        #expect(watch.exitCode == 0, "\(watch.stderr)")
        #expect(watch.stdout.contains(#""marketStatus": "open""#), "\(watch.stdout)")
        let quote = try CLIRunner.run(["AAPL", "--source", "samples", "--format", "json"], environment: env)
        #expect(quote.stdout.contains(#""marketStatus": "open""#), "\(quote.stdout)")
    }

    /// One bad symbol is said on its own and never hides the others; only bad ones are a usage
    /// error.
    @Test(.timeLimit(.minutes(10)))
    func aBadSymbolHidesNoOther() throws {
        let run = try CLIRunner.run([
            "watch", "AAPL", "BAD$", "--source", "samples", "--count", "1", "--interval", "1", "--format", "plain",
        ])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(try lines(run).count == 1 && run.stdout.contains(" AAPL "), "\(run.stdout)")
        #expect(run.stdout.hasSuffix(" (recorded)\n"), "\(run.stdout)")
        #expect(run.stderr.contains("argument: 'BAD$': not a valid symbol"), "\(run.stderr)")
        let only = try CLIRunner.run(["watch", "BAD$", "--source", "samples", "--count", "1"])
        #expect(only.exitCode == 2 && only.stderr.contains("'BAD$': not a valid symbol"), "\(only.stderr)")
        // An alert's symbol is something to watch too.
        let alerted = try CLIRunner.run([
            "watch", "BAD$", "--alert", "AAPL>5", "--source", "samples", "--count", "1", "--interval", "1",
        ])
        #expect(alerted.exitCode == 0 && alerted.stdout.contains(" AAPL "), "\(alerted.stderr)")
    }

    /// `--count` ends while a market is closed: the closed one is asked every interval too (at
    /// the closed-market pace a round took 15 minutes, and the open symbols went on printing).
    @Test(.timeLimit(.minutes(10)))
    func countEndsWithAMarketClosed() throws {
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_NOW"] = "2025-10-29T17:00:00Z"  // Tokyo at 02:00: closed
        let run = try CLIRunner.run(
            ["watch", "AAPL", "7203.T", "--source", "samples", "--count", "2", "--interval", "1", "--format", "plain"],
            environment: env)
        #expect(run.exitCode == 0, "\(run.stderr)")
        let symbols = try lines(run).map { $0.split(separator: " ")[1] }
        #expect(symbols.filter { $0 == "7203.T" }.count == 2, "\(run.stdout)")
        #expect(symbols.filter { $0 == "AAPL" }.count <= 3, "\(run.stdout)")
    }

    /// Prices and changes at the venue's own decimals, as `quote` shows them: 8 for a pair priced
    /// in satoshis (once `0.0062 +0.0002`), 1 for Kraken's tick of 0.1 (once `84,036.00`).
    @Test(.timeLimit(.minutes(10)))
    func pricesAtTheVenuesOwnDecimals() throws {
        let coinbase = try CoinbaseSmallPriceReplay.server()
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_NOW"] = "2026-06-19T16:45:00Z"
        env["XDG_CACHE_HOME"] = TemporaryPath.make("sq-watch-decimals")
        env["SQUARESTOCK_ENDPOINT"] = coinbase.baseURL
        let dash = try CLIRunner.run(
            ["watch", "DASH-BTC", "--source", "coinbase", "--count", "1", "--format", "plain"], environment: env)
        #expect(dash.exitCode == 0, "\(dash.stderr)")
        #expect(
            dash.stdout.contains(" DASH-BTC 0.00619345 +0.00016993 (+2.82%) range 0.00600000..0.00625000 "),
            "\(dash.stdout)")
        let kraken = try KrakenReplay.server()
        env["SQUARESTOCK_NOW"] = "2023-12-05T22:30:00Z"
        env["SQUARESTOCK_ENDPOINT"] = kraken.baseURL
        let btc = try CLIRunner.run(
            ["watch", "BTC-USD", "--source", "kraken", "--count", "1", "--format", "plain", "--alert", "BTC-USD>1"],
            environment: env)
        #expect(btc.exitCode == 0, "\(btc.stderr)")
        #expect(btc.stdout.contains(" BTC-USD 84,036.0 -344.0 (-0.41%) range 82,832.3..84,914.8 "), "\(btc.stdout)")
        #expect(btc.stdout.contains(" ALERT BTC-USD>1 BTC-USD price 84,036.0 change -0.41%\n"), "\(btc.stdout)")
    }

    @Test(.timeLimit(.minutes(10)))
    func aSourceThatIsDownGivesErrorLinesAndExitThree() throws {
        let server = try LoopbackHTTPServer { _ in .text("") }
        let endpoint = server.baseURL
        server.stop()
        let run = try CLIRunner.run([
            "watch", "AAPL", "MSFT", "--source", "stooq", "--endpoint", endpoint, "--count", "1", "--timeout", "2",
        ])
        #expect(run.exitCode == 3)
        let l = lines(run)
        #expect(l.count == 2)
        #expect(l[0].hasPrefix("2025-10-29T17:00:00Z AAPL error: could not connect to 127.0.0.1:"))
        #expect(l[1].contains(" MSFT error: could not connect"))
    }

    @Test(.timeLimit(.minutes(10)))
    func retryAfterIsHonouredBeforeTheNextRefresh() throws {
        let routes = RouteTable()
        var limited = LoopbackResponse.text("Too many requests", status: 429)
        limited.headers.append(("Retry-After", "3"))
        routes.add(
            path: "/q/l/",
            responses: [limited, LoopbackResponse(body: Fixture.bytes("stooq/quote_aapl.us_2020-05-06.csv"))])
        routes.add(path: "/q/d/l/", response: .text("No data"))
        let server = try LoopbackHTTPServer(routes: routes)
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_NOW"] = "2020-05-06T20:05:00Z"
        let started = Date()
        let run = try CLIRunner.run(
            ["watch", "AAPL", "--source", "stooq", "--endpoint", server.baseURL, "--interval", "1", "--count", "2"],
            environment: env)
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.exitCode == 0, "\(run.stderr)")
        let l = lines(run)
        #expect(l.count == 2)
        #expect(l.first?.contains("AAPL error: stooq is rate limiting requests (HTTP 429") == true)
        #expect(l.first?.contains("retry after 3 s") == true)
        #expect(l.last?.contains(" AAPL 300.63 ") == true)
        // One quote request each time: the transport did not retry the 429 itself, and the
        // scheduler waited the 3 s the server asked for although the interval is 1 s.
        #expect(server.requests.filter { $0.path == "/q/l/" }.count == 2)
        #expect(elapsed >= 3)
        let times = l.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(times.count == 2 && times[0] < times[1])
        // Line mode has no header: the hold is said on stderr, once.
        let holds = run.stderr.split(separator: "\n").filter { $0.contains(" HOLD ") }
        #expect(holds.count == 1, "\(run.stderr)")
        #expect(
            holds.first?.hasPrefix("2020-05-06T20:05:00Z HOLD stooq: rate limited (Retry-After); no requests for ")
                == true)
    }

    @Test(.timeLimit(.minutes(10)))
    func countCountsCompleteRefreshesAndTheExitCodeCoversTheWholeRun() throws {
        let routes = RouteTable()
        routes.add(
            path: "/q/l/",
            response: LoopbackResponse(body: Fixture.bytes("stooq/SYNTHETIC_quote_batch_aapl_xxxx_msft.csv")))
        routes.add(path: "/q/d/l/", response: .text("No data"))
        let server = try LoopbackHTTPServer(routes: routes)
        var env = CLIRunner.baseEnvironment()
        env["SQUARESTOCK_NOW"] = "2020-05-06T20:05:00Z"
        // XXXX is unknown on every refresh and backs off (1 s, 2 s, 4 s, with jitter) while MSFT
        // is refreshed every second: four complete refreshes need XXXX asked four times, and the
        // last batches before that are MSFT alone.
        let run = try CLIRunner.run(
            [
                "watch", "MSFT", "XXXX", "--source", "stooq", "--endpoint", server.baseURL, "--interval", "1",
                "--count", "4",
            ],
            environment: env)
        let l = lines(run)
        #expect(run.exitCode == 1, "\(run.stdout)")
        #expect(l.filter { $0.contains(" XXXX error: ") }.count == 4, "\(run.stdout)")
        #expect(l.filter { $0.contains(" MSFT 182.54 ") }.count >= 4, "\(run.stdout)")
        #expect(l.last?.contains(" XXXX error: ") == true)
    }

    @Test(.timeLimit(.minutes(10)))
    func symbolsFromAListFileAndFromTheConfig() throws {
        let home = TemporaryPath.make("watch")
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/squarestock", withIntermediateDirectories: true)
        try "watchlist = goog, TSLA\n".write(toFile: home + "/squarestock/config", atomically: true, encoding: .utf8)
        try "# mine\nintc\nAIR.PA  # Paris\n\n".write(toFile: home + "/list", atomically: true, encoding: .utf8)
        var env = CLIRunner.baseEnvironment()
        env["XDG_CONFIG_HOME"] = home
        let fromList = try CLIRunner.run(
            ["watch", "AAPL", "--list", home + "/list", "--source", "samples", "--count", "1"], environment: env)
        #expect(fromList.exitCode == 0, "\(fromList.stderr)")
        #expect(lines(fromList).map { $0.split(separator: " ")[1] } == ["AAPL", "INTC", "AIR.PA"])
        let fromConfig = try CLIRunner.run(["watch", "--source", "samples", "--count", "1"], environment: env)
        #expect(lines(fromConfig).map { $0.split(separator: " ")[1] } == ["GOOG", "TSLA"])
        try "AAPL\nnot a symbol!\n".write(toFile: home + "/bad", atomically: true, encoding: .utf8)
        let bad = try CLIRunner.run(
            ["watch", "--list", home + "/bad", "--source", "samples", "--count", "1"], environment: env)
        // The bad word is said with where it came from, once; the rest are watched (`not` and
        // `a` are symbols the samples do not have: exit 1).
        #expect(bad.exitCode == 1)
        #expect(bad.stderr.contains("squarestock: \(home)/bad:2: 'symbol!': not a valid symbol"), "\(bad.stderr)")
        #expect(bad.stderr.components(separatedBy: "'symbol!'").count == 2, "\(bad.stderr)")
        #expect(lines(bad).first?.contains(" AAPL ") == true, "\(bad.stdout)")
    }

    /// The `--on-alert` hook starts with every signal at its default and none blocked, although
    /// watch itself ignores the ones it handles (an ignored signal would survive exec).
    @Test(.timeLimit(.minutes(10)))
    func theAlertHookGetsDefaultSignals() throws {
        let out = TemporaryPath.make("hook")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try CLIRunner.run([
            "watch", "AAPL", "--source", "samples", "--count", "1", "--alert", "AAPL>1",
            // `exec`: grep reports the masks the hook started with. Reading the shell's own
            // status from a child races with the shell's wait, which blocks every signal
            // between its sigprocmask and sigsuspend calls (dash), and was seen doing so.
            "--on-alert", "exec grep -E '^Sig(Ign|Blk)' /proc/self/status > \(out)",
        ])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let deadline = Date(timeIntervalSinceNow: 10)
        var status = ""
        while Date() < deadline {
            status = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
            if !status.isEmpty { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        // Masks in hex, bit n-1 for signal n. Signals 32 and 33 are glibc's own (thread
        // cancellation, setxid), out of reach of sigfillset; the standard ones 1-31 must be clear.
        let masks = Dictionary(
            uniqueKeysWithValues: status.split(separator: "\n").compactMap { line -> (String, UInt64)? in
                let parts = line.split(separator: ":")
                guard parts.count == 2, let v = UInt64(parts[1].trimmingCharacters(in: .whitespaces), radix: 16) else {
                    return nil
                }
                return (String(parts[0]), v)
            })
        #expect(masks["SigBlk"] == 0, "\(status)")
        #expect(masks["SigIgn"].map { $0 & 0x7FFF_FFFF } == 0, "\(status)")
    }

    /// `watch | head -1`: once the reader is gone the write fails and watch stops cleanly, exit
    /// 0, instead of dying of SIGPIPE (which it ignores, so a stray one cannot kill the table).
    @Test(.timeLimit(.minutes(10)))
    func aClosedOutputEndsWatchCleanly() throws {
        let exe = "'" + CLIRunner.executablePath.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let run = try CLIRunner.run(
            [
                "-c",
                "\(exe) watch AAPL INTC --source samples --replay-speed 600 --interval 1 | head -1; echo \"watch-exit=${PIPESTATUS[0]}\"",
            ],
            executable: "/bin/bash")
        let l = lines(run)
        #expect(l.count == 2, "\(run.stdout)")
        #expect(l.first?.contains(" AAPL ") == true)
        #expect(l.last == "watch-exit=0", "\(run.stderr)")
    }

    @Test(arguments: [
        (["watch", "AAPL", "--alert", "AAPL>>5"], "--alert 'AAPL>>5': '>5' is not a number"),
        (
            ["watch", "AAPL", "--replay-speed", "10", "--source", "stooq"],
            "--replay-speed replays the recorded samples; use it with --source samples"
        ),
        (["watch", "AAPL", "--interval", "0.5"], "--interval must be between 1 and 86400 seconds"),
        (["watch", "--source", "samples"], "give at least one symbol"),
        (["watch", "AAPL", "--list", "/nonexistent/list"], "cannot read the watchlist file /nonexistent/list"),
        (["watch", "AAPL", "--count", "0"], "--count must be at least 1"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let run = try CLIRunner.run(arguments)
        #expect(run.exitCode == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout == "")
    }
}
