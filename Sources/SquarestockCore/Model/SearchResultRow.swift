/// One line of `squarestock search` output, whether it came from the offline directory or an
/// online lookup, so both can be ranked, de-duplicated and printed alike.
public struct SearchResultRow: Sendable, Equatable {
    public var symbol: String
    public var name: String
    public var exchange: String
    public var type: String
    public var score: Int
    /// `offline`, `yahoo`, `alphavantage`, or several joined by `+` when they agree.
    public var origin: String

    public init(symbol: String, name: String, exchange: String, type: String, score: Int, origin: String) {
        self.symbol = symbol
        self.name = name
        self.exchange = exchange
        self.type = type
        self.score = score
        self.origin = origin
    }
}
