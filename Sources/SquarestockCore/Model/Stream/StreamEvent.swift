/// A price that arrived on a stream: what a watch row needs to move. Fields a feed does not send
/// (or sent as proto3's absent zero) are nil, never 0.
public struct StreamQuote: Sendable, Equatable {
    public var symbol: String
    public var price: ExactDecimal
    /// When the trade happened, by the exchange's clock, when the feed says.
    public var time: Instant?
    public var nanoseconds: Int32
    public var bid: ExactDecimal?
    public var ask: ExactDecimal?
    /// Change over the feed's own basis (Yahoo: since the previous close; Coinbase: over 24 h).
    public var change: ExactDecimal?
    public var changePercent: ExactDecimal?
    public var dayVolume: ExactDecimal?
    /// Yahoo's session of the quote (pre, regular, post, extended); nil when not said.
    public var session: String?
    /// What a feed that sends whole quotes adds (Tradernet), enough for a row no poll filled.
    /// Held by reference: the quotes of the busy feeds stay small to copy.
    public var day: StreamQuoteDay?

    public init(
        symbol: String, price: ExactDecimal, time: Instant? = nil, nanoseconds: Int32 = 0, bid: ExactDecimal? = nil,
        ask: ExactDecimal? = nil, change: ExactDecimal? = nil, changePercent: ExactDecimal? = nil,
        dayVolume: ExactDecimal? = nil, session: String? = nil
    ) {
        self.symbol = symbol
        self.price = price
        self.time = time
        self.nanoseconds = nanoseconds
        self.bid = bid
        self.ask = ask
        self.change = change
        self.changePercent = changePercent
        self.dayVolume = dayVolume
        self.session = session
    }
}

/// The rest of a whole quote (Tradernet's): name, previous close, the day's open and range, currency.
public final class StreamQuoteDay: Sendable, Equatable {
    public let name: String?
    public let previousClose: ExactDecimal?
    public let open: ExactDecimal?
    public let high: ExactDecimal?
    public let low: ExactDecimal?
    public let currency: String?

    public init(
        name: String?, previousClose: ExactDecimal?, open: ExactDecimal?, high: ExactDecimal?, low: ExactDecimal?,
        currency: String?
    ) {
        self.name = name
        self.previousClose = previousClose
        self.open = open
        self.high = high
        self.low = low
        self.currency = currency
    }

    public static func == (a: StreamQuoteDay, b: StreamQuoteDay) -> Bool {
        a.name == b.name && a.previousClose == b.previousClose && a.open == b.open && a.high == b.high
            && a.low == b.low && a.currency == b.currency
    }
}

/// What a feed's message meant.
public enum StreamEvent: Sendable, Equatable {
    case quote(StreamQuote)
    /// The feed is alive for `symbol` (Coinbase's heartbeat), nothing traded.
    case heartbeat(symbol: String?)
    /// One symbol cannot be streamed; the others go on.
    case symbolFailed(symbol: String, reason: String)
    /// Messages of `symbol` were lost (a sequence or trade-id gap).
    case gap(symbol: String, detail: String)
    /// The feed confirmed the subscriptions.
    case subscribed([String])
    /// A live order book changed (`book --live`).
    case book(LiveBook)
    /// Something the feed said about the whole stream (Tradernet's demo mode, an error naming
    /// no symbol), for the header or a line.
    case notice(String)
}

/// Where a stream connection stands, for the watch header.
public enum StreamState: Sendable, Equatable {
    case connecting
    case live
    /// Waiting `seconds` before attempt `attempt`, after `reason`.
    case reconnecting(seconds: Double, attempt: Int, reason: String)
    case stopped
}
