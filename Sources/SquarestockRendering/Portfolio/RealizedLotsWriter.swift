import SquarestockCore

/// `portfolio realized --base CUR`: every lot part of every sale, its proceeds and basis in the
/// trade's currency and in the base at the rates of their own days, the gain in the base, and
/// the short- and long-term totals: the rows a tax return asks for.
package enum RealizedLotsWriter {
    static func money(_ minor: Int64, _ currency: String) -> String { LedgerCSVWriters.money(minor, currency) }

    package static func table(_ lots: [RealizedLot], base: String) -> String {
        guard !lots.isEmpty else { return "no sales in this period\n" }
        var rows = [
            [
                "sold", "symbol", "lot", "acquired", "quantity", "term", "proceeds", "basis", "rate bought",
                "rate sold", "proceeds " + base, "basis " + base, "gain " + base,
            ]
        ]
        for l in lots {
            rows.append([
                l.sold.description, l.symbol, String(l.lot), l.acquired.description, l.quantity.description, l.term,
                money(l.proceeds, l.currency) + " " + l.currency, money(l.basis, l.currency) + " " + l.currency,
                l.acquiredRate.value.description, l.soldRate.value.description, money(l.baseProceeds, base),
                money(l.baseBasis, base), money(l.baseGain, base),
            ])
        }
        for term in ["short", "long"] {
            let these = lots.filter { $0.term == term }
            guard !these.isEmpty else { continue }
            rows.append([
                term + "-term", "", "", "", "", "", "", "", "", "",
                money(these.reduce(0) { $0 + $1.baseProceeds }, base),
                money(these.reduce(0) { $0 + $1.baseBasis }, base), money(these.reduce(0) { $0 + $1.baseGain }, base),
            ])
        }
        var out = AlignedColumns.render(rows, rightAligned: [2, 4, 6, 7, 8, 9, 10, 11, 12])
        let stale = lots.filter { $0.acquiredRate.age(on: $0.acquired) > 0 || $0.soldRate.age(on: $0.sold) > 0 }
        if !stale.isEmpty {
            out +=
                "note: \(stale.count) of \(lots.count) rows use the rate of an earlier day (a weekend or holiday); the CSV gives each rate's day\n"
        }
        return out
    }

    static let columns = [
        "sale", "sold", "symbol", "lot", "acquired", "quantity", "term", "currency", "proceeds", "basis",
        "rate_bought", "rate_bought_date", "rate_bought_source", "rate_sold", "rate_sold_date", "rate_sold_source",
        "base", "proceeds_base", "basis_base", "gain_base",
    ]

    static func cells(_ l: RealizedLot, base: String) -> [String] {
        [
            String(l.sale), l.sold.description, l.symbol, String(l.lot), l.acquired.description, l.quantity.description,
            l.term, l.currency, money(l.proceeds, l.currency), money(l.basis, l.currency),
            l.acquiredRate.value.description, l.acquiredRate.date.description, l.acquiredRate.source,
            l.soldRate.value.description, l.soldRate.date.description, l.soldRate.source, base,
            money(l.baseProceeds, base), money(l.baseBasis, base), money(l.baseGain, base),
        ]
    }

    package static func csv(_ lots: [RealizedLot], base: String) -> String {
        var out = columns.joined(separator: ",") + "\n"
        for l in lots {
            out +=
                cells(l, base: base).enumerated().map { i, v in
                    [2, 12, 15].contains(i) ? SpreadsheetCell.marked(v) : v
                }.joined(separator: ",") + "\n"
        }
        return out
    }

    package static func json(_ lots: [RealizedLot], base: String) -> String {
        let s = JSONText.quoted
        let items = lots.map { l in
            "  {"
                + zip(columns, cells(l, base: base)).map { c, v in
                    c == "sale" || c == "lot" ? "\(s(c)): \(v)" : "\(s(c)): \(s(v))"
                }.joined(separator: ", ") + "}"
        }
        return "[\n" + items.joined(separator: ",\n") + (items.isEmpty ? "" : "\n") + "]\n"
    }
}
