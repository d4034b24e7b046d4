/// One bucket of an exchange's OHLC history.
///
/// Kraken sends buckets without trades (open = high = low = close = the previous close, a VWAP of
/// 0, no volume) and its last bucket is still filling; both are kept and marked so a chart can
/// say so instead of inventing or dropping points.
public struct Candle: Sendable, Equatable {
    /// Start of the bucket.
    public var time: Instant
    public var open: ExactDecimal
    public var high: ExactDecimal
    public var low: ExactDecimal
    public var close: ExactDecimal
    /// Base-currency volume.
    public var volume: ExactDecimal?
    /// Nil when the exchange sends none, or sent 0 for a bucket without trades.
    public var vwap: ExactDecimal?
    public var tradeCount: Int?
    /// False for the bucket that is still open (Kraken's last row).
    public var isComplete: Bool

    public init(
        time: Instant, open: ExactDecimal, high: ExactDecimal, low: ExactDecimal, close: ExactDecimal,
        volume: ExactDecimal? = nil, vwap: ExactDecimal? = nil, tradeCount: Int? = nil, isComplete: Bool = true
    ) {
        self.time = time
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
        self.vwap = vwap
        self.tradeCount = tradeCount
        self.isComplete = isComplete
    }

    /// A bucket in which nothing traded (count 0 or volume 0).
    public var isEmpty: Bool { tradeCount == 0 || (volume?.isZero ?? false) }
}

/// Candles of one pair, oldest first, with the bucket length the exchange actually served.
public struct CandleSeries: Sendable, Equatable {
    public var pair: TradingPair
    /// Bucket length in seconds.
    public var seconds: Int64
    public var candles: [Candle]

    public init(pair: TradingPair, seconds: Int64, candles: [Candle]) {
        self.pair = pair
        self.seconds = seconds
        self.candles = candles
    }
}
