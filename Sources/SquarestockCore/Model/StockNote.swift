/// One thing the user should know about a quote or a chart that did not stop it. Typed, so the
/// code that sorts notes (a skipped source goes to standard error, an exchange's status into
/// `doctor`, a failed conversion into the exit status) matches a case instead of reading a text's
/// first words back; `text` is what every view shows.
public enum StockNote: Sendable, Hashable {
    /// A chain (`--source auto`) skipped `from`, which failed as a service, and asked `to`.
    case fellBack(from: String, to: String, reason: String)
    /// The exchange is not fully online (maintenance, cancel-only, post-only).
    case exchangeStatus(ExchangeSystemStatus)
    /// Prices left in their own currency when `to` was asked for, and why (the rate's quote
    /// failed, or it had no rate).
    case notConverted(to: String, reason: String)
    /// Any other note (a recording, a conversion made, a shortened series), shown as it is.
    case remark(String)

    /// The note as the views show it.
    public var text: String {
        switch self {
        case .fellBack(let from, let to, let reason): return "fell back from \(from) to \(to): " + reason
        case .exchangeStatus(let status): return "exchange status: " + status.description
        case .notConverted(let to, let reason): return "not converted to \(to): " + reason
        case .remark(let text): return text
        }
    }
}
