/// One name lookup hit from an online service, before it is merged with the offline directory.
public struct OnlineSymbolMatch: Sendable, Equatable {
    public var symbol: String
    public var name: String
    public var exchange: String
    /// The service's own type words (`Equity`, `ETF`, `Index`).
    public var type: String
    /// Which service found it (`yahoo`, `alphavantage`).
    public var origin: String

    public init(symbol: String, name: String, exchange: String, type: String, origin: String) {
        self.symbol = symbol
        self.name = name
        self.exchange = exchange
        self.type = type
        self.origin = origin
    }
}
