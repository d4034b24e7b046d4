import SquarestockCore

/// `squarestock account balances`: each asset's total, available and held amounts and its value
/// in one currency, with the total of the values; JSON and CSV keep every amount exact.
package enum BalanceWriter {
    package static func table(_ balances: [AssetBalance], currency: String, exchange: String) -> String {
        guard !balances.isEmpty else { return "\(exchange): no balances\n" }
        let header = ["asset", "total", "available", "held", "value " + currency]
        func money(_ d: ExactDecimal) -> String { MoneyText.text(d, currency: currency) }
        var rows = balances.map { b in
            [label(b), b.total.description, b.available.description, b.held.description, b.value.map(money) ?? "-"]
        }
        let values = balances.compactMap(\.value)
        // Every value counts, whatever its digits (a total that skipped one would be short).
        let total = ExactDecimal.sum(values)
        // Nothing valued is no total of 0.00; what is left out is named.
        rows.append([
            "total", "", "", "",
            values.isEmpty
                ? "-"
                : (total.map(money) ?? "too large to add") + (values.count < balances.count ? " (priced assets)" : ""),
        ])
        var note =
            balances.contains { $0.kind != .tradable && $0.kind != .rewards }
            ? "staked and earning balances count in the total but are not available to trade\n" : ""
        let unpriced = balances.filter { $0.value == nil }.map(label)
        if !unpriced.isEmpty {
            note +=
                "not valued in \(currency) (no price read from the exchange): " + unpriced.joined(separator: ", ")
                + (values.isEmpty ? "; no total\n" : "\n")
        }
        if balances.contains(where: { $0.kind == .rewards }) {
            note += "rewards balances earn automatically and are traded as their asset\n"
        }
        return exchange + " balances\n" + AlignedColumns.render([header] + rows, rightAligned: [1, 2, 3, 4]) + note
    }

    /// `BTC`, or `ETH (staked)` for a balance of another kind.
    static func label(_ b: AssetBalance) -> String {
        b.kind == .tradable ? b.asset : "\(b.asset) (\(b.kind.rawValue))"
    }

    /// `paper` says whether these are the paper account's balances, as the table's title does.
    package static func json(_ balances: [AssetBalance], currency: String, exchange: String, paper: Bool) -> String {
        let s = JSONText.quoted
        func n(_ d: ExactDecimal?) -> String { d.map { s($0.description) } ?? "null" }
        let items = balances.map { b in
            "  {\"asset\": \(s(b.asset)), \"total\": \(n(b.total)), \"available\": \(n(b.available)), \"held\": \(n(b.held)), \"value\": \(n(b.value)), \"kind\": \(s(b.kind.rawValue))}"
        }
        return "{\"exchange\": \(s(exchange)), \"paper\": \(paper), \"currency\": \(s(currency)), \"balances\": [\n"
            + items.joined(separator: ",\n") + (items.isEmpty ? "]}\n" : "\n]}\n")
    }

    package static func csv(_ balances: [AssetBalance], currency: String) -> String {
        "asset,total,available,held,value_\(currency.lowercased()),kind\n"
            + balances.map { b in
                [
                    b.asset, b.total.description, b.available.description, b.held.description,
                    b.value?.description ?? "", b.kind.rawValue,
                ]
                .map(SpreadsheetCell.csv).joined(separator: ",") + "\n"
            }.joined()
    }
}
