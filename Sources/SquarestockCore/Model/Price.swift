/// The day's numbers for one symbol, exact as received. Every field is optional because every
/// source leaves some out, and a missing value must show as unknown, never as zero.
public struct Price: Sendable, Equatable {
    public var last: ExactDecimal?
    public var change: ExactDecimal?
    /// In percent (1.5 means 1.5 %).
    public var changePercent: ExactDecimal?
    public var open: ExactDecimal?
    public var high: ExactDecimal?
    public var low: ExactDecimal?
    public var previousClose: ExactDecimal?
    public var volume: ExactDecimal?
    public var lastTrade: Instant?
    /// Best bid and ask where the source sends them (exchanges); nil for stock sources.
    public var bid: ExactDecimal?
    public var ask: ExactDecimal?
    /// Volume-weighted average price over the source's window (Kraken's 24 h `p`).
    public var vwap: ExactDecimal?

    @inlinable
    public init(
        last: ExactDecimal? = nil, change: ExactDecimal? = nil, changePercent: ExactDecimal? = nil,
        open: ExactDecimal? = nil, high: ExactDecimal? = nil, low: ExactDecimal? = nil,
        previousClose: ExactDecimal? = nil, volume: ExactDecimal? = nil, lastTrade: Instant? = nil
    ) {
        self.last = last
        self.change = change
        self.changePercent = changePercent
        self.open = open
        self.high = high
        self.low = low
        self.previousClose = previousClose
        self.volume = volume
        self.lastTrade = lastTrade
    }

    /// Fills change and change % from last and previous close where the source did not send them.
    /// Percent is rounded to four decimals (it is a ratio, not money).
    public mutating func deriveChange() {
        if change == nil, let l = last, let p = previousClose { change = l - p }
        if changePercent == nil, let c = change, let p = previousClose, !p.isZero {
            changePercent = (c * ExactDecimal(100)).flatMap { $0.divided(by: p, scale: 4) }?.normalized
        }
    }
}

extension Price {
    /// The decimals a quote's prices are all shown with when its venue gives none: those of its
    /// last price (`usualDecimals`), but never fewer than its currency's minor unit has (a
    /// Kuwaiti stock at 1.2345 KWD shows 1.235, not 1.23 moving by 0.00). One figure for the
    /// whole quote, so its open, high, low and previous close line up with its price.
    package static func shownDecimals(of last: ExactDecimal?, currency: String?) -> Int {
        max(last.map(usualDecimals) ?? 2, currency.flatMap(CurrencyExponent.of) ?? 0)
    }

    /// The decimals a price is shown with when its venue gives none: 2, or 4 below 1 (pennies
    /// matter there), and below a hundredth enough for three significant digits (a coin at
    /// 0.00001234 shows 0.0000123, never 0.0000). Every view's rule
    /// (`NumberFormatting.priceScale`), and the one a price converted from a minor unit moves
    /// its point from.
    package static func usualDecimals(of v: ExactDecimal) -> Int {
        var digits = 0
        var rest = v.significand.magnitude
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        // Below 1 (and not 0) when the significand has no more digits than the scale; the
        // zeros between the point and the first digit are the scale less those digits.
        guard digits > 0, digits <= v.scale else { return 2 }
        return min(ExactDecimal.maxScale, max(4, v.scale - digits + 3))
    }
}

/// A pre-market or after-hours trade, shown apart from the regular session's numbers.
public struct ExtendedHoursQuote: Sendable, Equatable {
    public var session: MarketStatus  // .pre or .post
    public var price: ExactDecimal
    public var change: ExactDecimal?
    public var changePercent: ExactDecimal?
    public var time: Instant?

    public init(
        session: MarketStatus, price: ExactDecimal, change: ExactDecimal? = nil, changePercent: ExactDecimal? = nil,
        time: Instant? = nil
    ) {
        self.session = session
        self.price = price
        self.change = change
        self.changePercent = changePercent
        self.time = time
    }
}

/// One real intraday observation; the sparkline draws only these.
public struct IntradayPoint: Sendable, Equatable {
    public var time: Instant
    public var price: ExactDecimal
    public init(time: Instant, price: ExactDecimal) {
        self.time = time
        self.price = price
    }
}
