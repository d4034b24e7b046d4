extension Currency {
    /// The same stock priced in the major unit: 305.30 GBp becomes 3.0530 GBP. Exact (a shift of
    /// the decimal point), and noted, so nobody mistakes pence for pounds.
    public static func normalizedToMajorUnit(_ stock: Stock) -> Stock {
        guard let c = stock.currency, c.isMinorUnit else { return stock }
        var s = stock
        func scale(_ v: ExactDecimal?) -> ExactDecimal? { v.flatMap { $0.divided(by: ExactDecimal(c.perMajor), scale: min(ExactDecimal.maxScale, $0.scale + digits(c.perMajor))) } }
        s.price.last = scale(s.price.last)
        s.price.change = scale(s.price.change)
        s.price.open = scale(s.price.open)
        s.price.high = scale(s.price.high)
        s.price.low = scale(s.price.low)
        s.price.previousClose = scale(s.price.previousClose)
        s.intraday = s.intraday.compactMap { p in scale(p.price).map { IntradayPoint(time: p.time, price: $0) } }
        if var e = s.extendedHours {
            e.price = scale(e.price) ?? e.price
            e.change = scale(e.change)
            s.extendedHours = e
        }
        s.currency = Currency(code: c.majorCode)
        s.notes.append("prices converted from \(c.code) (\(c.minorLabel ?? "minor units")) to \(c.majorCode): divided by \(c.perMajor)")
        return s
    }

    private static func digits(_ n: Int) -> Int {
        var d = 0
        var v = n
        while v > 1 { v /= 10; d += 1 }
        return d
    }
}
