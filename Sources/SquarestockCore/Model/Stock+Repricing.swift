extension Stock {
    /// The same stock with every money amount passed through `transform` (a currency change or
    /// a unit change). Volumes and percentages are not money and stay as they are.
    public func repriced(_ transform: (ExactDecimal) -> ExactDecimal?) -> Stock {
        var s = self
        func t(_ v: ExactDecimal?) -> ExactDecimal? { v.flatMap(transform) }
        s.price.last = t(price.last)
        s.price.change = t(price.change)
        s.price.open = t(price.open)
        s.price.high = t(price.high)
        s.price.low = t(price.low)
        s.price.previousClose = t(price.previousClose)
        // An exchange's book and average price are money too (they stayed in dollars).
        s.price.bid = t(price.bid)
        s.price.ask = t(price.ask)
        s.price.vwap = t(price.vwap)
        s.intraday = intraday.compactMap { p in transform(p.price).map { IntradayPoint(time: p.time, price: $0) } }
        if var e = extendedHours {
            e.price = transform(e.price) ?? e.price
            e.change = t(e.change)
            s.extendedHours = e
        }
        return s
    }
}
