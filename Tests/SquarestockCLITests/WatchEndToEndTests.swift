import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `squarestock watch` in a real terminal (tmux): the table appears, replayed updates flash,
/// a resize reflows, rows go stale while the server is away and recover when it returns, and
/// every way out (q, Ctrl-C, SIGTERM) gives the terminal back as it was.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs /usr/bin/tmux"))
struct WatchEndToEndTests {
    static func quoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// A shell line that prints a marker, runs watch with a clean environment, then reports its
    /// exit status and the terminal modes, and stays alive so the screen can be inspected.
    static func command(
        _ arguments: [String], environment: [String: String] = [:], runs: Int = 1, subcommand: String = "watch"
    ) -> String {
        var env = CLIRunner.baseEnvironment()
        env.removeValue(forKey: "NO_COLOR")
        env.removeValue(forKey: "COLUMNS")
        env["TERM"] = "xterm-256color"
        for (k, v) in environment { env[k] = v }
        let assignments = env.keys.sorted().map { "\($0)=\(quoted(env[$0]!))" }.joined(separator: " ")
        let watch = ([CLIRunner.executablePath, subcommand] + arguments).map(quoted).joined(separator: " ")
        // Like an interactive shell, the wrapper survives the Ctrl-C and Ctrl-\ meant for watch
        // (a caught signal is reset to its default in the child).
        var script = "trap : INT QUIT; printf 'before-watch\\n'; "
        for n in 1...runs { script += "\(watch); echo watch-exit-\(n)=$?; " }
        script += "stty -a; sleep 120"
        return "env -i \(assignments) sh -c \(quoted(script))"
    }

    static func row(_ lines: [String], _ symbol: String) -> String? {
        lines.first { $0.hasPrefix(symbol + " ") }
    }

    /// Terminal modes as `stty -a` printed them after watch ended: canonical input and echo on.
    static func modesRestored(_ lines: [String]) -> Bool {
        let words = Set(lines.joined(separator: " ").split(separator: " ").map(String.init))
        return words.contains("icanon") && words.contains("echo") && words.contains("isig")
            && !words.contains("-icanon") && !words.contains("-echo")
    }

    @Test(.timeLimit(.minutes(10)))
    func replayedTableFlashesReflowsAndQuitRestoresTheTerminal() throws {
        let tmux = try TmuxSession(
            command: Self.command(["AAPL", "7203.T", "INTC", "--source", "samples", "--replay-speed", "600"]))
        defer { tmux.kill() }

        // The table appears, full screen, cursor hidden.
        let table = try #require(
            tmux.waitFor { l in
                l.first?.hasPrefix("squarestock watch · samples (replay ×600) · updated ") == true
                    && Self.row(l, "AAPL")?.contains(" open") == true
                    && l.last?.hasPrefix("q quit  r refresh  s sort: your order  p pause") == true
            }, "no table: \(tmux.capture())")
        #expect(table.count == 30)
        #expect(table[1].hasPrefix("SYMBOL"))
        #expect(table[1].contains("DAY RANGE") && table[1].contains("LAST TRADE") && table[1].contains("STATUS"))
        #expect(Self.row(table, "7203.T") != nil && Self.row(table, "INTC") != nil)
        #expect(tmux.display("#{alternate_on} #{cursor_flag}") == "1 0")

