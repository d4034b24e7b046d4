import ArgumentParser
import Foundation
import SquarestockKit

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
        let env = settings.environment
        settings.printWarnings()
        let (context, transportOptions) = (settings.sourceContext, settings.transportOptions)
        let caps = TerminalCapabilities.detect(environment: env, fd: 1)
        var out = "squarestock \(SquarestockVersion.string)\n"
        out += Doctor.describePath("config file", settings.configPath) + "\n"
        let cacheFolder = PrivateFileStore.cacheDirectory(environment: env)
        out +=
            Doctor.describePath("cache folder", cacheFolder)
            + (cacheFolder.flatMap(PrivateFileStore.folderProblem).map { " not used: \($0)" } ?? "") + "\n"
        let session = YahooSessionStore(cacheDirectory: context.cacheDirectory).load(
            origin: YahooSession.origin(endpoint: context.endpoint))
        out +=
            "yahoo session: "
            + (session.map { s in
                "cached, made " + AgeFormatter.ago(from: Instant(secondsSinceEpoch: s.created), now: context.now)
                    + (s.isUsable(now: context.now) ? "" : " (expired; a new one will be made)")
            } ?? "none cached") + "\n"
        out +=
            "stooq API key: "
            + (context.stooqAPIKey == nil ? "not configured (STOOQ_API_KEY or stooq_api_key)" : "configured") + "\n"
        out +=
            "alphavantage API key: "
            + (context.alphaVantageAPIKey == nil
                ? "not configured (ALPHAVANTAGE_API_KEY or alphavantage_api_key)" : "configured") + "\n"
        out += "samples: " + (context.samplesDirectory ?? "not found (set SQUARESTOCK_SAMPLES)") + "\n"
        out += "endpoint: " + (context.endpoint.map(Endpoint.redact) ?? "the services' own hosts") + "\n"
        out +=
            "terminal: \(caps.isTTY ? "a terminal" : "not a terminal"), colour \(caps.useColour ? "on" : "off")"
            + ", \(caps.supportsUnicode ? "Unicode" : "ASCII only"), \(caps.columns) columns\n\n"

        let live: [QuoteSource] = [YahooSource(), AlphaVantageSource(), StooqSource(), YahooCSVSource()]
        let reports = Doctor(sources: live + [SamplesSource()]).check(
            context: context, transport: CurlTransport(options: transportOptions))
        for r in reports {
            out += (r.ok ? "ok    " : "FAIL  ") + r.name + ": " + r.summary + "\n"
            for e in r.requests { out += Doctor.entryLine(e) + "\n" }
        }
        let working = reports.filter { $0.ok && $0.name != "samples" }.map(\.name)
        out +=
            "\n"
            + (working.isEmpty
                ? "no live source works from here; --source samples works offline"
                : "working: " + working.joined(separator: ", ")) + "\n"
        Terminal.writeOut(SecretRedactor.shared.redact(out))
        if working.isEmpty { throw ExitCode(1) }
    }
}
