import SquarestockCore

/// One symbol from one source as the status line keeps it between runs: enough to print it,
/// to say where and when it came from, and when to fetch it again. Prices are the quote's exact
/// text; nothing here is a float.
public struct LineQuote: Sendable, Equatable {
    public var symbol: String
    /// The source the line asked for (`--source`, else `SQUARESTOCK_SOURCE`, lowercased), or
    /// empty for the configured default: with the symbol, the key it is cached under, so one
    /// source's price is never shown as another's.
    public var asked: String
    /// The source that answered (`auto` asks several), named when the line shows this quote for
    /// another source.
    public var source: String
    /// When it was last fetched, well or not (epoch seconds).
    public var fetched: Int64
    /// When `price` was fetched (epoch seconds): a failed refresh keeps the price and this, so
    /// an old price can be told from a fresh one.
    public var priced: Int64
    public var price: String
    public var change: String
    public var changePercent: String
    public var currency: String
    /// The venue's price decimals, so the line shows the price as `quote` does; nil when unknown.
    public var decimals: Int?
    /// A recording (the samples), never today's price.
    public var recorded: Bool
    /// The market was closed when fetched and opens at this time (epoch seconds): nothing can
    /// change until then, so it is not fetched again before. 0 when it was open. For a symbol
    /// with no price that a source asked per symbol said it does not know: when to ask again.
    public var closedUntil: Int64
    /// Why there is no price (a short, cleaned message), else empty.
    public var error: String
    /// When the price last traded (epoch seconds), 0 when the source did not say: a change from a
    /// session over a week old is not today's (`PortfolioLine` leaves it out of the day).
    public var traded: Int64
    /// Its market was in its regular session when fetched (open, or open with old trades): only
    /// then does an old last trade mean "no trade for" (not before the open, after the close).
    public var trading: Bool

    public init(
        symbol: String, asked: String = "", source: String = "", fetched: Int64, priced: Int64? = nil,
        price: String, change: String, changePercent: String, currency: String, decimals: Int? = nil,
        recorded: Bool = false, closedUntil: Int64, error: String, traded: Int64 = 0, trading: Bool = false
    ) {
        self.symbol = symbol
        self.asked = asked
        self.source = source
        self.fetched = fetched
        self.priced = priced ?? (price.isEmpty ? 0 : fetched)
        self.price = price
        self.change = change
        self.changePercent = changePercent
        self.currency = currency
        self.decimals = decimals
        self.recorded = recorded
        self.closedUntil = closedUntil
        self.error = error
        self.traded = traded
        self.trading = trading
    }

    /// The key it is cached under.
    public var key: LineKey { LineKey(symbol: symbol, asked: asked) }

    /// Whether it must be fetched again at `now`: older than `maxAge` while its market may be
    /// open, or fetched "after" now (the clock was set back, or the file edited): its age and
    /// its market's "closed until" are then unknown, and trusting them kept it forever.
    public func isStale(now: Int64, maxAge: Int64) -> Bool {
        // Fetched "later" alone: a failed refresh dates the try now and keeps the price's own
        // (future) time, which must not make every call try again.
        if fetched > now { return true }
        if closedUntil > now { return false }
        return now - fetched > maxAge
    }

    /// How long its price has possibly been out of date at `now` (seconds): since it was fetched,
    /// or since its market opened when it was fetched closed; 0 while that market is still closed.
    public func priceAge(now: Int64) -> Int64 {
        if closedUntil > now { return 0 }
        return max(0, now - max(priced, closedUntil))
    }

    /// Whether it was fetched or priced later than `now`: a clock set back since.
    public func fetchedAfter(_ now: Int64) -> Bool { fetched > now || priced > now }
}

/// A symbol and the source asked for it: what the status line's cache is keyed by.
public struct LineKey: Sendable, Hashable {
    public var symbol: String
    public var asked: String

    public init(symbol: String, asked: String) {
        self.symbol = symbol
        self.asked = asked
    }
}
