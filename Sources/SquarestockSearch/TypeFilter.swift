/// Which kinds of security a search may return: the CLI's `--type stock|etf|any`.
public enum TypeFilter: String, Sendable, Hashable, CaseIterable {
    /// Common stock only (ADSs included); no ETFs, funds, preferreds, warrants, units or rights.
    case stock
    /// ETFs only.
    case etf
    /// Every kind.
    case any

    /// Parses the CLI spelling (`stock`, `stocks`, `etf`, `etfs`, `any`, `all`), case-insensitively.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "stock", "stocks", "equity", "common": self = .stock
        case "etf", "etfs": self = .etf
        case "any", "all", "*": self = .any
        default: return nil
        }
    }

    package func admits(_ type: SecurityType) -> Bool {
        switch self {
        case .stock: type == .commonStock
        case .etf: type == .etf
        case .any: true
        }
    }
}
