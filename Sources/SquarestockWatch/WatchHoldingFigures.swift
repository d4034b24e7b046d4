import SquarestockCore

/// `watch --portfolio`'s figures, the same for the table and for the lines a pipe gets: each
/// held row's value at its price, in the holding's currency, and the totals per currency with
/// the held rows left out of them.
package enum WatchHoldingFigures {
    /// The holding of `e`'s symbol, its value at the row's price and its gain over the cost, in
    /// the holding's currency: a price in pence is made pounds first; a price in another
    /// currency, or figures too large for minor units, give none.
    package static func value(of e: WatchEntry, in holdings: [String: WatchHolding]) -> (
        holding: WatchHolding, value: Int64, gain: Int64
    )? {
        guard let h = holdings[e.symbol.uppercased()], let s = e.stock, let last = s.price.last else { return nil }
        var price = last
        if let c = s.currency {
            guard c.majorCode == h.currency else { return nil }
            if c.isMinorUnit {
                guard let major = last.divided(by: ExactDecimal(c.perMajor), scale: last.scale + 3) else { return nil }
                price = major
            }
        }
        guard let value = h.value(at: price), let gain = MinorUnits.sum(value, -h.cost) else { return nil }
        return (h, value, gain)
    }

    /// Value and gain summed per currency, with a holding of that currency to print them.
    package struct Total: Sendable {
        package var currency: String
        package var value: Int64
        package var gain: Int64
        package var holding: WatchHolding
    }

    /// The totals over the held rows that have a value, by currency, and the held rows left out
    /// (no quote, a price in another currency, or figures too large for minor units): a part
    /// never reads as the whole. A row still loading is not left out.
    package static func totals(_ entries: [WatchEntry], in holdings: [String: WatchHolding]) -> (
        totals: [Total], without: [String]
    ) {
        var byCurrency: [String: Total] = [:]
        var without: [String] = []
        for e in entries {
            guard let (h, v, gain) = value(of: e, in: holdings) else {
                if holdings[e.symbol.uppercased()] != nil, e.stock != nil || e.failure != nil {
                    without.append(e.symbol)
                }
                continue
            }
            var t = byCurrency[h.currency] ?? Total(currency: h.currency, value: 0, gain: 0, holding: h)
            guard let value = MinorUnits.sum(t.value, v), let total = MinorUnits.sum(t.gain, gain) else {
                without.append(e.symbol)
                continue
            }
            t.value = value
            t.gain = total
            byCurrency[h.currency] = t
        }
        return (byCurrency.keys.sorted().map { byCurrency[$0]! }, without)
    }

    /// `value 12345.67 USD, gain +7399.92 USD; ...` and ` (without BADCO)`, or `waiting for
    /// prices` while no held row has one.
    package static func totalsText(_ entries: [WatchEntry], in holdings: [String: WatchHolding]) -> String {
        let (totals, without) = totals(entries, in: holdings)
        let leftOut = without.isEmpty ? "" : " (without " + without.joined(separator: ", ") + ")"
        guard !totals.isEmpty else { return "waiting for prices" + leftOut }
        return totals.map { t in
            "value \(t.holding.text(t.value)) \(t.currency), gain \(t.holding.text(t.gain, signed: true)) \(t.currency)"
        }.joined(separator: "; ") + leftOut
    }
}
