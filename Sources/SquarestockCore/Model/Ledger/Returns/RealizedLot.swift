/// One lot's part of a sale, for a tax return in another currency than the trade's: its share
/// of the proceeds and its cost basis, each converted at the rate of its own day (the basis at
/// the purchase's, the proceeds at the sale's), so the gain in the base currency includes what
/// the exchange rate did while the lot was held. A sale that took both short- and long-term lots
/// is split by them.
public struct RealizedLot: Sendable, Equatable {
    /// The sale's entry id.
    public var sale: Int64
    public var sold: CivilDate
    public var symbol: String
    public var currency: String
    public var lot: Int64
    public var acquired: CivilDate
    public var quantity: ExactDecimal
    /// "short" or "long": held past the purchase's anniversary.
    public var term: String
    /// This part's share of the sale's proceeds after fees, and its basis, minor units of
    /// `currency`.
    public var proceeds: Int64
    public var basis: Int64
    public var acquiredRate: PriceObservation
    public var soldRate: PriceObservation
    /// Minor units of the base currency.
    public var baseProceeds: Int64
    public var baseBasis: Int64
    public var baseGain: Int64 { baseProceeds - baseBasis }

    /// Every lot part of `disposals`, converted into `base` at `prices`' rates: the proceeds are
    /// shared among the parts in proportion to their quantities, the last part taking the exact
    /// rest, so the parts add up to the sale.
    public static func of(_ disposals: [Disposal], base: String, prices: PriceBook) throws(ReturnsError)
        -> [RealizedLot]
    {
        func convert(_ minor: Int64, _ currency: String, _ rate: PriceObservation) throws(ReturnsError) -> Int64 {
            guard let v = MinorUnits.converted(minor, from: currency, into: base, at: rate.value) else {
                throw .overflow("a conversion of \(currency) into \(base)")
            }
            return v
        }
        func rate(_ currency: String, _ day: CivilDate) throws(ReturnsError) -> PriceObservation {
            guard let r = prices.rate(from: currency, to: base, on: day) else {
                throw .missingRate(from: currency, to: base, date: day)
            }
            return r
        }
        var out: [RealizedLot] = []
        for d in disposals {
            let sold = try rate(d.currency, d.date)
            var proceedsLeft = d.proceeds
            var quantityLeft = d.parts.reduce(ExactDecimal(0)) { ($0 + $1.quantity) ?? $0 }
            for (i, p) in d.parts.enumerated() {
                let share: Int64
                if i == d.parts.count - 1 {
                    share = proceedsLeft
                } else {
                    guard let s = MinorUnits.share(of: proceedsLeft, part: p.quantity, whole: quantityLeft),
                        let rest = quantityLeft - p.quantity
                    else { throw .overflow("the sale of \(d.symbol)") }
                    share = s
                    quantityLeft = rest
                }
                proceedsLeft -= share
                let acquired = try rate(d.currency, p.acquired)
                out.append(
                    RealizedLot(
                        sale: d.entry, sold: d.date, symbol: d.symbol, currency: d.currency, lot: p.lot,
                        acquired: p.acquired, quantity: p.quantity,
                        term: d.date > Disposal.anniversary(of: p.acquired) ? "long" : "short", proceeds: share,
                        basis: p.basis, acquiredRate: acquired, soldRate: sold,
                        baseProceeds: try convert(share, d.currency, sold),
                        baseBasis: try convert(p.basis, d.currency, acquired)))
            }
        }
        return out
    }
}
