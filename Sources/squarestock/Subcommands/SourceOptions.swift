import ArgumentParser
import Foundation
import SquarestockKit

/// Where quotes come from; shared by every command that fetches.
struct SourceOptions: ParsableArguments {
    @Option(name: .long, help: "Quote source: \(SourceCatalog.names.joined(separator: ", ")). Env: SQUARESTOCK_SOURCE.")
    var source: String?

    @Option(
        name: .long,
        help: "Send requests to this scheme://host:port instead; paths stay the service's. Env: SQUARESTOCK_ENDPOINT.")
    var endpoint: String?

    @Option(name: .long, help: "Seconds to wait for each request, 0.001 to 600 (default 10).")
    var timeout: Double?

    /// The settings after flags, environment and config file have had their say.
    struct Settings {
        var sourceName: String
        var endpoint: String?
        var timeout: Double
        var config: ConfigFile
    }

    /// Checked while parsing, so a wrong value is reported with this command's usage.
    func validate() throws {
        _ = try settings(environment: ProcessInfo.processInfo.environment)
    }

    /// Flags beat the environment, which beats the config file.
    func settings(environment env: [String: String]) throws -> Settings {
        let config = ConfigFile.load(path: ConfigFile.path(environment: env))
        let name = source ?? env["SQUARESTOCK_SOURCE"].nonEmpty ?? config["source"] ?? SourceCatalog.defaultName
        guard SourceCatalog.isKnown(name) else {
            throw ValidationError(
                "unknown source '\(name)'; choose one of \(SourceCatalog.names.joined(separator: ", "))")
        }
        let endpointValue = endpoint ?? env["SQUARESTOCK_ENDPOINT"].nonEmpty ?? config["endpoint"]
        if let e = endpointValue {
            let lower = e.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
                throw ValidationError("--endpoint must start with http:// or https:// (got '\(e)')")
            }
        }
        let seconds = timeout ?? config["timeout"].flatMap(Double.init) ?? 10
        // libcurl counts whole milliseconds and reads 0 as "no limit", so a shorter limit would
        // silently become none.
        guard seconds >= SourceOptions.minimumTimeout, seconds <= 600 else {
            throw ValidationError("--timeout must be between 0.001 and 600 seconds (1 ms to 10 minutes)")
        }
        return Settings(sourceName: name, endpoint: endpointValue, timeout: seconds, config: config)
    }

    /// The shortest limit libcurl can keep: one millisecond.
    static let minimumTimeout = 0.001

    /// Everything a fetch needs: the source, its context (clock, endpoint, keys, samples) and
    /// the transport limits.
    func resolve(environment env: [String: String]) throws -> (QuoteSource, SourceContext, TransportOptions) {
        let s = try settings(environment: env)
        let context = SourceContext(
            now: ClockOverride.now(environment: env), endpoint: s.endpoint,
            stooqAPIKey: env["STOOQ_API_KEY"].nonEmpty ?? s.config["stooq_api_key"],
            samplesDirectory: SamplesLocator.find(environment: env),
            cacheDirectory: SourceOptions.usableCacheDirectory(environment: env),
            yahooUserAgent: s.config["yahoo_user_agent"] ?? SourceContext.defaultYahooUserAgent,
            alphaVantageAPIKey: env["ALPHAVANTAGE_API_KEY"].nonEmpty ?? s.config["alphavantage_api_key"])
        // From here on, no excerpt of a response and no error message can show these.
        SecretRedactor.shared.register(context: context)
        // isKnown was checked in settings(), so the catalog has this name.
        let source =
            SourceCatalog.source(named: s.sourceName, context: context) ?? FallbackSource.standard(context: context)
        return (source, context, TransportOptions(timeout: s.timeout))
    }
}

extension SourceOptions {
    /// The cache folder, unless it exists and is unsafe (another user's, or writable by others):
    /// then it is neither read nor written, and the user is told how to fix it.
    static func usableCacheDirectory(environment env: [String: String]) -> String? {
        guard let dir = PrivateFileStore.cacheDirectory(environment: env) else { return nil }
        if let problem = PrivateFileStore.folderProblem(dir) {
            Terminal.writeError("squarestock: warning: not using the cache: \(problem)\n")
            return nil
        }
        return dir
    }

    /// Problems with the config file, printed as warnings by every command that reads it.
    static func printConfigWarnings(environment env: [String: String]) {
        printConfigWarnings(ConfigFile.load(path: ConfigFile.path(environment: env)))
    }

    static func printConfigWarnings(_ config: ConfigFile) {
        for p in config.problems {
            Terminal.writeError("squarestock: warning: config: " + p + "\n")
        }
    }
}

extension Optional where Wrapped == String {
    /// nil for an unset or empty variable.
    var nonEmpty: String? { self.flatMap { $0.isEmpty ? nil : $0 } }
}
