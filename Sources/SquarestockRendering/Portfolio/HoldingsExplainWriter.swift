import SquarestockCore

/// `portfolio show --explain`: the arithmetic of the totals, a line per holding and cash
/// balance: quantity x price (with the price's source, time and age) = value in its currency,
/// x the rate (with its own time or day and source) = value in the base; the lines add up to
/// the totals, and a row left out (no price, no rate) says so.
package enum HoldingsExplainWriter {
    package static let columns = [
        "symbol", "quantity", "price", "price_time", "price_age", "price_source", "currency", "value", "rate",
        "rate_time", "rate_source", "base", "base_value",
    ]

    /// When the rate into the base was quoted (a day for a daily close) and by whom; empty for
    /// the base itself.
    static func rateOrigin(_ r: HoldingsReport, _ currency: String) -> [String] {
        guard currency != r.baseCurrency, let q = r.rateQuotes[currency] else { return ["", ""] }
        let stale = q.day == nil && r.now.seconds(since: q.fetched) > HoldingsValuation.freshFor
        return [q.day?.description ?? (q.traded ?? q.fetched).iso8601UTC, (stale ? "stored " : "") + q.source]
    }

    package static func rows(_ r: HoldingsReport) -> [[String]] {
        let b = r.baseCurrency
        var out: [[String]] = []
        for h in r.rows {
            // A close is of a day: its day, and its age in days to today's date (UTC).
            let today = r.now.utc.date
            let age =
                h.priceTime.map { AgeFormatter.describe(seconds: max(0, r.now.seconds(since: $0))) }
                ?? h.priceDay.map {
                    AgeFormatter.describe(seconds: max(0, today.daysSinceEpoch - $0.daysSinceEpoch) * 86_400)
                }
                ?? ""
            out.append(
                [
                    h.symbol, h.quantity.description, h.price?.description ?? "",
                    h.priceTime?.iso8601UTC ?? h.priceDay?.description ?? "", age,
                    (h.priceStored ? "stored " : "") + (h.priceSource ?? ""), h.currency,
                    h.value.map { MinorUnits.text($0, currency: h.currency) } ?? "",
                    h.rate?.description ?? "",
                ] + rateOrigin(r, h.currency) + [b, h.baseValue.map { MinorUnits.text($0, currency: b) } ?? "left out"])
        }
        for (c, m) in r.cash.sorted(by: { $0.key < $1.key }) {
            let rate = c == b ? ExactDecimal(1) : r.rates[c]
            out.append(
                [
                    "cash " + c, "", "", "", "", "", c, MinorUnits.text(m, currency: c), rate?.description ?? "",
                ] + rateOrigin(r, c) + [b, r.cashInBase[c].map { MinorUnits.text($0, currency: b) } ?? "left out"])
        }
        out.append([
            "total", "", "", "", "", "", "", "", "", "", "", b,
            r.netValue.map { MinorUnits.text($0, currency: b) } ?? "",
        ])
        return out
    }

    package static func table(_ r: HoldingsReport) -> String {
        "\n" + AlignedColumns.render([columns] + rows(r), rightAligned: [1, 2, 7, 8, 12])
    }

    package static func csv(_ r: HoldingsReport) -> String {
        ([columns] + rows(r)).map { row in
            row.enumerated().map { i, v in i == 0 || i == 5 || i == 10 ? SpreadsheetCell.marked(v) : v }.joined(
                separator: ",")
        }.joined(separator: "\n") + "\n"
    }
}
