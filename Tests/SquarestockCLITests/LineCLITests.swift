import Foundation
import TestSupport
import Testing

/// `squarestock line`: a first fetch, then answers from the cache; a closed market is never
/// fetched again before it opens; a stale open one is refreshed in the background while the bar
/// gets the cached line at once; a failed refresh keeps the last price; styles in each bar's syntax.
@Suite(.serialized)
struct LineCLITests {
    static func environment(now: String = "2025-10-29T17:00:00Z") -> [String: String] {
        var env = CLIRunner.baseEnvironment()
        env["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "sq-line-\(UUID().uuidString)"
        env["SQUARESTOCK_NOW"] = now
        env["SQUARESTOCK_SOURCE"] = "samples"
        return env
    }

    static func cache(_ env: [String: String]) -> String {
        (try? String(contentsOfFile: env["XDG_CACHE_HOME"]! + "/squarestock/line-cache", encoding: .utf8)) ?? ""
    }

    static func fetched(_ env: [String: String], _ symbol: String) -> String? {
        cache(env).split(separator: "\n").first { $0.hasPrefix(symbol + "\t") }.map {
            String($0.split(separator: "\t", omittingEmptySubsequences: false)[1])
        }
    }

    @Test func aFirstFetchThenTheCacheAlone() throws {
        var env = Self.environment()
        let first = try CLIRunner.run(["line", "AAPL", "7203.T"], environment: env)
        #expect(first.exitCode == 0, "\(first.stderr)")
        #expect(first.stdout == "AAPL 268.84 -0.06%  7203.T 2,893.50 +1.30%\n")
        // With no samples at all, the warm cache still answers, unchanged.
        env["SQUARESTOCK_SAMPLES"] = "/nonexistent"
        let warm = try CLIRunner.run(
            ["line", "AAPL", "7203.T", "--template", "{arrow}{symbol} {change}"], environment: env)
        #expect(warm.stdout == "▼AAPL -0.17  ▲7203.T +37.00\n", "\(warm.stdout)")
        // 7203.T was closed at 17:00Z (02:00 in Tokyo): it is kept until 00:00Z, when Tokyo opens.
        #expect(
            Self.cache(env).contains("7203.T\t1761757200\t2893.5\t37.0\t1.2953\tJPY\t1761782400\t"),
            "\(Self.cache(env))")
    }

    @Test func theBarsOwnSyntaxAndNoEscapesInPlain() throws {
        let env = Self.environment()
        _ = try CLIRunner.run(["line", "AAPL", "7203.T"], environment: env)
        let tmux = try CLIRunner.run(["line", "AAPL", "7203.T", "--style", "tmux"], environment: env)
        #expect(tmux.stdout == "#[fg=red]AAPL 268.84 -0.06%#[default]  #[fg=green]7203.T 2,893.50 +1.30%#[default]\n")
        let i3 = try CLIRunner.run(["line", "AAPL", "--style", "i3bar"], environment: env)
        #expect(i3.stdout == "[{\"full_text\": \"AAPL 268.84 -0.06%\", \"name\": \"AAPL\", \"color\": \"#e00000\"}]\n")
        let polybar = try CLIRunner.run(["line", "7203.T", "--style", "polybar"], environment: env)
        #expect(polybar.stdout == "%{F#00c000}7203.T 2,893.50 +1.30%%%{F-}\n")
        var colour = env
        colour.removeValue(forKey: "NO_COLOR")
        colour["TERM"] = "xterm-256color"
        let plain = try CLIRunner.run(["line", "AAPL", "7203.T", "--style", "plain"], environment: colour)
        #expect(!plain.stdout.contains("\u{1B}") && plain.stdout.hasPrefix("AAPL 268.84"))
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
        #expect(r.stdout == "AAPL 268.84 -0.06%  7203.T 2,893.50 +1.30%\n")
        var refreshed = false
        for _ in 0..<100 where !refreshed {
            refreshed = Self.fetched(env, "AAPL") == "1761757500"
            if !refreshed { usleep(50_000) }
        }
        #expect(refreshed, "AAPL was not refreshed in the background: \(Self.cache(env))")
        #expect(Self.fetched(env, "7203.T") == before, "a closed market was fetched again")
        // Ten minutes later with no source answering: the last price stays, with why.
        var broken = later
        broken["SQUARESTOCK_NOW"] = "2025-10-29T17:10:00Z"
        broken["SQUARESTOCK_SAMPLES"] = "/nonexistent"
        _ = try CLIRunner.run(["line", "AAPL"], environment: broken)
        var kept = false
        for _ in 0..<100 where !kept {
            kept = Self.fetched(env, "AAPL") == "1761757800"
            if !kept { usleep(50_000) }
        }
        #expect(kept && Self.cache(env).contains("AAPL\t1761757800\t268.835\t"), "\(Self.cache(env))")
        #expect(try CLIRunner.run(["line", "AAPL"], environment: broken).stdout == "AAPL 268.84 -0.06%\n")
    }

    @Test func usageErrors() throws {
        let env = Self.environment()
        let style = try CLIRunner.run(["line", "AAPL", "--style", "neon"], environment: env)
        #expect(style.exitCode == 2 && style.stderr.contains("--style must be one of plain, tmux, polybar, i3bar"))
        let age = try CLIRunner.run(["line", "AAPL", "--max-age", "1"], environment: env)
        #expect(age.exitCode == 2 && age.stderr.contains("--max-age must be between 5 and 86400 seconds"))
    }
}
