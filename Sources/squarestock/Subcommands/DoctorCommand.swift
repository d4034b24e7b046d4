import ArgumentParser
import Foundation
import SquarestockCore
import SquarestockKit
import SquarestockLive
import SquarestockRendering

/// `squarestock doctor`: which sources work from here, and what the local setup looks like.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check every source and the local setup; exits 1 when no live source works."
    )

    @OptionGroup var sourceOptions: SourceOptions

    mutating func validate() throws {
        try sourceOptions.resolveSettings()
    }

    func run() throws {
        let settings = try sourceOptions.settings()
        settings.printWarnings()
        let caps = TerminalCapabilities.detect(environment: settings.environment, fd: 1)
        let report = SquarestockApp(settings: settings).doctor()
        var out = "squarestock \(VersionText.line)\n"
        for line in report.setup { out += line + "\n" }
        out +=
            "terminal: \(caps.isTTY ? "a terminal" : "not a terminal"), colour \(caps.useColour ? "on" : "off")"
            + ", \(caps.supportsUnicode ? "Unicode" : "ASCII only"), \(caps.columns) columns\n\n"
        for r in report.sources {
            out += (r.ok ? "ok    " : "FAIL  ") + r.name + ": " + r.summary + "\n"
            for e in r.requests { out += Doctor.entryLine(e) + "\n" }
        }
        out +=
            "\n"
            + (report.working.isEmpty
                ? "no live source works from here; --source \(Settings.offlineSourceName) works offline"
                : "working: " + report.working.joined(separator: ", ")) + "\n"
        Terminal.writeOut(SecretRedactor.shared.redact(out))
        if report.working.isEmpty { throw ExitCode(1) }
    }
}
