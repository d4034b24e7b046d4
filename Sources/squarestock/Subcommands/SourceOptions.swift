import ArgumentParser
import SquarestockKit

/// Where quotes come from; shared by every command that fetches.
struct SourceOptions: ParsableArguments {
    @Option(name: .long, help: "Quote source: \(SourceCatalog.names.joined(separator: ", ")). Env: SQUARESTOCK_SOURCE.")
    var source: String?

    @Option(name: .long, help: "Send requests to this scheme://host:port instead; paths stay the service's. Env: SQUARESTOCK_ENDPOINT.")
    var endpoint: String?

    @Option(name: .long, help: "Seconds to wait for each request (default 10).")
    var timeout: Double?

    /// Flags beat the environment, which beats the config file.
    func resolve(environment env: [String: String], config: ConfigFile) throws -> (QuoteSource, SourceContext, TransportOptions) {
        let name = source ?? env["SQUARESTOCK_SOURCE"].nonEmpty ?? config["source"] ?? SourceCatalog.defaultName
        guard let quoteSource = SourceCatalog.source(named: name) else {
            throw ValidationError("unknown source '\(name)'; choose one of \(SourceCatalog.names.joined(separator: ", "))")
        }
        let endpointValue = endpoint ?? env["SQUARESTOCK_ENDPOINT"].nonEmpty ?? config["endpoint"]
        if let e = endpointValue {
            let lower = e.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
                throw ValidationError("--endpoint must start with http:// or https:// (got '\(e)')")
            }
        }
        let seconds = timeout ?? config["timeout"].flatMap(Double.init) ?? 10
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--timeout must be between 0 and 600 seconds") }
        let context = SourceContext(now: ClockOverride.now(environment: env), endpoint: endpointValue,
                                    stooqAPIKey: env["STOOQ_API_KEY"].nonEmpty ?? config["stooq_api_key"],
                                    samplesDirectory: SamplesLocator.find(environment: env))
        return (quoteSource, context, TransportOptions(timeout: seconds))
    }
}

extension Optional where Wrapped == String {
    /// nil for an unset or empty variable.
    var nonEmpty: String? { self.flatMap { $0.isEmpty ? nil : $0 } }
}
