import ArgumentParser
import Foundation
import SquarestockKit
import SquarestockLive
import SquarestockRendering
import SquarestockWatch

/// `squarestock check`: the alert rules evaluated once, for cron and systemd timers.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Evaluate the alert rules once; exit 1 when one fired (for cron and systemd timers).",
        discussion: """
            Rules: config `alerts = AAPL>200, MSFT<-2%` and --alert (the syntax of watch --alert).
            The portfolio: '@portfolio<90000' (its net value in the config currency at live quotes), \
            '@portfolio<-3%' (its holdings' day change), '@drawdown>10%' (its time-weighted growth below the past \
            year's peak, at the daily closes the ledger keeps).
            Each rule fires once per crossing: the state is kept in $XDG_STATE_HOME/squarestock/alerts, so a
            rule that fired stays quiet until its value moves back. For each alert, --on-alert CMD (or config
            on_alert) runs through /bin/sh with SQUARESTOCK_ALERT_SYMBOL, _RULE, _VALUE, _PRICE, _CHANGE_PERCENT
            and _TIME set. Exit: 1 an alert fired, 0 none, 3 no rule could be checked (no symbol quoted, or none
            with its value), 2 usage.
            """)

    @Option(name: .long, help: "A rule, as in watch: 'AAPL>200' (price), 'MSFT<-2%' (change %). Repeatable.")
    var alert: [String] = []

    @Option(name: .customLong("on-alert"), help: "Run this shell command for each alert (config: on_alert).")
    var onAlert: String?

    @OptionGroup var sourceOptions: SourceOptions

    mutating func validate() throws {
        try sourceOptions.resolveSettings()
        do {
            _ = try rules()
        } catch {
            // A config line that could not be read may be why there is no rule: said first.
            try sourceOptions.settings().printWarnings()
            throw error
        }
    }

    /// The config's rules, then --alert's, each once (the same rule given twice would fire and
    /// run its hook twice): one the config file holds is refused there, not as a flag.
    func rules() throws -> [AlertRule] {
        let settings = try sourceOptions.settings()
        guard !settings.configAlerts.isEmpty || !alert.isEmpty else {
            throw ValidationError(
                "no alert rules: add `alerts = AAPL>200, MSFT<-2%` to the config file, or give --alert")
        }
        var rules: [AlertRule] = []
        for text in settings.configAlerts {
            switch AlertRule.parse(text) {
            case .success(let r): rules.appendOnce(r)
            case .failure(let e):
                throw SettingOriginError(description: e.setBy(configFile: settings.configPath ?? "the config file"))
            }
        }
        for text in alert {
            switch AlertRule.parse(text) {
            case .success(let r): rules.appendOnce(r)
            case .failure(let e): throw ValidationError(e.description)
            }
        }
        return rules
    }

    func run() throws {
        let settings = try sourceOptions.settings()
        settings.printWarnings()
        let report = SquarestockApp(settings: settings).checkAlerts(try rules())
        for (symbol, message) in report.failures {
            Terminal.writeError("squarestock: \(symbol): \(message)\n")
        }
        for rule in report.unanswered {
            let what = rule.metric == .price ? "no price" : "no day change"
            Terminal.writeError("squarestock: \(rule.description) not checked: \(what) for \(rule.symbol) now\n")
        }
        let hook = onAlert ?? settings.onAlert
        for event in report.fired {
            Terminal.writeOut(Self.line(event) + "\n")
            if let hook { Self.runHook(hook, event: event, environment: settings.environment) }
        }
        if !report.fired.isEmpty { throw ExitCode(1) }
        if report.rulesChecked == 0 { throw ExitCode(3) }
    }

    /// `alert AAPL>200: AAPL 268.84 (-0.06%) at 2025-10-29T16:36:59Z (recorded)`: the price at
    /// the instrument's precision, as every view shows it, exact where rounding would contradict
    /// the rule (the hook gets the exact values); a value's currency, and a recorded or stale
    /// price said to be one.
    static func line(_ event: AlertEvent) -> String {
        var line =
            "alert \(event.rule.description): \(event.rule.symbol) "
            + (event.priceText ?? NumberFormatting.price(event.value, decimals: event.priceDecimals))
        if let c = event.currency { line += " " + c }
        if let c = event.changePercentText { line += " (\(c))" }
        if let t = event.time { line += " at \(t.iso8601UTC)" }
        if event.recorded { line += " (recorded)" }
        if let note = event.note { line += " (\(note))" }
        return line
    }

    /// The hook through /bin/sh, waited for (a timer's job ends when its hooks do), its output
    /// passed through; one that fails is said to (cron mails standard error), with its status.
    static func runHook(_ command: String, event: AlertEvent, environment: [String: String]) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command]
        var env = environment
        for (k, v) in event.environment { env[k] = v }
        p.environment = env
        p.standardInput = FileHandle.nullDevice
        do {
            try p.run()
            p.waitUntilExit()
            if p.terminationReason == .uncaughtSignal {
                Terminal.writeError(
                    "squarestock: the alert command for \(event.rule.description) was killed by signal \(p.terminationStatus)\n"
                )
            } else if p.terminationStatus != 0 {
                Terminal.writeError(
                    "squarestock: the alert command for \(event.rule.description) exited with status \(p.terminationStatus)\n"
                )
            }
        } catch {
            Terminal.writeError("squarestock: could not run the alert command: \(error)\n")
        }
    }
}
