import SquarestockCore

/// A `--alert` value that could not be read, with the rule as written and what is wrong, so the
/// usage error points at the exact flag.
package struct AlertRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    package var rule: String
    package var problem: String

    package init(rule: String, problem: String) {
        self.rule = rule
        self.problem = problem
    }

    package var description: String {
        "--alert '\(rule)': \(problem) (examples: AAPL>200, MSFT<-2%)"
    }

    /// The same for a rule of the config file's `alerts` at `path`: fixed there, not by a flag.
    package func setBy(configFile path: String) -> String {
        "'\(TerminalText.visible(rule))' in alerts = ... in the config file \(path): \(problem) "
            + "(examples: AAPL>200, MSFT<-2%); fix it there"
    }
}