        // A replayed update flashes: the changed price on a green or red background.
        let flashed = tmux.waitFor(timeout: 15, interval: 0.05, escapes: true) { l in
            guard let aapl = l.first(where: { $0.contains("AAPL") }) else { return false }
            return aapl.contains("\u{1B}[30m\u{1B}[42m") || aapl.contains("\u{1B}[30m\u{1B}[41m")
                || aapl.contains("\u{1B}[30;42m") || aapl.contains("\u{1B}[30;41m")
        }
        #expect(flashed != nil, "no flash seen: \(tmux.capture(escapes: true))")
        // ... and the flash ends.
        #expect(
            tmux.waitFor(timeout: 10, interval: 0.05, escapes: true) { l in
                l.contains { $0.contains("AAPL") && !$0.contains("[42m") && !$0.contains("[41m") }
            } != nil)

        // A resize reflows: narrower, shorter, columns dropped, footer on the new last line.
        tmux.resize(width: 72, height: 14)
        let reflowed = try #require(
            tmux.waitFor { l in
                l.count == 14 && l.last?.hasPrefix("q quit") == true && l.count > 1 && !l[1].contains("DAY RANGE")
                    && l[1].hasPrefix("SYMBOL")
            }, "no reflow: \(tmux.capture())")
        #expect(reflowed.allSatisfy { $0.count <= 72 })
        #expect(Self.row(reflowed, "AAPL") != nil)

        // q leaves: the shell's screen is back, with the cursor, and the modes are restored.
        tmux.sendKeys("q")
        let after = try #require(
            tmux.waitFor { l in l.contains("watch-exit-1=0") && l.contains { $0.contains("icanon") } },
            "no exit: \(tmux.capture())")
        #expect(after.first == "before-watch")
        #expect(tmux.display("#{alternate_on} #{cursor_flag}") == "0 1")
        #expect(Self.modesRestored(after))
    }

    @Test(.timeLimit(.minutes(10)))
    func ctrlCAndSigtermRestoreTheTerminal() throws {
        let tmux = try TmuxSession(
            command: Self.command(["AAPL", "--source", "samples", "--replay-speed", "600"], runs: 2), width: 90,
            height: 20)
        defer { tmux.kill() }
        func tableShown() -> Bool {
            tmux.waitFor { l in Self.row(l, "AAPL")?.contains("open") == true && l.last?.hasPrefix("q quit") == true }
                != nil
        }
        #expect(tableShown(), "\(tmux.capture())")
        let first = try #require(tmux.process(named: "squarestock"))
        tmux.sendKeys("C-c")
        #expect(Self.eventually { kill(first, 0) != 0 }, "Ctrl-C did not end watch")
        // The wrapper runs watch again; its exit line is checked at the end (the second run's
        // alternate screen may already cover it).
        #expect(tableShown(), "\(tmux.capture())")
        #expect(tmux.display("#{alternate_on}") == "1")
        let second = try #require(tmux.process(named: "squarestock"))
        #expect(second != first)
        kill(second, SIGTERM)
        let after = try #require(
            tmux.waitFor { l in l.contains("watch-exit-2=143") && l.contains { $0.contains("icanon") } },
            "\(tmux.capture())")
        #expect(after.first == "before-watch")
        #expect(after.contains("watch-exit-1=130"))
        #expect(tmux.display("#{alternate_on} #{cursor_flag}") == "0 1")
        #expect(Self.modesRestored(after))
    }

    /// Ctrl-\ and every other signal that ends a process end watch like Ctrl-C: the normal
    /// screen back, the cursor shown, the modes restored, exit 128 + the signal, and no crash
    /// report. SIGPIPE is ignored: watch keeps running.
    @Test(.timeLimit(.minutes(10)))
    func everyEndingSignalRestoresTheTerminalAndSigpipeIsIgnored() throws {
        let cases: [(name: String, signal: Int32)] = [
            ("Ctrl-\\", SIGQUIT), ("SIGQUIT", SIGQUIT), ("SIGUSR1", SIGUSR1), ("SIGUSR2", SIGUSR2),
            ("SIGALRM", SIGALRM),
            ("SIGXCPU", SIGXCPU), ("SIGPIPE", SIGPIPE),
        ]
        for (name, sig) in cases {
            let tmux = try TmuxSession(
                command: Self.command(["AAPL", "--source", "samples", "--replay-speed", "600"]), width: 90, height: 30)
            defer { tmux.kill() }
            let shown = tmux.waitFor { l in
                Self.row(l, "AAPL")?.contains("open") == true && l.last?.hasPrefix("q quit") == true
            }
            #expect(shown != nil, "\(name): no table: \(tmux.capture())")
            let pid = try #require(tmux.process(named: "squarestock"))
            if name == "Ctrl-\\" { tmux.sendKeys("C-\\") } else { kill(pid, sig) }
            if sig == SIGPIPE {
                // Still running and still drawing: a new frame comes, and the process is there.
                let redrawn = tmux.waitFor { l in
                    l != shown && l.last?.hasPrefix("q quit") == true && Self.row(l, "AAPL") != nil
                }
                #expect(redrawn != nil && kill(pid, 0) == 0, "SIGPIPE ended watch: \(tmux.capture())")
                #expect(tmux.display("#{alternate_on} #{cursor_flag}") == "1 0")
                tmux.sendKeys("q")
            }
            let code = sig == SIGPIPE ? 0 : 128 + sig
            let after = tmux.waitFor { l in l.contains("watch-exit-1=\(code)") && l.contains { $0.contains("icanon") } }
            let screen = try #require(after, "\(name): \(tmux.capture())")
            // Nothing between the shell's line and the exit status: no crash report, no frame left.
            #expect(Array(screen.prefix(2)) == ["before-watch", "watch-exit-1=\(code)"], "\(name): \(screen)")
            #expect(!screen.joined(separator: "\n").localizedCaseInsensitiveContains("crash"), "\(name)")
            #expect(tmux.display("#{alternate_on} #{cursor_flag}") == "0 1", "\(name)")
            #expect(Self.modesRestored(screen), "\(name)")
        }
    }

    /// Polls `condition` until it holds or `timeout` seconds pass.
    static func eventually(timeout: Double = 20, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition() {
            if Date() >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return true
    }

    @Test(.timeLimit(.minutes(10)))
    func rowsGoStaleWhileTheServerIsAwayAndRecoverWhenItReturns() throws {
        let routes = RouteTable()
        routes.add(
            path: "/q/l/",
            response: LoopbackResponse(body: Fixture.bytes("stooq/SYNTHETIC_quote_batch_aapl_xxxx_msft.csv")))
        routes.add(
            path: "/q/d/l/", queryContains: ["s=aapl.us", "i=5"],
            response: LoopbackResponse(body: Fixture.bytes("stooq/SYNTHETIC_intraday_aapl.us_5m_2020-05-06.csv")))
        routes.add(
            path: "/q/d/l/", queryContains: ["s=aapl.us", "i=d"],
            response: LoopbackResponse(body: Fixture.bytes("stooq/SYNTHETIC_daily_aapl.us_2020-05.csv")))
        routes.add(path: "/q/d/l/", response: .text("No data"))
        var server = try LoopbackHTTPServer(routes: routes)
        let port = server.port
        defer { server.stop() }
        let tmux = try TmuxSession(
            command: Self.command(
                [
                    "AAPL", "XXXX", "MSFT", "--source", "stooq", "--endpoint", server.baseURL, "--interval", "1",
                    "--timeout", "3",
                ],
                environment: ["SQUARESTOCK_NOW": "2020-05-06T20:05:00Z", "TZ": "UTC"]))
        defer { tmux.kill() }

        // Good data; the unknown symbol shows its error without disturbing the others.
        let live = try #require(
            tmux.waitFor { l in
                Self.row(l, "AAPL")?.contains("300.63") == true && Self.row(l, "MSFT")?.contains("182.54") == true
                    && Self.row(l, "XXXX")?.contains("error") == true
            }, "\(tmux.capture())")
        #expect(!live.joined().contains("stale"))
        #expect(live[0].contains("updated 20:05:"))

        // The server goes away: the last values stay, marked stale with age and reason.
        server.stop()
        let stale = try #require(
            tmux.waitFor { l in
                Self.row(l, "AAPL")?.contains("stale") == true && Self.row(l, "MSFT")?.contains("stale") == true
                    && l.contains {
                        $0.hasPrefix("stale since ")
                            && $0.contains("AAPL, MSFT (could not connect to 127.0.0.1:\(port)")
                    }
            }, "\(tmux.capture())")
        #expect(Self.row(stale, "AAPL")?.contains("300.63") == true)
        #expect(Self.row(stale, "MSFT")?.contains("182.54") == true)
        #expect(tmux.waitFor(timeout: 10) { $0.first?.contains("source failing") == true } != nil, "\(tmux.capture())")

        // It comes back on the same port: the rows recover by themselves.
        server = try Self.restart(port: port, routes: routes)
        let recovered = try #require(
            tmux.waitFor(timeout: 30) { l in
                Self.row(l, "AAPL").map { !$0.contains("stale") } == true
                    && Self.row(l, "MSFT").map { !$0.contains("stale") } == true
                    && l.first?.contains("next in") == true && !l.contains { $0.hasPrefix("stale since") }
            }, "\(tmux.capture())")
        #expect(Self.row(recovered, "AAPL")?.contains("300.63") == true)
        #expect(server.requests.contains { $0.path == "/q/l/" })

        tmux.sendKeys("q")
        #expect(tmux.waitFor { $0.contains("watch-exit-1=0") } != nil, "\(tmux.capture())")
    }

    /// Binds `port` again, retrying briefly while the old listener finishes closing.
    static func restart(port: Int, routes: RouteTable) throws -> LoopbackHTTPServer {
        var lastError: Error?
        for _ in 0..<50 {
            do { return try LoopbackHTTPServer(port: port, routes: routes) } catch {
                lastError = error
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        throw lastError!
    }
}
