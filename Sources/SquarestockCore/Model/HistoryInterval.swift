/// How long one bar of a history lasts, as the request asked for it: charts lay intraday bars
/// out by time within their session and longer bars one slot per bar.
public enum HistoryInterval: Sendable, Hashable, CustomStringConvertible {
    /// Intraday bars of this many minutes (1, 5, 15, 30, 60 ...).
    case minutes(Int)
    case daily
    case weekly
    case monthly

    public var isIntraday: Bool {
        if case .minutes = self { return true }
        return false
    }

    /// Length of an intraday bar in seconds; nil for daily and longer bars.
    public var seconds: Int64? {
        if case .minutes(let m) = self { return Int64(max(m, 1)) * 60 }
        return nil
    }

    /// `5m`, `1d`, `1wk`, `1mo`.
    public var description: String {
        switch self {
        case .minutes(let m): return "\(m)m"
        case .daily: return "1d"
        case .weekly: return "1wk"
        case .monthly: return "1mo"
        }
    }
}
