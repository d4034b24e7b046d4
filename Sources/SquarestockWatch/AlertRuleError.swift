/// A `--alert` value that could not be read, with the rule as written and what is wrong, so the
/// usage error points at the exact flag.
public struct AlertRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    public var rule: String
    public var problem: String

    public init(rule: String, problem: String) {
        self.rule = rule
        self.problem = problem
    }

    public var description: String {
        "--alert '\(rule)': \(problem) (examples: AAPL>200, MSFT<-2%)"
    }
}
