extension Stock {
    /// A row that only a stream fills (Tradernet sends whole quotes): what the quote says, no
    /// invented zone or trade time (Tradernet's names none).
    public init(streamed q: StreamQuote, source: String) {
        var price = Price(
            last: q.price, change: q.change, changePercent: q.changePercent, open: q.day?.open, high: q.day?.high,
            low: q.day?.low, previousClose: q.day?.previousClose, volume: q.dayVolume, lastTrade: q.time)
        price.bid = q.bid
        price.ask = q.ask
        self.init(
            company: Company(symbol: q.symbol, name: q.day?.name), currency: q.day?.currency.map { Currency(code: $0) },
            price: price, source: source)
    }

    /// The stock after a trade arrived on a stream: the last price and its time, bid and ask
    /// when sent, the day's range widened to include it, change from the previous close when the
    /// poll gave one (else the feed's own), and a point for the sparkline. A pre- or post-market
    /// trade (Yahoo says which session) moves the extended-hours quote instead of the day's.
    public func streamed(_ q: StreamQuote) -> Stock {
        var s = self
        if q.session == "pre" || q.session == "post" {
            let change = price.last.flatMap { q.price - $0 }
            s.extendedHours = ExtendedHoursQuote(
                session: q.session == "pre" ? .pre : .post, price: q.price, change: change,
                changePercent: change.flatMap { c in
                    price.last.flatMap { $0.isZero ? nil : (c * ExactDecimal(100))?.divided(by: $0, scale: 2) }
                }, time: q.time)
            return s
        }
        s.price.last = q.price
        if let t = q.time { s.price.lastTrade = t }
        if let b = q.bid { s.price.bid = b }
        if let a = q.ask { s.price.ask = a }
        if let h = s.price.high, q.price > h { s.price.high = q.price }
        if let l = s.price.low, q.price < l { s.price.low = q.price }
        if let close = price.previousClose, let c = q.price - close {
            s.price.change = c
            s.price.changePercent =
                close.isZero ? nil : (c * ExactDecimal(100))?.divided(by: close, scale: 4)?.normalized
        } else {
            s.price.change = q.change
            s.price.changePercent = q.changePercent
        }
        if let t = q.time, intraday.last.map({ $0.time < t }) ?? true {
            let point = IntradayPoint(time: t, price: q.price)
            // One point per minute: a busy stream sends a trade every few milliseconds, and a
            // point for each grew a watched row's memory all day. The minute's latest trade stands
            // for it (a real trade, at its own time), which is all a day's sparkline can show.
            if let last = intraday.last, Self.minute(last.time) == Self.minute(t) {
                s.intraday[s.intraday.count - 1] = point
            } else {
                s.intraday.append(point)
            }
        }
        return s
    }

    static func minute(_ t: Instant) -> Int64 {
        let s = t.secondsSinceEpoch
        return s >= 0 ? s / 60 : (s - 59) / 60
    }
}
