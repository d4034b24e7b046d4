import Foundation
import TestSupport
import Testing

/// `squarestock check`: the config's rules and --alert evaluated once; a rule fires once per
/// crossing across runs (its state kept), the hook gets the alert in its environment, exit 1
/// when something fired. Also the config file's unknown keys and bad values are reported.
@Suite(.serialized)
struct CheckCLITests {
    static func environment(config: String) throws -> [String: String] {
        var env = CLIRunner.baseEnvironment()
        let dir = TemporaryPath.make("sq-check")
        env["XDG_STATE_HOME"] = dir + "/state"
        env["XDG_CONFIG_HOME"] = dir + "/config"
        try FileManager.default.createDirectory(atPath: dir + "/config/squarestock", withIntermediateDirectories: true)
        try config.write(toFile: dir + "/config/squarestock/config", atomically: true, encoding: .utf8)
        return env
    }

    @Test func aRuleFiresOncePerCrossingAndRunsTheHook() throws {
        let out = TemporaryPath.make("sq-check-hook")
        let env = try Self.environment(
            config:
                "source = samples\nalerts = AAPL>200, INTC<-5%\non_alert = echo \"$SQUARESTOCK_ALERT_RULE $SQUARESTOCK_ALERT_PRICE\" >> \(out)\n"
        )
        let first = try CLIRunner.run(["check", "--alert", "7203.T>3000"], environment: env)
        #expect(first.exitCode == 1, "\(first.stderr)")
        // The price as every view shows it, said to be recorded; the hook gets the exact value.
        #expect(
            first.stdout == "alert AAPL>200: AAPL 268.84 (-0.06%) at 2025-10-29T16:36:59Z (recorded)\n",
            "\(first.stdout)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "AAPL>200 268.835\n")
        // The next run: still above 200, already told.
        let second = try CLIRunner.run(["check", "--alert", "7203.T>3000"], environment: env)
        #expect(second.exitCode == 0 && second.stdout.isEmpty, "\(second.stdout)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "AAPL>200 268.835\n")
        let state = try String(contentsOfFile: env["XDG_STATE_HOME"]! + "/squarestock/alerts", encoding: .utf8)
        #expect(state == "7203.T>3000\tarmed\nAAPL>200\tfired\nINTC<-5%\tarmed\n", "\(state)")
    }

    /// A hook that fails is said to, with its status, on standard error.
    @Test func aFailingHookIsReported() throws {
        let env = try Self.environment(config: "source = samples\non_alert = exit 7\n")
        let r = try CLIRunner.run(["check", "--alert", "AAPL>200"], environment: env)
        #expect(r.exitCode == 1 && r.stdout.hasPrefix("alert AAPL>200: AAPL 268.84"), "\(r.stdout)")
        #expect(r.stderr.contains("the alert command for AAPL>200 exited with status 7"), "\(r.stderr)")
    }

    @Test func noRulesIsAUsageErrorAndNothingQuotedIsThree() throws {
        let none = try CLIRunner.run(["check", "--source", "samples"], environment: try Self.environment(config: ""))
        #expect(none.exitCode == 2 && none.stderr.contains("no alert rules: add `alerts = AAPL>200, MSFT<-2%`"))
        let nothing = try CLIRunner.run(
            ["check", "--alert", "ZZZZ>1", "--source", "samples"], environment: try Self.environment(config: ""))
        #expect(nothing.exitCode == 3 && nothing.stderr.contains("ZZZZ:"), "\(nothing.stderr)")
        // The symbol is named once, not `ZZZZ: ZZZZ: ...`.
        #expect(!nothing.stderr.contains("ZZZZ: ZZZZ"), "\(nothing.stderr)")
    }

