import Foundation
import SquarestockCore

/// Settings from `$XDG_CONFIG_HOME/squarestock/config` (default `~/.config/squarestock/config`):
/// `key = value` lines, `#` comments; the keys are `knownKeys`, and any other line is reported
/// (a typo in a key would otherwise be a setting silently not taken). Command-line flags beat
/// environment variables, which beat this file. Here beside the catalog whose keys it checks is
/// only the parse of text handed to it (the fuzz target `config` drives it); finding and reading
/// the file is the facade's (`ConfigFile+Load.swift`): nothing below it reads the file.
public struct ConfigFile: Sendable, Equatable {
    public var values: [String: String]
    /// Lines that could not be read, for a warning (line number and text).
    public var problems: [String]
    /// Whether something the file says was not taken: a line that could not be read, an unknown
    /// key, a file too large or unreadable. Orders are refused then (a misspelt `paper` or limit
    /// must never leave a real order unguarded); secrets ignored for the file's mode are not this.
    public var dropsSettings = false

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
            "alerts", "on_alert", "record_fills", "paper", "max_order_value", "max_price_distance",
        ] + ServiceCatalog.standard.configKeys

    public static func parse(_ text: String) -> ConfigFile {
        var c = ConfigFile()
        var lineOf: [String: Int] = [:]
        // An editor's UTF-8 byte order mark is no part of the first key (`source` was refused as
        // unknown, and its value ignored).
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        for (n, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = String(rawLine).trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let eq = line.firstIndex(of: "=") else {
                c.problems.append("line \(n + 1): expected key = value")
                c.dropsSettings = true
                continue
            }
            let key = String(line[..<eq]).trimmingSpaces.lowercased()
            guard knownKeys.contains(key) else {
                c.problems.append(
                    "line \(n + 1): unknown key '\(TerminalText.sanitize(String(key.prefix(40))))'; the keys are "
                        + knownKeys.joined(separator: ", "))
                c.dropsSettings = true
                continue
            }
            var value = String(line[line.index(after: eq)...]).trimmingSpaces
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            // A key given twice with two values: the one taken is a guess at what was meant (a
            // `max_order_value` of 100 USD, then one of 100000 USD, let a 303 USD order through).
            if let earlier = lineOf[key], c.values[key] != value {
                c.problems.append(
                    "line \(n + 1): \(key) is set again (line \(earlier) set it too); keep one, this one is taken")
                c.dropsSettings = true
            }
            lineOf[key] = n + 1
            c.values[key] = value
        }
        return c
    }

    /// Keys whose values are secrets.
    public static func isSecret(_ key: String) -> Bool { key.hasSuffix("_key") || key.hasSuffix("_token") }
}
