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
}
