import ArgumentParser
import Foundation
import SquarestockKit
import SquarestockLive
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
            and _TIME set. Exit: 1 an alert fired, 0 none, 3 no symbol could be quoted, 2 usage.
            """)

    @Option(name: .long, help: "A rule, as in watch: 'AAPL>200' (price), 'MSFT<-2%' (change %). Repeatable.")
    var alert: [String] = []

    @Option(name: .customLong("on-alert"), help: "Run this shell command for each alert (config: on_alert).")
    var onAlert: String?

    @OptionGroup var sourceOptions: SourceOptions

    mutating func validate() throws {
        try sourceOptions.resolveSettings()
        _ = try rules()
    }

    func rules() throws -> [AlertRule] {
        let settings = try sourceOptions.settings()
        let texts = settings.configAlerts + alert
        guard !texts.isEmpty else {
            throw ValidationError(
                "no alert rules: add `alerts = AAPL>200, MSFT<-2%` to the config file, or give --alert")
        }
        return try texts.map { text in
            switch AlertRule.parse(text) {
            case .success(let r): return r
            case .failure(let e): throw ValidationError(e.description)
            }
        }
    }

    func run() throws {
        let settings = try sourceOptions.settings()
        settings.printWarnings()
        let report = SquarestockApp(settings: settings).checkAlerts(try rules())
        for (symbol, message) in report.failures {
            Terminal.writeError("squarestock: \(symbol): \(message)\n")
        }
        let hook = onAlert ?? settings.onAlert
        for event in report.fired {
            var line =
                "alert \(event.rule.description): \(event.rule.symbol) \(event.price?.description ?? event.value.description)"
            if let c = event.changePercent { line += " (\(c.description)%)" }
            if let t = event.time { line += " at \(t.iso8601UTC)" }
            Terminal.writeOut(line + "\n")
            if let hook { Self.runHook(hook, event: event, environment: settings.environment) }
        }
        if !report.fired.isEmpty { throw ExitCode(1) }
        if report.failures.count == report.checked { throw ExitCode(3) }
    }

    /// The hook through /bin/sh, waited for (a timer's job ends when its hooks do), its output
    /// passed through.
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
        } catch {
            Terminal.writeError("squarestock: could not run the alert command: \(error)\n")
        }
    }
}
