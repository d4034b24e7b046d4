extension Currency {
    /// The same stock priced in the major unit: 305.30 GBp becomes 3.0530 GBP. Exact (a shift of
    /// the decimal point), and noted, so nobody mistakes pence for pounds.
    public static func normalizedToMajorUnit(_ stock: Stock) -> Stock {
        guard let c = stock.currency, c.isMinorUnit else { return stock }
        let divisor = ExactDecimal(c.perMajor)
        var s = stock.repriced {
            $0.divided(by: divisor, scale: min(ExactDecimal.maxScale, $0.scale + digits(c.perMajor)))
        }
        s.currency = Currency(code: c.majorCode)
        // The decimals the price was shown with in the minor unit (the venue's, else 2, or 4
        // below 1, as every view shows a price), moved with the point: 305.30p is 3.0530, not
        // a rounded 3.05.
        let shown = stock.priceDecimals ?? stock.price.last.map(Price.usualDecimals) ?? 2
        s.priceDecimals = min(ExactDecimal.maxScale, shown + digits(c.perMajor))
        s.notes.append(
            .remark(
                "prices converted from \(c.code) (\(c.minorLabel ?? "minor units")) to \(c.majorCode): divided by \(c.perMajor)"
            ))
        return s
    }

    private static func digits(_ n: Int) -> Int {
        var d = 0
        var v = n
        while v > 1 {
            v /= 10
            d += 1
        }
        return d
    }
}
