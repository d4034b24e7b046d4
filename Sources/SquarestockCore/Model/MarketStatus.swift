/// Whether a symbol's market is trading, as far as the clock and the last trade can tell.
public enum MarketStatus: String, Sendable, Codable, CaseIterable {
    case open, closed, pre, post, delayed, unknown
}
