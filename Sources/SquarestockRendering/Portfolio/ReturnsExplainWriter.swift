import SquarestockCore

/// `portfolio returns --explain`: the arithmetic behind every figure, so it can be checked by
/// hand or in a spreadsheet: each external flow with the rate it was converted at, each day's
/// valuation (every holding's quantity, price, the price's own day, source and age, rate and
/// value; each cash balance), each day's growth in the time-weighted chain, the flows the
/// money-weighted return balances, and the day parts of the gain split. One CSV with a
/// `section` column; the same rows as tables; the same in JSON.
package enum ReturnsExplainWriter {
    package static let columns = [
        "section", "date", "symbol", "kind", "quantity", "price", "price_date", "price_source", "price_age_days",
        "rate", "rate_date", "rate_source", "amount", "currency", "value", "start_value", "flow", "invested",
        "end_value", "growth", "day",
    ]

    /// Every row, as cells named by `columns`.
    package static func rows(_ r: ReturnsReport) -> [[String: String]] {
        let b = r.base
        func m(_ v: Int64) -> String { MinorUnits.text(v, currency: b) }
        var out: [[String: String]] = []
        let t = r.timeline
        for f in t.flows {
            out.append([
                "section": "flow", "date": f.date.description, "symbol": f.symbol ?? "", "kind": f.kind.rawValue,
                "amount": MinorUnits.text(f.amount, currency: f.currency), "currency": f.currency,
                "rate": f.rate.value.description, "rate_date": f.rate.date.description, "rate_source": f.rate.source,
                "value": m(f.base),
            ])
        }
        for day in [t.start] + t.days {
            for h in day.holdings {
                out.append([
                    "section": "holding", "date": day.date.description, "symbol": h.symbol,
                    "quantity": h.quantity.description, "price": h.price.value.description,
                    "price_date": h.price.date.description, "price_source": h.price.source,
                    "price_age_days": String(h.price.age(on: day.date)), "rate": h.rate.value.description,
                    "rate_date": h.rate.date.description, "rate_source": h.rate.source,
                    "amount": MinorUnits.text(h.local, currency: h.currency), "currency": h.currency,
                    "value": m(h.value),
                ])
            }
            for c in day.cash {
                out.append([
                    "section": "cash", "date": day.date.description, "currency": c.currency,
                    "amount": MinorUnits.text(c.minor, currency: c.currency), "rate": c.rate.value.description,
                    "rate_date": c.rate.date.description, "rate_source": c.rate.source, "value": m(c.value),
                ])
            }
            if day.date == t.start.date {
                out.append(["section": "start", "date": day.date.description, "value": m(day.value)])
            }
        }
        for s in r.total.steps {
            out.append([
                "section": "day", "date": s.date.description, "start_value": m(s.startValue), "flow": m(s.flow),
                "invested": m(s.invested),
                "end_value": m(s.endValue),
                "growth": s.growth.flatMap { ReturnsFigures.decimal($0, times: 1, places: 12) }?
                    .description ?? "",
            ])
        }
        for f in r.total.cashFlows {
            out.append([
                "section": "money_weighted", "day": String(f.day),
                "date": t.start.date.adding(days: f.day).description,
                "flow": m(Int64(f.amount.rounded())),
            ])
        }
        for d in t.days {
            for (kind, v) in [("dividends", d.dividends), ("fees", -d.fees), ("currency", d.currencyEffect)]
            where v != 0 {
                out.append(["section": "gain_split", "date": d.date.description, "kind": kind, "value": m(v)])
            }
        }
        if let bm = r.benchmark {
            for tr in bm.trades {
                out.append([
                    "section": "benchmark", "date": tr.date.description, "symbol": bm.symbol,
                    "quantity": tr.units.description, "price": tr.price.value.description,
                    "price_date": tr.price.date.description, "price_source": tr.price.source,
                    "rate": tr.basePrice.description, "flow": m(tr.flow),
                ])
            }
            out.append([
                "section": "benchmark_end", "date": r.to.description, "symbol": bm.symbol,
                "quantity": bm.units.description, "price": bm.endPrice.value.description,
                "price_date": bm.endPrice.date.description, "price_source": bm.endPrice.source, "value": m(bm.endValue),
            ])
        }
        return out
    }

    package static func csv(_ r: ReturnsReport) -> String {
        var out = columns.joined(separator: ",") + "\n"
        for row in rows(r) {
            out +=
                columns.map { c in
                    let v = row[c] ?? ""
                    return c == "symbol" || c == "kind" || c.hasSuffix("source") ? SpreadsheetCell.marked(v) : v
                }.joined(separator: ",") + "\n"
        }
        return out
    }

    /// The rows as one aligned table per section, with the columns each section fills.
    package static func table(_ r: ReturnsReport) -> String {
        let all = rows(r)
        var out = ""
        var sections: [String] = []
        for row in all where !sections.contains(row["section"] ?? "") { sections.append(row["section"] ?? "") }
        for section in sections {
            let these = all.filter { $0["section"] == section }
            let used = columns.dropFirst().filter { c in these.contains { !($0[c] ?? "").isEmpty } }
            var grid: [[String]] = [Array(used)]
            for row in these { grid.append(used.map { row[$0] ?? "" }) }
            let numeric = Set(
                used.enumerated().filter {
                    [
                        "quantity", "price", "rate", "amount", "value", "start_value", "flow", "invested", "end_value",
                        "growth",
                        "price_age_days", "day",
                    ].contains($0.element)
                }.map(\.offset))
            out += "\n" + section.replacingUnderscores + "\n" + AlignedColumns.render(grid, rightAligned: numeric)
        }
        return out
    }

    package static func json(_ r: ReturnsReport) -> String {
        let s = JSONText.quoted
        return "["
            + rows(r).map { row in
                "\n    {" + columns.compactMap { c in row[c].map { "\(s(c)): \(s($0))" } }.joined(separator: ", ") + "}"
            }.joined(separator: ",") + "\n  ]"
    }
}

extension String {
    fileprivate var replacingUnderscores: String { String(map { $0 == "_" ? " " : $0 }) }
}
