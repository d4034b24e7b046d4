import ArgumentParser
import SquarestockKit
import SquarestockLive
import SquarestockRendering

/// The flags `book`, `trades` and `markets` share: which exchange, where to send the requests,
/// how long to wait, and how to print. Resolved into `Settings` once in `validate()`, like
/// `SourceOptions`.
struct ExchangeOptions: ParsableArguments {
    @Option(
        name: .long,
        help:
            "Exchange: \(Settings.exchangeNames.joined(separator: ", ")). Env: SQUARESTOCK_EXCHANGE. Config: exchange.")
    var exchange: String?

    @Option(
        name: .long,
        help: "Send requests to this scheme://host:port instead; paths stay the exchange's. Env: SQUARESTOCK_ENDPOINT.")
    var endpoint: String?

    @Option(name: .long, help: "Seconds to wait for each request, 0.001 to 600 (default 10).")
    var timeout: Double?

    @OptionGroup var output: FormatOption<QuoteCommand.Format>

    @Option(
        name: .long,
        help:
            "Colours for a dark or light background: dark, light, auto (default). Env: SQUARESTOCK_THEME. Config: theme."
    )
    var theme: String?

    @OptionGroup var display: LookOptions

    var resolved = ResolvedSettings()

    /// `--exchange NAME` of a broker whose only use here is its stream of books (`book --live`):
    /// it has no market data, so the settings resolve without it and the command asks for its
    /// stream by name.
    var streamOnlyExchange: String? { Settings.streamOnlyExchange(exchange) }

    /// The flags; `--exchange tradernet` is left out only for a command that streams it.
    func flags(allowingStreamOnly: Bool = false) -> Settings.Flags {
        let dropped = allowingStreamOnly && streamOnlyExchange != nil
        return Settings.Flags(endpoint: endpoint, timeout: timeout, exchange: dropped ? nil : exchange, theme: theme)
    }

    mutating func resolveSettings(allowingStreamOnly: Bool = false) throws {
        resolved.value = try SourceOptions.resolve(flags(allowingStreamOnly: allowingStreamOnly))
    }

    func settings() throws -> Settings {
        if let settings = resolved.value { return settings }
        return try SourceOptions.resolve(flags())
    }

    /// What the output looks like: the format asked for, else a table on a terminal and CSV in a pipe.
    func output(environment: [String: String]) -> (format: QuoteCommand.Format, caps: TerminalCapabilities) {
        let caps = display.capabilities(environment: environment)
        return (output.format ?? (caps.isTTY ? .table : .csv), caps)
    }
}

extension ExchangeReport {
    /// Prints the error, if any, and ends with the report's exit status.
    func finish() throws {
        if let message = errorMessage { Terminal.writeError("squarestock: " + message + "\n") }
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}
