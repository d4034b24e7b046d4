/// The process exit codes, one meaning each, so scripts can tell a typo from an outage.
public enum ExitStatus: Int32, Sendable {
    /// Every symbol was quoted.
    case ok = 0
    /// Some symbols failed; the others were printed.
    case someFailed = 1
    /// The command line was wrong.
    case usage = 2
    /// Nothing could be fetched: the network or the source is down or refusing.
    case nothingFetched = 3
    /// An order (or a cancellation) may have reached the exchange, but its fate is unknown: a
    /// script must check the orders, never send it again as it would after a refusal (1).
    case statusUnknown = 4

    public static func forResults(_ results: [StockResult]) -> ExitStatus {
        let errors = results.compactMap(\.error)
        if errors.isEmpty { return .ok }
        if errors.count == results.count && errors.allSatisfy(\.isServiceLevel) { return .nothingFetched }
        return .someFailed
    }
}
