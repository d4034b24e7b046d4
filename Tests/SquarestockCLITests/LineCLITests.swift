import Foundation
import TestSupport
import Testing

/// `squarestock line`: a first fetch, then answers from the cache; a closed market is never
/// fetched again before it opens; a stale open one is refreshed in the background while the bar
/// gets the cached line at once; a failed refresh keeps the last price; styles in each bar's syntax;
/// prices at the venue's own decimals; the cache keyed by the source asked for, and a recording,
/// an old price or another source's price marked.
@Suite(.serialized)
struct LineCLITests {
    static func environment(now: String = "2025-10-29T17:00:00Z") -> [String: String] {
        var env = CLIRunner.baseEnvironment()
        env["XDG_CACHE_HOME"] = TemporaryPath.make("sq-line")
        env["SQUARESTOCK_NOW"] = now
        env["SQUARESTOCK_SOURCE"] = "samples"
        return env
    }

    static func cache(_ env: [String: String]) -> String {
        (try? String(contentsOfFile: env["XDG_CACHE_HOME"]! + "/squarestock/line-cache", encoding: .utf8)) ?? ""
    }

    /// Waits for `condition` on the cache a background refresher writes, checked after each
    /// change in its folder (`DirectoryEvents`): a busy machine may take seconds to start it.
    static func waitFor(_ env: [String: String], _ condition: () -> Bool) -> Bool {
        DirectoryEvents.waitFor(in: env["XDG_CACHE_HOME"]! + "/squarestock", condition)
    }

