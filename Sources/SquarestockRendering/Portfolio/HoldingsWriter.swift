import SquarestockCore

/// `squarestock portfolio`: the holdings with cost, price and its age and source, value, the
/// day's change, gain and weight; cash per currency; totals in the base currency. JSON and CSV
/// keep every amount an exact decimal string.
package enum HoldingsWriter {
    static func money(_ minor: Int64?, _ currency: String, signed: Bool = false) -> String {
        guard let minor else { return "-" }
        let text = MinorUnits.text(minor, currency: currency)
        return signed && minor > 0 ? "+" + text : text
    }

    package static func table(_ r: HoldingsReport, palette: Palette) -> String {
        var out =
            palette.paint(r.portfolio, .bold) + "  "
            + palette.paint("portfolio, \(r.method.rawValue.uppercased()) lots, totals in \(r.baseCurrency)", .dim)
            + "\n"
        guard !r.rows.isEmpty || !r.cash.isEmpty else {
            return out + "no holdings yet: `squarestock portfolio buy AAPL 10 --price 150.25` records a purchase\n"
        }
        var rows: [[String]] = [
            ["symbol", "quantity", "avg cost", "price", "as of", "value", "day", "gain", "gain %", "weight"]
        ]
        for h in r.rows {
            let age =
                h.priceTime.map { AgeFormatter.describe(seconds: max(0, r.now.seconds(since: $0))) + " ago" } ?? ""
            // A stored price names its source, and so does a recording: "(1y ago)" alone read as
            // this run's quote.
            let named = h.priceSource.map { $0 == "samples" ? "recorded" : $0 }
            let source =
                h.priceStored
                ? "stored" + (named.map { " " + $0 } ?? "") + ", " : named == "recorded" ? "recorded, " : ""
            rows.append([
                h.symbol, h.quantity.description, h.averageCost.map { $0.description + " " + h.currency } ?? "-",
                h.price?.description ?? "-", h.priceTime == nil ? (h.note ?? "") : "(" + source + age + ")",
                money(h.value, h.currency), money(h.dayChange, h.currency, signed: true),
                money(h.gain, h.currency, signed: true), h.gainPercent.map { $0.description + "%" } ?? "-",
                h.weight.map { $0.description + "%" } ?? "-",
            ])
        }
        for (c, m) in r.cash.sorted(by: { $0.key < $1.key }) {
            rows.append(["cash " + c, "", "", "", "", money(m, c), "", "", "", ""])
        }
        let gain = r.totalValue.flatMap { v in r.totalCost.map { v - $0 } }
        rows.append([
            "holdings " + r.baseCurrency, "", "", "", "", money(r.totalValue, r.baseCurrency),
            money(r.totalDayChange, r.baseCurrency, signed: true), money(gain, r.baseCurrency, signed: true), "", "",
        ])
        if !r.cash.isEmpty {
            rows.append([
                "with cash " + r.baseCurrency, "", "", "", "", money(r.netValue, r.baseCurrency), "", "", "", "",
            ])
        }
        out += AlignedColumns.render(rows, rightAligned: [1, 2, 3, 5, 6, 7, 8, 9])
        for n in r.notes { out += palette.paint("note: " + n, .dim) + "\n" }
        return out
    }

    /// With `explain`, each holding also carries the rate into the base and its value there,
    /// and the cash its values in the base (what the totals add up).
    /// Each rate into the base with where it came from: `"EUR": {"rate": "1.0834", "time": ...,
    /// "day": null, "source": "yahoo"}`.
    static func rates(_ r: HoldingsReport) -> [String] {
        let s = JSONText.quoted
        return r.rateQuotes.sorted { $0.key < $1.key }.map { c, q in
            "\(s(c)): {\"rate\": \(s(q.price.description)), "
                + "\"time\": \(q.day == nil ? s((q.traded ?? q.fetched).iso8601UTC) : "null"), "
                + "\"day\": \(q.day.map { s($0.description) } ?? "null"), \"source\": \(s(q.source)), "
                + "\"fetched\": \(s(q.fetched.iso8601UTC))}"
        }
    }

    package static func json(_ r: HoldingsReport, explain: Bool = false) -> String {
        let s = JSONText.quoted
        func m(_ v: Int64?, _ c: String) -> String { v.map { s(money($0, c)) } ?? "null" }
        func d(_ v: ExactDecimal?) -> String { v.map { s($0.description) } ?? "null" }
        let rows = r.rows.map { h in
            (explain ? "    {\"rate\": \(d(h.rate)), \"baseValue\": \(m(h.baseValue, r.baseCurrency)), " : "    {")
                + "\"symbol\": \(s(h.symbol)), \"quantity\": \(s(h.quantity.description)), \"currency\": \(s(h.currency)), "
                + "\"cost\": \(m(h.cost, h.currency)), \"averageCost\": \(d(h.averageCost)), \"price\": \(d(h.price)), "
                + "\"priceTime\": \(h.priceTime.map { s($0.iso8601UTC) } ?? "null"), \"priceDay\": \(h.priceDay.map { s($0.description) } ?? "null"), \"priceSource\": \(h.priceSource.map(s) ?? "null"), \"priceStored\": \(h.priceTime == nil ? "null" : String(h.priceStored)), "
                + "\"value\": \(m(h.value, h.currency)), \"dayChange\": \(m(h.dayChange, h.currency)), "
                + "\"gain\": \(m(h.gain, h.currency)), \"gainPercent\": \(d(h.gainPercent)), \"weight\": \(d(h.weight))}"
        }
        let cash = r.cash.sorted { $0.key < $1.key }.map { "\(s($0.key)): \(s(money($0.value, $0.key)))" }
        let cashInBase = r.cashInBase.sorted { $0.key < $1.key }.map {
            "\(s($0.key)): \(s(money($0.value, r.baseCurrency)))"
        }
        return
            "{\"portfolio\": \(s(r.portfolio)), \"method\": \(s(r.method.rawValue)), \"baseCurrency\": \(s(r.baseCurrency)),\n"
            + "  \"holdings\": [\n" + rows.joined(separator: ",\n") + (rows.isEmpty ? "" : "\n") + "  ],\n"
            + "  \"cash\": {" + cash.joined(separator: ", ") + "},\n"
            + (explain ? "  \"cashInBase\": {" + cashInBase.joined(separator: ", ") + "},\n" : "")
            + (explain ? "  \"rates\": {" + rates(r).joined(separator: ", ") + "},\n" : "")
            + "  \"totalValue\": \(m(r.totalValue, r.baseCurrency)), \"totalCost\": \(m(r.totalCost, r.baseCurrency)), "
            + "\"totalCash\": \(m(r.totalCash, r.baseCurrency)), \"netValue\": \(m(r.netValue, r.baseCurrency)), "
            + "\"totalDayChange\": \(m(r.totalDayChange, r.baseCurrency)),\n"
            + "  \"notes\": [" + r.notes.map(s).joined(separator: ", ") + "]}\n"
    }

    /// One row a holding, then one a cash currency. The last columns say which a row is
    /// (`kind`: a holding of the ticker CASH is not cash) and where its price is from (a stored
    /// close or the trade's price has a day and no time, and whether an earlier run stored it),
    /// as the JSON does.
    package static func csv(_ r: HoldingsReport) -> String {
        var out =
            "symbol,quantity,currency,cost,average_cost,price,price_time,value,day_change,gain,gain_percent,weight,"
            + "price_day,price_source,kind,price_stored\n"
        for h in r.rows {
            out +=
                [
                    SpreadsheetCell.marked(h.symbol), h.quantity.description, h.currency, money(h.cost, h.currency),
                    h.averageCost?.description ?? "", h.price?.description ?? "", h.priceTime?.iso8601UTC ?? "",
                    h.value.map { money($0, h.currency) } ?? "", h.dayChange.map { money($0, h.currency) } ?? "",
                    h.gain.map { money($0, h.currency) } ?? "", h.gainPercent?.description ?? "",
                    h.weight?.description ?? "", h.priceDay?.description ?? "",
                    h.priceSource.map { CSVText.quoted(SpreadsheetCell.marked($0)) } ?? "", "holding",
                    h.priceTime == nil ? "" : String(h.priceStored),
                ].joined(separator: ",") + "\n"
        }
        for (c, m) in r.cash.sorted(by: { $0.key < $1.key }) {
            out += "CASH,\(money(m, c)),\(c),,,,,\(money(m, c)),,,,,,,cash,\n"
        }
        return out
    }
}
