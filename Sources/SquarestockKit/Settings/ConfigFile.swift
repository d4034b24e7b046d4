import Foundation
import SquarestockCore
import SquarestockServices

/// Settings from `$XDG_CONFIG_HOME/squarestock/config` (default `~/.config/squarestock/config`):
/// `key = value` lines, `#` comments; the keys are `knownKeys`, and any other line is reported
/// (a typo in a key would otherwise be a setting silently not taken). Command-line flags beat
/// environment variables, which beat this file.
public struct ConfigFile: Sendable, Equatable {
    public var values: [String: String]
    /// Lines that could not be read, for a warning (line number and text).
    public var problems: [String]

    public init(values: [String: String] = [:], problems: [String] = []) {
        self.values = values
        self.problems = problems
    }

    public subscript(key: String) -> String? { values[key] }

    /// Every key squarestock reads from the file: its own, then the services' (their keys and
    /// other settings, from the catalog).
    public static let knownKeys =
        [
            "source", "endpoint", "timeout", "exchange", "currency", "watchlist", "stream", "theme", "portfolio",
            "alerts", "on_alert",
        ] + ServiceCatalog.standard.configKeys

    public static func parse(_ text: String) -> ConfigFile {
        var c = ConfigFile()
        for (n, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = String(rawLine).trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let eq = line.firstIndex(of: "=") else {
                c.problems.append("line \(n + 1): expected key = value")
                continue
            }
            let key = String(line[..<eq]).trimmingSpaces.lowercased()
            guard knownKeys.contains(key) else {
                c.problems.append(
                    "line \(n + 1): unknown key '\(TerminalText.sanitize(String(key.prefix(40))))'; the keys are "
                        + knownKeys.joined(separator: ", "))
                continue
            }
            var value = String(line[line.index(after: eq)...]).trimmingSpaces
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            c.values[key] = value
        }
        return c
    }

    public static func path(environment: [String: String]) -> String? {
        if let x = environment["XDG_CONFIG_HOME"], !x.isEmpty { return x + "/squarestock/config" }
        if let h = environment["HOME"], !h.isEmpty { return h + "/.config/squarestock/config" }
        return nil
    }

    /// Keys whose values are secrets.
    public static func isSecret(_ key: String) -> Bool { key.hasSuffix("_key") || key.hasSuffix("_token") }

    /// The file at `path`, or an empty config when there is none. A file that group or others
    /// can read keeps its settings but loses its secrets, with a warning in `problems`: a key
    /// that others can read is a leaked key.
    /// A config over `LocalFileReader.Limit.config` is not read at all (a problem says so).
    public static func load(path: String?) -> ConfigFile {
        guard let path else { return ConfigFile() }
        let data: [UInt8]
        switch LocalFileReader.read(path, limit: LocalFileReader.Limit.config) {
        case .success(let bytes): data = bytes
        case .failure(let e):
            guard case .tooLarge = e else { return ConfigFile() }
            var config = ConfigFile()
            config.problems.append(e.description + "; its settings are ignored")
            return config
        }
        var config = parse(String(decoding: data, as: UTF8.self))
        var st = stat()
        if stat(path, &st) == 0, st.st_mode & 0o077 != 0 {
            let secrets = config.values.keys.filter(isSecret).sorted()
            if !secrets.isEmpty {
                for k in secrets { config.values.removeValue(forKey: k) }
                config.problems.append(
                    "\(path) is readable by other users, so its keys (\(secrets.joined(separator: ", "))) are ignored; run `chmod 600 \(path)`"
                )
            }
        }
        return config
    }
}
