/// What a change of lot method does to gains already realized: gains are derived, so a new
/// method recomputes every past sale, and a tax year already filed would silently read
/// differently. One value per calendar year and currency whose total gain changes.
public struct RealizedChange: Sendable, Equatable {
    public var year: Int
    public var currency: String
    /// Minor units of `currency`: the year's realized gain under the old method, and the new.
    public var before: Int64
    public var after: Int64

    /// The years and currencies whose realized gain differs between `old` and `new`, oldest first,
    /// the sales `excluding` names (new ones, whose gain is theirs, not a change) left out.
    public static func between(_ old: PortfolioBook, _ new: PortfolioBook, excluding: Set<Int64> = [])
        -> [RealizedChange]
    {
        func totals(_ book: PortfolioBook) -> [YearCurrency: Int64] {
            var out: [YearCurrency: Int64] = [:]
            for d in book.disposals where !excluding.contains(d.entry) {
                out[YearCurrency(year: d.date.year, currency: d.currency), default: 0] += d.gain
            }
            return out
        }
        let a = totals(old)
        let b = totals(new)
        return Set(a.keys).union(b.keys).sorted { ($0.year, $0.currency) < ($1.year, $1.currency) }.compactMap { k in
            let before = a[k] ?? 0
            let after = b[k] ?? 0
            return before == after
                ? nil : RealizedChange(year: k.year, currency: k.currency, before: before, after: after)
        }
    }

    struct YearCurrency: Hashable {
        var year: Int
        var currency: String
    }

    /// `2024 18.00 → 108.00 USD`: the year's realized gain before and after.
    public var text: String {
        "\(year) \(MinorUnits.text(before, currency: currency)) → \(MinorUnits.text(after, currency: currency)) \(currency)"
    }
}
