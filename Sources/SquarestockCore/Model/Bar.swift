/// One bar of price history: the prices of one trading period, with the moment it started and
/// the trading session it belongs to.
///
/// The session date travels with the bar because it is what charts lay out by (nights, weekends
/// and holidays take no room) and it cannot be recovered from the instant without the exchange's
/// zone: a Tokyo morning is the previous evening in New York. Prices stay exact decimals; a field
/// the source left out (`null`, a ragged row) is nil, never zero.
public struct Bar: Sendable, Equatable {
    /// Start of the period. Daily, weekly and monthly bars start at local midnight of their
    /// session date in the exchange's zone; intraday bars at the time the source printed.
    public var time: Instant
    /// The exchange's trading date the bar belongs to.
    public var session: CivilDate
    public var open: ExactDecimal?
    public var high: ExactDecimal?
    public var low: ExactDecimal?
    public var close: ExactDecimal?
    public var volume: ExactDecimal?

    public init(
        time: Instant, session: CivilDate, open: ExactDecimal? = nil, high: ExactDecimal? = nil,
        low: ExactDecimal? = nil, close: ExactDecimal? = nil, volume: ExactDecimal? = nil
    ) {
        self.time = time
        self.session = session
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
    }

    /// Whether the bar holds no price at all (Yahoo's `null` rows).
    public var hasNoPrice: Bool { open == nil && high == nil && low == nil && close == nil }
}
