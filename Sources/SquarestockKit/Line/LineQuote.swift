import SquarestockCore

/// One symbol as the status line keeps it between runs: enough to print it, and when to fetch it
/// again. Prices are the quote's exact text; nothing here is a float.
public struct LineQuote: Sendable, Equatable {
    public var symbol: String
    /// When it was fetched (epoch seconds).
    public var fetched: Int64
    public var price: String
    public var change: String
    public var changePercent: String
    public var currency: String
    /// The market was closed when fetched and opens at this time (epoch seconds): nothing can
    /// change until then, so it is not fetched again before. 0 when it was open.
    public var closedUntil: Int64
    /// Why there is no price (a short, cleaned message), else empty.
    public var error: String

    public init(
        symbol: String, fetched: Int64, price: String, change: String, changePercent: String, currency: String,
        closedUntil: Int64, error: String
    ) {
        self.symbol = symbol
        self.fetched = fetched
        self.price = price
        self.change = change
        self.changePercent = changePercent
        self.currency = currency
        self.closedUntil = closedUntil
        self.error = error
    }

    /// Whether it must be fetched again at `now`: older than `maxAge` while its market may be open.
    public func isStale(now: Int64, maxAge: Int64) -> Bool {
        if closedUntil > now { return false }
        return now - fetched > maxAge
    }
}