    @Test func unknownConfigKeysAndBadValuesAreReported() throws {
        let env = try Self.environment(config: "foo = bar\ntimeout = abc\nsource = samples\n")
        let r = try CLIRunner.run(["AAPL", "--format", "csv"], environment: env)
        #expect(r.exitCode == 0)
        #expect(
            r.stderr.contains("warning: config: line 1: unknown key 'foo'; the keys are source, endpoint"),
            "\(r.stderr)")
        #expect(r.stderr.contains("warning: config: timeout = abc is not a number of seconds; using 10"), "\(r.stderr)")
    }

    /// The portfolio's rules: its value at the recorded samples' prices (10 AAPL at 268.835 with
    /// 1,000 paid in and 1,500 paid out: 2,188.35), its day change, and its drawdown at the
    /// closes the ledger keeps (a fund given at 10, 15, then 12: 20 % below its peak).
    @Test func portfolioValueAndDrawdownRules() throws {
        var env = try Self.environment(config: "source = samples\n")
        env["XDG_DATA_HOME"] = env["XDG_STATE_HOME"]! + "-data"
        try PortfolioCLITests.run(env, ["deposit", "1000", "USD", "--date", "2025-01-02"])
        try PortfolioCLITests.run(env, ["buy", "AAPL", "10", "--price", "150", "--date", "2025-01-02"])
        let rules = ["--alert", "@portfolio>2000", "--alert", "@portfolio<-1%", "--alert", "@drawdown>10%"]
        let first = try CLIRunner.run(["check"] + rules, environment: env)
        #expect(first.exitCode == 1, "\(first.stderr)")
        // The value in its currency, as old as the recorded price it was valued at.
        #expect(
            first.stdout.hasPrefix(
                "alert @portfolio>2000: @portfolio 2,188.35 USD (-0.06%) at 2025-10-29T16:36:59Z (recorded)\n"),
            "\(first.stdout)")
        #expect(!first.stdout.contains("@drawdown") && !first.stdout.contains("<-1%"), "\(first.stdout)")
        let second = try CLIRunner.run(["check"] + rules, environment: env)
        #expect(second.exitCode == 0 && second.stdout.isEmpty, "\(second.stdout)")
        try PortfolioCLITests.run(env, ["buy", "FUND1", "100", "--price", "10", "--date", "2025-01-02"])
        try PortfolioCLITests.run(env, ["price", "FUND1", "2025-04-01", "15"])
        try PortfolioCLITests.run(env, ["price", "FUND1", "2025-09-01", "12"])
        let drawdown = try CLIRunner.run(["check", "--alert", "@drawdown>10%"], environment: env)
        #expect(drawdown.exitCode == 1, "\(drawdown.stderr)")
        #expect(drawdown.stdout.hasPrefix("alert @drawdown>10%: @drawdown"), "\(drawdown.stdout)")
        let watch = try CLIRunner.run(["watch", "AAPL", "--alert", "@portfolio>1"], environment: env)
        #expect(watch.exitCode == 2 && watch.stderr.contains("checked by `squarestock check`"), "\(watch.stderr)")
        // A portfolio valued at manual closes alone has no day change: its value rules are
        // still checked (its percent rules have nothing to compare).
        var fund = env
        fund["SQUARESTOCK_PORTFOLIO"] = "funds"
        try PortfolioCLITests.run(fund, ["buy", "MYFUND", "10", "--price", "100", "--date", "2025-01-02"])
        try PortfolioCLITests.run(fund, ["price", "MYFUND", "2025-09-01", "120"])
        let value = try CLIRunner.run(
            ["check", "--alert", "@portfolio>1", "--alert", "@portfolio<-1%"], environment: fund)
        #expect(value.exitCode == 1, "\(value.stderr)")
        // 1,200 less the 1,000 paid with no deposit.
        #expect(
            value.stdout == "alert @portfolio>1: @portfolio 200.00 USD (valued at closes as old as 2025-09-01)\n",
            "\(value.stdout)")
        #expect(!value.stdout.contains("<-1%"), "\(value.stdout)")
        #expect(value.stderr.contains("@portfolio<-1% not checked: no day change for @portfolio"), "\(value.stderr)")
    }

    /// A rule fired by a price that rounds onto its threshold shows the price exactly: 268.835
    /// fires `AAPL<268.84` and read `AAPL 268.84`; the same for a change % (-0.0613).
    @Test func aFiguresRoundingNeverContradictsTheRuleItFired() throws {
        let env = try Self.environment(config: "source = samples\n")
        let price = try CLIRunner.run(["check", "--alert", "AAPL<268.84"], environment: env)
        #expect(price.stdout.hasPrefix("alert AAPL<268.84: AAPL 268.835 (-0.06%)"), "\(price.stdout)")
        let percent = try CLIRunner.run(["check", "--alert", "AAPL<-0.061%"], environment: env)
        #expect(percent.stdout.hasPrefix("alert AAPL<-0.061%: AAPL 268.84 (-0.0613%)"), "\(percent.stdout)")
    }

    /// A rule with nothing to compare (the recording of BTC-USD has no day change) is said not to
    /// have been checked: a cron job would otherwise trust a rule nobody looked at.
    @Test func aRuleWithoutItsValueIsSaidNotChecked() throws {
        let env = try Self.environment(config: "source = samples\n")
        let r = try CLIRunner.run(["check", "--alert", "BTC-USD<-5%", "--alert", "AAPL>1"], environment: env)
        #expect(r.exitCode == 1 && r.stdout.hasPrefix("alert AAPL>1: "), "\(r.stdout)")
        #expect(r.stderr == "squarestock: BTC-USD<-5% not checked: no day change for BTC-USD now\n", "\(r.stderr)")
        // Nothing checked at all is not "none fired": exit 3.
        let none = try CLIRunner.run(["check", "--alert", "BTC-USD<-5%"], environment: env)
        #expect(none.exitCode == 3 && none.stderr.contains("not checked"), "\(none.stderr)")
    }

    /// The same rule twice (the config's and a flag's, written differently) fires and runs its
    /// hook once.
    @Test func theSameRuleTwiceFiresOnce() throws {
        let env = try Self.environment(config: "source = samples\nalerts = AAPL>1\non_alert = echo HOOK\n")
        let r = try CLIRunner.run(["check", "--alert", "aapl > 1", "--alert", "AAPL>1.0"], environment: env)
        #expect(r.exitCode == 1, "\(r.stderr)")
        #expect(r.stdout.components(separatedBy: "alert AAPL>1:").count == 2, "\(r.stdout)")
        #expect(r.stdout.components(separatedBy: "HOOK").count == 2, "\(r.stdout)")
    }

    /// A config file's bad rule is refused there, not as a flag nobody gave; a config line that
    /// could not be read is said before the usage error it explains.
    @Test func aConfigRuleIsRefusedWhereItIsWritten() throws {
        let bad = try CLIRunner.run(
            ["check"], environment: try Self.environment(config: "source = samples\nalerts = AAPL>200, MSFT<<3\n"))
        #expect(bad.exitCode == 2, "\(bad.stderr)")
        #expect(bad.stderr.contains("'MSFT<<3' in alerts = ... in the config file "), "\(bad.stderr)")
        #expect(bad.stderr.contains("fix it there") && !bad.stderr.contains("--alert"), "\(bad.stderr)")
        let unread = try CLIRunner.run(
            ["check"], environment: try Self.environment(config: "source = samples\nalerts AAPL>200\n"))
        #expect(unread.exitCode == 2, "\(unread.stderr)")
        let warning = unread.stderr.range(of: "warning: config: line 2: expected key = value")
        let error = unread.stderr.range(of: "no alert rules")
        #expect(warning != nil && error != nil && warning!.lowerBound < error!.lowerBound, "\(unread.stderr)")
    }

    /// A quote fetched now whose last trade is hours old while its market is open says so, as
    /// `quote` and `line` do.
    @Test func aStaleQuoteSaysSo() throws {
        let server = try LineCLITests.oldTradeServer()
        var env = try Self.environment(config: "source = stooq\nendpoint = \(server.baseURL)\n")
        env["SQUARESTOCK_NOW"] = "2020-05-06T15:00:00Z"
        let r = try CLIRunner.run(["check", "--alert", "AAPL>10"], environment: env)
        #expect(
            r.stdout == "alert AAPL>10: AAPL 10.12 at 2020-05-04T20:00:01Z (no trade for 42h)\n",
            "\(r.stdout)\(r.stderr)")
    }
}
