/// One pair's ticker as an exchange sent it, exact: the unit exchange quotes are built from.
///
/// Exchanges measure "24 h" differently, so the reference price carries what it is (Kraken's
/// `o` is today's open at 00:00 UTC, Coinbase's `open` is 24 hours ago, TradeOgre's
/// `initialprice` is 24 hours ago).
public struct ExchangeTicker: Sendable, Equatable {
    public var pair: TradingPair
    public var last: ExactDecimal?
    /// Size of the last trade, in the base currency.
    public var lastSize: ExactDecimal?
    public var bid: ExactDecimal?
    public var bidSize: ExactDecimal?
    public var ask: ExactDecimal?
    public var askSize: ExactDecimal?
    /// The price the change is measured from; see `changeBasis`.
    public var reference: ExactDecimal?
    public var changeBasis: ChangeBasis
    public var high: ExactDecimal?
    public var low: ExactDecimal?
    /// Volume in the base currency over the same window as high and low.
    public var volume: ExactDecimal?
    /// Volume in the quote currency, when the exchange sends it (never derived from a VWAP guess).
    public var quoteVolume: ExactDecimal?
    /// Volume-weighted average price over the window; nil where the exchange sends none.
    public var vwap: ExactDecimal?
    public var tradeCount: Int?
    /// Time of the last trade when the exchange says it (Coinbase); nil otherwise.
    public var lastTradeTime: Instant?
    /// The last price as sent when it could not be read exactly (`1e400`, `NaN`, 10^40, 500
    /// decimals): the pair's quote is then an error, never a price shown as missing.
    public var unreadableLast: String?

    public init(
        pair: TradingPair, last: ExactDecimal? = nil, lastSize: ExactDecimal? = nil, bid: ExactDecimal? = nil,
        bidSize: ExactDecimal? = nil, ask: ExactDecimal? = nil, askSize: ExactDecimal? = nil,
        reference: ExactDecimal? = nil, changeBasis: ChangeBasis = .rolling24h, high: ExactDecimal? = nil,
        low: ExactDecimal? = nil, volume: ExactDecimal? = nil, quoteVolume: ExactDecimal? = nil,
        vwap: ExactDecimal? = nil, tradeCount: Int? = nil, lastTradeTime: Instant? = nil
    ) {
        self.pair = pair
        self.last = last
        self.lastSize = lastSize
        self.bid = bid
        self.bidSize = bidSize
        self.ask = ask
        self.askSize = askSize
        self.reference = reference
        self.changeBasis = changeBasis
        self.high = high
        self.low = low
        self.volume = volume
        self.quoteVolume = quoteVolume
        self.vwap = vwap
        self.tradeCount = tradeCount
        self.lastTradeTime = lastTradeTime
    }

    /// Ask minus bid; nil unless both are known.
    public var spread: ExactDecimal? {
        guard let a = ask, let b = bid else { return nil }
        return a - b
    }
}

/// What a ticker's change is measured from.
public enum ChangeBasis: String, Sendable, Hashable {
    /// The open at 00:00 UTC today (Kraken `o`).
    case utcMidnight
    /// The price 24 hours ago (Coinbase `stats.open`, TradeOgre `initialprice`).
    case rolling24h

    /// The words every output uses: `since 00:00 UTC`, `over 24 h`.
    public var phrase: String {
        switch self {
        case .utcMidnight: return "since 00:00 UTC"
        case .rolling24h: return "over 24 h"
        }
    }
}