    /// Waits until the background refresher that wrote the cache lets go of its lock: a
    /// blocking `flock` the kernel wakes when it does (60 s as a safety net only).
    static func refresherDone(_ env: [String: String]) -> Bool {
        let lock = open(env["XDG_CACHE_HOME"]! + "/squarestock/line-cache.lock", O_RDWR | O_CLOEXEC)
        guard lock >= 0 else { return true }
        let taken = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            if flock(lock, LOCK_EX) == 0 { _ = flock(lock, LOCK_UN) }
            close(lock)
            taken.signal()
        }
        return taken.wait(timeout: .now() + 60) == .success
    }

    static func fetched(_ env: [String: String], _ symbol: String) -> String? {
        cache(env).split(separator: "\n").first { $0.hasPrefix(symbol + "\t") }.map {
            String($0.split(separator: "\t", omittingEmptySubsequences: false)[2])
        }
    }

    @Test func aFirstFetchThenTheCacheAlone() throws {
        var env = Self.environment()
        let first = try CLIRunner.run(["line", "AAPL", "7203.T"], environment: env)
        #expect(first.exitCode == 0, "\(first.stderr)")
        #expect(first.stdout == "AAPL 268.84 -0.06% (recorded)  7203.T 2,893.50 +1.30% (recorded)\n")
        // With no samples at all, the warm cache still answers, unchanged.
        env["SQUARESTOCK_SAMPLES"] = "/nonexistent"
        let warm = try CLIRunner.run(
            ["line", "AAPL", "7203.T", "--template", "{arrow}{symbol} {change}"], environment: env)
        #expect(warm.stdout == "▼AAPL -0.17 (recorded)  ▲7203.T +37.00 (recorded)\n", "\(warm.stdout)")
        // 7203.T was closed at 17:00Z (02:00 in Tokyo): it is kept until 00:00Z, when Tokyo opens.
        // Its price decimals, 2, are Yahoo's `priceHint` in the recorded chart.
        #expect(
            Self.cache(env).contains(
                "7203.T\tsamples\t1761757200\t1761757200\t2893.5\t37.0\t1.2953\tJPY\t2\t1\t1761782400\tsamples\t"),
            "\(Self.cache(env))")
    }

    @Test func theBarsOwnSyntaxAndNoEscapesInPlain() throws {
        let env = Self.environment()
        _ = try CLIRunner.run(["line", "AAPL", "7203.T"], environment: env)
        let tmux = try CLIRunner.run(["line", "AAPL", "7203.T", "--style", "tmux"], environment: env)
        #expect(
            tmux.stdout
                == "#[fg=red]AAPL 268.84 -0.06% (recorded)#[default]  #[fg=green]7203.T 2,893.50 +1.30% (recorded)#[default]\n"
        )
        let i3 = try CLIRunner.run(["line", "AAPL", "--style", "i3bar"], environment: env)
        #expect(
            i3.stdout
                == "[{\"full_text\": \"AAPL 268.84 -0.06% (recorded)\", \"name\": \"AAPL\", \"color\": \"#e00000\"}]\n")
        let polybar = try CLIRunner.run(["line", "7203.T", "--style", "polybar"], environment: env)
        #expect(polybar.stdout == "%{F#00c000}7203.T 2,893.50 +1.30%% (recorded)%{F-}\n")
        var colour = env
        colour.removeValue(forKey: "NO_COLOR")
        colour["TERM"] = "xterm-256color"
        let plain = try CLIRunner.run(["line", "AAPL", "7203.T", "--style", "plain"], environment: colour)
        #expect(!plain.stdout.contains("\u{1B}") && plain.stdout.hasPrefix("AAPL 268.84"))
        // Nor from the user's own template or separator (from the warm cache, and from a fetch);
        // a line feed in them is a space: a status bar shows one line.
        let escapes = [
            "line", "AAPL", "7203.T", "--style", "plain", "--template", "\u{1B}[31m{symbol}\u{7}", "--separator",
            " \u{1B}]0;x\u{7}|\n",
        ]
        #expect(try CLIRunner.run(escapes, environment: colour).stdout == "AAPL (recorded) | 7203.T (recorded)\n")
        let fresh = Self.environment()
        #expect(try CLIRunner.run(escapes, environment: fresh).stdout == "AAPL (recorded) | 7203.T (recorded)\n")
    }

    @Test func aClosedMarketIsNotFetchedAgainAndAStaleOpenOneIsInTheBackground() throws {
        let env = Self.environment()
        _ = try CLIRunner.run(["line", "AAPL", "7203.T"], environment: env)
        let before = Self.fetched(env, "7203.T")
        // Five minutes later: AAPL (open) is stale and refreshed in the background; the bar gets
        // the cached line at once. 7203.T (closed until 00:00Z) is left alone.
        var later = env
        later["SQUARESTOCK_NOW"] = "2025-10-29T17:05:00Z"
        let r = try CLIRunner.run(["line", "AAPL", "7203.T"], environment: later)
        #expect(r.stdout == "AAPL 268.84 -0.06% (recorded)  7203.T 2,893.50 +1.30% (recorded)\n")
        #expect(
            Self.waitFor(env) { Self.fetched(env, "AAPL") == "1761757500" },
            "AAPL was not refreshed in the background: \(Self.cache(env))")
        // The refresher has let go of its lock (a second one would leave at once while it holds it).
        #expect(Self.refresherDone(env))
        #expect(Self.fetched(env, "7203.T") == before, "a closed market was fetched again")
        // Ten minutes later with no source answering: the last price stays, with why.
        var broken = later
        broken["SQUARESTOCK_NOW"] = "2025-10-29T17:10:00Z"
        broken["SQUARESTOCK_SAMPLES"] = "/nonexistent"
        _ = try CLIRunner.run(["line", "AAPL"], environment: broken)
        let kept = Self.waitFor(env) { Self.fetched(env, "AAPL") == "1761757800" }
        #expect(
            kept && Self.cache(env).contains("AAPL\tsamples\t1761757800\t1761757500\t268.835\t"), "\(Self.cache(env))")
        #expect(try CLIRunner.run(["line", "AAPL"], environment: broken).stdout == "AAPL 268.84 -0.06% (recorded)\n")
    }

    @Test func usageErrors() throws {
        let env = Self.environment()
        let style = try CLIRunner.run(["line", "AAPL", "--style", "neon"], environment: env)
        #expect(style.exitCode == 2 && style.stderr.contains("--style must be one of plain, tmux, polybar, i3bar"))
        let age = try CLIRunner.run(["line", "AAPL", "--max-age", "1"], environment: env)
        #expect(age.exitCode == 2 && age.stderr.contains("--max-age must be between 5 and 86400 seconds"))
        // One bad symbol is said on its own and never hides the others; only bad ones are a
        // usage error.
        let mixed = try CLIRunner.run(["line", "AAPL", "BAD$"], environment: env)
        #expect(mixed.stdout == "AAPL 268.84 -0.06% (recorded)\n", "\(mixed.stdout)\(mixed.stderr)")
        #expect(mixed.stderr.contains("'BAD$': not a valid symbol"), "\(mixed.stderr)")
        // As typed, with its own reason (it was cut to 24 and said "not a symbol").
        let long = try CLIRunner.run(["line", "aapl", "abcdefghijklmnopqrstuvwxyz"], environment: env)
        #expect(
            long.stderr.contains("'abcdefghijklmnopqrstuvwxyz': not a valid symbol: longer than 24"), "\(long.stderr)")
        let only = try CLIRunner.run(["line", "bad$"], environment: env)
        #expect(only.exitCode == 2 && only.stderr.contains("'bad$': not a valid symbol"), "\(only.stderr)")
    }

    /// The environment for an exchange's replay server: no `SQUARESTOCK_SOURCE` (each run says
    /// `--source`), the server as every source's endpoint.
    static func exchangeEnvironment(_ server: LoopbackHTTPServer, now: String = "2026-06-19T16:45:00Z")
        -> [String: String]
    {
        var env = environment(now: now)
        env.removeValue(forKey: "SQUARESTOCK_SOURCE")
        env["SQUARESTOCK_ENDPOINT"] = server.baseURL
        return env
    }

    @Test func aPriceInSatoshisKeepsItsDigitsFromTheFetchAndFromTheCache() throws {
        let server = try CoinbaseSmallPriceReplay.server()
        let env = Self.exchangeEnvironment(server)
        let args = [
            "line", "DASH-BTC", "--source", "coinbase", "--template", "{symbol} {price} {change} {changePercent}",
        ]
        let first = try CLIRunner.run(args, environment: env)
        #expect(first.exitCode == 0, "\(first.stderr)")
        #expect(first.stdout == "DASH-BTC 0.00619345 +0.00016993 +2.82%\n")
        // The warm answer (the fast path, before the parser) shows the same digits.
        server.stop()
        #expect(try CLIRunner.run(args, environment: env).stdout == "DASH-BTC 0.00619345 +0.00016993 +2.82%\n")
    }

    @Test func aTickOfOneTenthShowsOneDecimal() throws {
        let server = try KrakenReplay.server()
        let env = Self.exchangeEnvironment(server, now: "2023-12-05T22:30:00Z")
        let r = try CLIRunner.run(
            ["line", "BTC-USD", "--source", "kraken", "--template", "{price} {change}"], environment: env)
        #expect(r.stdout == "84,036.0 -344.0\n", "\(r.stderr)")
    }

    @Test func eachSourceHasItsOwnCachedPriceAndAnotherSourcesIsNamed() throws {
        let server = try CoinbaseSmallPriceReplay.server()
        let env = Self.exchangeEnvironment(server)
        _ = try CLIRunner.run(["line", "BTC-USD", "DASH-BTC", "--source", "coinbase"], environment: env)
        // The samples' BTC-USD, not Coinbase's cached one; fast path and parser alike.
        for _ in 0..<2 {
            let samples = try CLIRunner.run(["line", "BTC-USD", "--source", "samples"], environment: env)
            #expect(samples.exitCode == 0)
            #expect(
                !samples.stdout.contains("63,212.97") && samples.stdout.hasSuffix(" (recorded)\n"), "\(samples.stdout)")
        }
        #expect(
            try CLIRunner.run(["line", "BTC-USD", "--source", "coinbase"], environment: env).stdout
                == "BTC-USD 63,212.97 +0.97%\n")
        // The samples have no DASH-BTC: Coinbase's price is shown, saying it is Coinbase's.
        let none = try CLIRunner.run(["line", "DASH-BTC", "--source", "samples"], environment: env)
        #expect(none.stdout == "DASH-BTC 0.00619345 +2.82% (coinbase)\n", "\(none.stdout)")
        #expect(none.stderr.contains("DASH-BTC"), "\(none.stderr)")
    }

    @Test func aRecordingIsNeverTodaysLineForAnotherSource() throws {
        // Nothing answers the default source: a loopback server that is down.
        let down = try LoopbackHTTPServer { _ in LoopbackResponse(status: 503, body: Array("down".utf8)) }
        var env = Self.environment()
        env.removeValue(forKey: "SQUARESTOCK_SOURCE")
        _ = try CLIRunner.run(["line", "AAPL", "--source", "samples"], environment: env)
        env["SQUARESTOCK_ENDPOINT"] = down.baseURL
        let plain = try CLIRunner.run(["line", "AAPL"], environment: env)
        #expect(plain.stdout == "AAPL 268.84 -0.06% (samples, recorded)\n", "\(plain.stdout) \(plain.stderr)")
        // And again from the cache, before the parser.
        #expect(
            try CLIRunner.run(["line", "AAPL"], environment: env).stdout == "AAPL 268.84 -0.06% (samples, recorded)\n")
    }

    @Test func aPriceNotRefreshedWhileItsMarketIsOpenSaysItsAge() throws {
        let server = try KrakenReplay.server()
        var env = Self.exchangeEnvironment(server, now: "2023-12-05T22:30:00Z")
        let args = ["line", "BTC-USD", "--source", "kraken"]
        #expect(try CLIRunner.run(args, environment: env).stdout == "BTC-USD 84,036.0 -0.41%\n")
        server.stop()
        // One minute on: due for a refresh, not yet old.
        env["SQUARESTOCK_NOW"] = "2023-12-05T22:31:30Z"
        #expect(try CLIRunner.run(args, environment: env).stdout == "BTC-USD 84,036.0 -0.41%\n")
        // Ten minutes on with the exchange gone: the price says how old it is.
        env["SQUARESTOCK_NOW"] = "2023-12-05T22:40:00Z"
        #expect(try CLIRunner.run(args, environment: env).stdout == "BTC-USD 84,036.0 -0.41% (10m old)\n")
        // The clock set back before the fetch: the price's age cannot be told, and it is not
        // passed off as fresh.
        env["SQUARESTOCK_NOW"] = "2023-12-05T22:00:00Z"
        #expect(try CLIRunner.run(args, environment: env).stdout == "BTC-USD 84,036.0 -0.41% (age unknown)\n")
    }

    /// A cache written "later" than now (the clock set back, as after a wrong NTP step) is
    /// refreshed: its market's "closed until" and its age were trusted, and it was never fetched
    /// again until the clock caught up.
    @Test func aCacheFromTheFutureIsRefreshed() throws {
        let env = Self.environment()
        _ = try CLIRunner.run(["line", "AAPL", "7203.T"], environment: env)
        #expect(Self.fetched(env, "7203.T") == "1761757200")
        var earlier = env
        earlier["SQUARESTOCK_NOW"] = "2025-10-29T16:00:00Z"
        _ = try CLIRunner.run(["line", "AAPL", "7203.T"], environment: earlier)
        #expect(
            Self.waitFor(env) {
                Self.fetched(env, "AAPL") == "1761753600" && Self.fetched(env, "7203.T") == "1761753600"
            },
            "not refreshed: \(Self.cache(env))")
        #expect(Self.refresherDone(env))
    }

    /// A placeholder typed wrong (`{prcie}`, `{symbols}`, `{price` at the end) is a usage error
    /// naming the one meant: it printed as typed on every refresh of the bar. Braces of a bar's
    /// or a shell's own syntax, and a brace before no name, stay text.
    @Test func aTemplatesMistypedPlaceholderIsRefused() throws {
        let env = Self.environment()
        let typo = try CLIRunner.run(["line", "AAPL", "--template", "{symbol} {prcie}"], environment: env)
        #expect(typo.exitCode == 2 && typo.stdout.isEmpty, "\(typo.stdout)")
        #expect(
            typo.stderr.contains("unknown placeholder '{prcie}' in --template; did you mean {price}?"),
            "\(typo.stderr)")
        let open = try CLIRunner.run(["line", "AAPL", "--template", "{symbol} {price"], environment: env)
        #expect(open.exitCode == 2 && open.stderr.contains("'{price' in --template has no closing }"), "\(open.stderr)")
        // The cache is warm now: the fast path refuses the same template the command does.
        _ = try CLIRunner.run(["line", "AAPL"], environment: env)
        let warm = try CLIRunner.run(["line", "AAPL", "--template", "{symbols}"], environment: env)
        #expect(warm.exitCode == 2 && warm.stderr.contains("did you mean {symbol}?"), "\(warm.stderr)")
        let bars = try CLIRunner.run(
            ["line", "AAPL", "--template", "%{F#0f0}{symbol}%{F-} %F{green}{price}%f #{session_name} ${color red} {"],
            environment: env)
        #expect(
            bars.exitCode == 0
                && bars.stdout == "%{F#0f0}AAPL%{F-} %F{green}268.84%f #{session_name} ${color red} { (recorded)\n",
            "\(bars.stdout)\(bars.stderr)")
    }

    /// Stooq answering AAPL at 10.12, last traded on Monday 2020-05-04 at 22:00:01 in Warsaw
    /// (16:00:01 in New York), with no daily bars.
    static func oldTradeServer() throws -> LoopbackHTTPServer {
        let routes = RouteTable()
        routes.add(
            path: "/q/l/",
            response: .text(
                "Symbol,Date,Time,Open,High,Low,Close,Volume,Name\nAAPL.US,2020-05-04,22:00:01,1,2,0.5,10.12,100,Apple\n"
            ))
        routes.add(path: "/q/d/l/", response: .text("No data"))
        return try LoopbackHTTPServer(routes: routes)
    }

    /// A price fetched just now whose last trade is two days old while its market is open says
    /// so, as `quote` says "delayed (no trade for 42h)"; it read like today's price.
    @Test func aFreshPriceOfAnOldTradeSaysHowOldTheTradeIs() throws {
        let server = try Self.oldTradeServer()
        var env = Self.environment(now: "2020-05-06T15:00:00Z")
        env["SQUARESTOCK_SOURCE"] = "stooq"
        env["SQUARESTOCK_ENDPOINT"] = server.baseURL
        let run = try CLIRunner.run(["line", "AAPL", "--template", "{symbol} {price}"], environment: env)
        #expect(run.stdout == "AAPL 10.12 (no trade for 42h)\n", "\(run.stdout)\(run.stderr)")
        // After the close (17:30 in New York, the after-hours session), the close's trade is the
        // last one: nothing to say.
        var evening = Self.environment(now: "2020-05-04T21:30:00Z")
        evening["SQUARESTOCK_SOURCE"] = "stooq"
        evening["SQUARESTOCK_ENDPOINT"] = server.baseURL
        let post = try CLIRunner.run(["line", "AAPL", "--template", "{symbol} {price}"], environment: evening)
        #expect(post.stdout == "AAPL 10.12\n", "\(post.stdout)\(post.stderr)")
    }

    /// `line --portfolio`: the ledger's holdings priced from the line's cache (fetched like any
    /// symbol), first; a holding whose currency has no rate into the base is left out and named.
    /// 10 AAPL at 268.835 with 1,000 paid in and 1,500 paid out is 2,188.35, its day -1.65.
    @Test func thePortfolioFromTheSameCache() throws {
        var env = Self.environment()
        env["XDG_DATA_HOME"] = env["XDG_CACHE_HOME"]! + "-data"
        try PortfolioCLITests.run(env, ["deposit", "1000", "USD", "--date", "2025-01-02"])
        try PortfolioCLITests.run(env, ["buy", "AAPL", "10", "--price", "150", "--date", "2025-01-02"])
        let line = try CLIRunner.run(
            ["line", "--portfolio", "7203.T", "--template", "{symbol} {price} {change} {changePercent}"],
            environment: env)
        #expect(line.exitCode == 0, "\(line.stderr)")
        #expect(line.stdout == "main 2,188.35 -1.65 -0.06% (recorded)  7203.T 2,893.50 +37.00 +1.30% (recorded)\n")
        // From the cache alone now: no samples at all, the same line.
        env["SQUARESTOCK_SAMPLES"] = "/nonexistent"
        #expect(
            try CLIRunner.run(
                ["line", "--portfolio", "7203.T", "--template", "{symbol} {price} {change} {changePercent}"],
                environment: env
            ).stdout == line.stdout)
        // A month on (the cache kept, the recording's session long over): the day's change of a
        // session over a week old is not today's, so it is left out of the day and said, as the
        // portfolio view does.
        var later = env
        later["SQUARESTOCK_NOW"] = "2025-11-29T17:00:00Z"
        let month = try CLIRunner.run(["line", "--portfolio"], environment: later)
        #expect(month.stdout == "main 2,188.35 — (day without AAPL, recorded)\n", "\(month.stdout) \(month.stderr)")
        env["SQUARESTOCK_SAMPLES"] = nil
        try PortfolioCLITests.run(
            env,
            ["buy", "7203.T", "100", "--price", "2500", "--currency", "JPY", "--fx", "0.0067", "--date", "2025-01-03"])
        let without = try CLIRunner.run(["line", "--portfolio"], environment: env)
        #expect(without.stdout == "main 2,188.35 -0.06% (without 7203.T, cash JPY, recorded)\n", "\(without.stdout)")
        #expect(without.stderr.contains("JPYUSD=X"), "\(without.stderr)")
        let neither = try CLIRunner.run(["line"], environment: env)
        #expect(neither.exitCode == 2 && neither.stderr.contains("give one or more symbols, or --portfolio"))
    }
}
