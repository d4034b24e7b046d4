import ArgumentParser
import Foundation
import SquarestockKit
import SquarestockLive

/// Where quotes come from; shared by every command that fetches. The command's `validate()`
/// resolves these flags with the environment and config file once (`resolveSettings()`), and
/// `run()` reads the result (`settings()`).
struct SourceOptions: ParsableArguments {
    @Option(
        name: .long, help: "Quote source: \(Settings.sourceNames.joined(separator: ", ")). Env: SQUARESTOCK_SOURCE.")
    var source: String?

    @Option(
        name: .long,
        help: "Send requests to this scheme://host:port instead; paths stay the service's. Env: SQUARESTOCK_ENDPOINT.")
    var endpoint: String?

    @Option(name: .long, help: "Seconds to wait for each request, 0.001 to 600 (default 10).")
    var timeout: Double?

    @Option(
        name: .long,
        help:
            "Colours for a dark or light background: dark, light, auto (asks the terminal's COLORFGBG; default). Env: SQUARESTOCK_THEME. Config: theme."
    )
    var theme: String?

    /// Not an option: the settings `resolveSettings()` made in `validate()`, kept for `run()`.
    /// ArgumentParser keeps the default value of a property without a property wrapper, and
    /// `validate()` runs on the same value `run()` is called on.
    var resolved = ResolvedSettings()

    var flags: Settings.Flags {
        Settings.Flags(source: source, endpoint: endpoint, timeout: timeout, theme: theme)
    }

    /// The flags given, as arguments for another run (`recent` runs `quote`, `line` its refresher).
    var arguments: [String] {
        var out: [String] = []
        if let source { out += ["--source", source] }
        if let endpoint { out += ["--endpoint", endpoint] }
        if let timeout { out += ["--timeout", String(timeout)] }
        if let theme { out += ["--theme", theme] }
        return out
    }

    /// Resolves flags, environment and config file (opened here, once), so a wrong value is
    /// reported with this command's usage. The first statement of a fetching command's `validate()`.
    mutating func resolveSettings() throws {
        resolved.value = try Self.resolve(flags)
    }

    /// The flags alone, for a command that needs no settings this time (`search` offline).
    func checkFlags() throws {
        do { try flags.check() } catch { throw ValidationError(error.description) }
    }

    /// The settings `validate()` resolved. ArgumentParser validates before it runs, so resolving
    /// here again only happens for a command value made some other way.
    func settings() throws -> Settings {
        if let settings = resolved.value { return settings }
        return try Self.resolve(flags)
    }

    /// Whether one source is named for every symbol: `--source`, or `SQUARESTOCK_SOURCE` (that
    /// flag's variable). The config's `source` is a default, which the source a recent symbol
    /// was quoted through overrides (`recent`, a bare `squarestock`).
    /// `auto` names none: it is the default chain, and each symbol's own source stays.
    func namesOneForAll(_ settings: Settings) -> Bool {
        let named = source ?? settings.environment["SQUARESTOCK_SOURCE"] ?? ""
        return !named.isEmpty && named.lowercased() != settings.catalog.defaultSource
    }

    static func resolve(_ flags: Settings.Flags) throws -> Settings {
        do {
            return try Settings.resolve(
                flags, environment: ProcessInfo.processInfo.environment, localtimeTarget: LocaltimeLink.target())
        } catch {
            // A value from the environment or the config file: the command's usage would point
            // at flags nobody gave.
            if case .setBy = error { throw SettingOriginError(description: error.description) }
            throw ValidationError(error.description)
        }
    }
}

/// A value ArgumentParser decodes as nothing (so `SourceOptions` stays `Decodable`) and copies
/// from its default: the place a command keeps its resolved settings between `validate()` and `run()`.
struct ResolvedSettings: Decodable {
    var value: Settings?

    init() {}
    init(from decoder: any Decoder) throws {}
}

extension Settings {
    /// Prints `warnings` (config problems, then an unsafe cache folder) to standard error.
    func printWarnings() {
        for w in warnings { Terminal.writeError("squarestock: " + w + "\n") }
    }

    /// Prints `cacheWarning` alone: `symbols update` and `search --online` have never reported
    /// config problems.
    func printCacheWarning() {
        if let w = cacheWarning { Terminal.writeError("squarestock: " + w + "\n") }
    }
}

/// A setting refused where the environment or the config file gave it: said without the
/// command's usage (`Main`), which would point at flags nobody gave.
struct SettingOriginError: Error, CustomStringConvertible {
    let description: String
}
