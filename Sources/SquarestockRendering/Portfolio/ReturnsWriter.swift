import SquarestockCore

/// `squarestock portfolio returns`: the period's time- and money-weighted returns (annualized
/// only over a year or more), the benchmark, the gain and its split, and per holding when asked.
/// CSV and JSON keep money exact (minor units written as decimals of the base) and ratios to ten
/// places.
package enum ReturnsWriter {
    /// The holdings view's money text (exact, signed when asked).
    static func money(_ minor: Int64, _ currency: String, signed: Bool = false) -> String {
        HoldingsWriter.money(minor, currency, signed: signed)
    }

    package static func table(_ r: ReturnsReport, palette: Palette) -> String {
        let b = r.base
        var out =
            palette.paint(r.portfolio, .bold) + "  "
            + palette.paint(
                "returns \(r.from) to \(r.to) (\(r.periodDays) \(r.periodDays == 1 ? "day" : "days")), in \(b)", .dim)
            + "\n"
        let mw = ReturnsFigures.moneyWeighted(r.total.moneyWeighted)
        var rows: [[String]] = [["", "period", r.isAnnualized ? "a year" : ""]]
        rows.append([
            "time-weighted", ReturnsFigures.percent(r.total.timeWeighted),
            r.isAnnualized ? ReturnsFigures.percent(r.total.timeWeighted.flatMap(r.annualized)) : "",
        ])
        rows.append([
            "money-weighted", ReturnsFigures.percent(mw.period),
            r.isAnnualized ? ReturnsFigures.percent(mw.annual) : "",
        ])
        if let bm = r.benchmark {
            let bmw = ReturnsFigures.moneyWeighted(bm.moneyWeighted)
            rows.append([
                "\(bm.symbol), same money", ReturnsFigures.percent(bmw.period),
                r.isAnnualized ? ReturnsFigures.percent(bmw.annual) : "",
            ])
            rows.append([
                "\(bm.symbol), its price", ReturnsFigures.percent(bm.timeWeighted),
                r.isAnnualized ? ReturnsFigures.percent(r.annualized(bm.timeWeighted)) : "",
            ])
        }
        out += AlignedColumns.render(rows, rightAligned: [1, 2])
        out += "\n"
        var money: [[String]] = [
            ["value at the start (\(r.timeline.start.date))", Self.money(r.total.startValue, b)],
            [r.cashBased ? "deposits less withdrawals" : "paid in less taken out", Self.money(r.total.netFlows, b)],
            ["value at the end (\(r.to))", Self.money(r.total.endValue, b)],
            ["gain", Self.money(r.split.total, b, signed: true)],
            ["  prices", Self.money(r.split.price, b, signed: true)],
            ["  dividends", Self.money(r.split.dividends, b, signed: true)],
            ["  fees", Self.money(r.split.fees, b, signed: true)],
            ["  currency", Self.money(r.split.currency, b, signed: true)],
        ]
        if let bm = r.benchmark {
            money.append(["\(bm.symbol) with the same money, at the end", Self.money(bm.endValue, b)])
        }
        out += AlignedColumns.render(money, rightAligned: [1])
        if !r.holdings.isEmpty {
            out += "\n"
            var rows: [[String]] = [
                [
                    "symbol", "start", "in less out", "end", "gain", "time-w.", "money-w.",
                    r.isAnnualized ? "m-w. a year" : "",
                ]
            ]
            for h in r.holdings {
                let f = h.figures
                let hmw = ReturnsFigures.moneyWeighted(f.moneyWeighted)
                rows.append([
                    h.symbol, Self.money(f.startValue, b), Self.money(f.netFlows, b), Self.money(f.endValue, b),
                    Self.money(f.gain, b, signed: true), ReturnsFigures.percent(f.timeWeighted),
                    ReturnsFigures.percent(hmw.period), r.isAnnualized ? ReturnsFigures.percent(hmw.annual) : "",
                ])
            }
            out += AlignedColumns.render(rows, rightAligned: [1, 2, 3, 4, 5, 6, 7])
        }
        for n in notes(r) { out += palette.paint("note: " + n, .dim) + "\n" }
        return out
    }

    /// The report's notes, with why a money-weighted return is missing.
    static func notes(_ r: ReturnsReport) -> [String] {
        var out = r.notes
        if let why = ReturnsFigures.moneyWeighted(r.total.moneyWeighted).why {
            out.append("no money-weighted return: " + why)
        }
        if !r.isAnnualized { out.append("not annualized: the period is shorter than a year") }
        if !r.cashBased {
            out.append(
                "the ledger keeps no cash: purchases count as money paid in, sales and dividends as money taken out")
        }
        return out
    }

    package static func csv(_ r: ReturnsReport) -> String {
        var out =
            "series,from,to,days,start_value,net_flows,end_value,gain,time_weighted,time_weighted_annual,money_weighted,money_weighted_annual,currency\n"
        func line(_ name: String, _ f: ReturnsReport.Figures) -> String {
            let mw = ReturnsFigures.moneyWeighted(f.moneyWeighted)
            return [
                SpreadsheetCell.marked(name), r.from.description, r.to.description, String(r.periodDays),
                money(f.startValue, r.base), money(f.netFlows, r.base), money(f.endValue, r.base),
                money(f.gain, r.base),
                ReturnsFigures.ratio(f.timeWeighted) ?? "",
                ReturnsFigures.ratio(f.timeWeighted.flatMap(r.annualized)) ?? "",
                ReturnsFigures.ratio(mw.period) ?? "", r.isAnnualized ? ReturnsFigures.ratio(mw.annual) ?? "" : "",
                r.base,
            ].joined(separator: ",") + "\n"
        }
        out += line("portfolio", r.total)
        for h in r.holdings { out += line(h.symbol, h.figures) }
        if let bm = r.benchmark {
            let mw = ReturnsFigures.moneyWeighted(bm.moneyWeighted)
            out +=
                [
                    SpreadsheetCell.marked("benchmark " + bm.symbol), r.from.description, r.to.description,
                    String(r.periodDays), money(r.total.startValue, r.base), money(r.total.netFlows, r.base),
                    money(bm.endValue, r.base), money(bm.endValue - r.total.startValue - r.total.netFlows, r.base),
                    ReturnsFigures.ratio(bm.timeWeighted) ?? "",
                    ReturnsFigures.ratio(r.annualized(bm.timeWeighted)) ?? "",
                    ReturnsFigures.ratio(mw.period) ?? "", r.isAnnualized ? ReturnsFigures.ratio(mw.annual) ?? "" : "",
                    r.base,
                ].joined(separator: ",") + "\n"
        }
        return out
    }

    package static func json(_ r: ReturnsReport, explain: Bool) -> String {
        let s = JSONText.quoted
        func m(_ v: Int64) -> String { s(money(v, r.base)) }
        func ratio(_ v: Double?) -> String { ReturnsFigures.ratio(v) ?? "null" }
        func figures(_ f: ReturnsReport.Figures) -> String {
            let mw = ReturnsFigures.moneyWeighted(f.moneyWeighted)
            return
                "{\"startValue\": \(m(f.startValue)), \"netFlows\": \(m(f.netFlows)), \"endValue\": \(m(f.endValue)), "
                + "\"gain\": \(m(f.gain)), \"timeWeighted\": \(ratio(f.timeWeighted)), "
                + "\"timeWeightedAnnual\": \(ratio(f.timeWeighted.flatMap(r.annualized))), "
                + "\"moneyWeighted\": \(ratio(mw.period)), \"moneyWeightedAnnual\": \(r.isAnnualized ? ratio(mw.annual) : "null"), "
                + "\"moneyWeightedProblem\": \(mw.why.map(s) ?? "null")}"
        }
        var out =
            "{\"portfolio\": \(s(r.portfolio)), \"baseCurrency\": \(s(r.base)), \"from\": \(s(r.from.description)), "
            + "\"to\": \(s(r.to.description)), \"days\": \(r.periodDays), \"annualized\": \(r.isAnnualized), "
            + "\"cashBased\": \(r.cashBased),\n  \"total\": \(figures(r.total)),\n"
            + "  \"gainSplit\": {\"total\": \(m(r.split.total)), \"price\": \(m(r.split.price)), "
            + "\"dividends\": \(m(r.split.dividends)), \"fees\": \(m(r.split.fees)), \"currency\": \(m(r.split.currency))},\n"
        if let bm = r.benchmark {
            let mw = ReturnsFigures.moneyWeighted(bm.moneyWeighted)
            out +=
                "  \"benchmark\": {\"symbol\": \(s(bm.symbol)), \"units\": \(s(bm.units.description)), "
                + "\"endValue\": \(m(bm.endValue)), \"moneyWeighted\": \(ratio(mw.period)), "
                + "\"moneyWeightedAnnual\": \(r.isAnnualized ? ratio(mw.annual) : "null"), "
                + "\"timeWeighted\": \(ratio(bm.timeWeighted))},\n"
        }
        out +=
            "  \"holdings\": ["
            + r.holdings.map { "\n    {\"symbol\": \(s($0.symbol)), \"figures\": \(figures($0.figures))}" }
            .joined(separator: ",") + (r.holdings.isEmpty ? "" : "\n  ") + "],\n"
        if explain { out += "  \"explain\": " + ReturnsExplainWriter.json(r) + ",\n" }
        out += "  \"notes\": [" + notes(r).map(s).joined(separator: ", ") + "]}\n"
        return out
    }
}
