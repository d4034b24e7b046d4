/// Who a symbol belongs to and where it trades.
public struct Company: Sendable, Equatable {
    /// The symbol as the user asked for it, upper-cased (`AAPL`, `7203.T`).
    public var symbol: String
    /// The name as the source sent it, already sanitised for the terminal.
    public var name: String?
    public var exchange: Exchange?
    /// The source's own venue code (`NMS`), kept for display when the registry does not know it.
    public var exchangeCode: String?

    @inlinable
    public init(symbol: String, name: String? = nil, exchange: Exchange? = nil, exchangeCode: String? = nil) {
        self.symbol = symbol
        self.name = name
        self.exchange = exchange
        self.exchangeCode = exchangeCode
    }

    /// The venue's display name, falling back to the source's code.
    public var exchangeName: String? { exchange?.name ?? exchangeCode }
}
