import SquarestockCore

/// `squarestock account orders` and `account order ID`: pair, side, type, amount, filled, price,
/// status and time of each order; JSON and CSV keep every amount exact and times in UTC.
package enum AccountOrderWriter {
    static let header = ["id", "pair", "side", "type", "amount", "filled", "price", "status", "opened (UTC)"]

    static func fields(_ o: AccountOrder) -> [String] {
        [
            o.id, o.pair?.symbol ?? o.pairName, o.side == .buy ? "buy" : "sell", o.type, o.amount.description,
            o.filled.description, (o.price ?? o.averagePrice)?.description ?? "market", o.status.rawValue,
            o.opened.map { String($0.iso8601UTC.prefix(19)).replacingT() } ?? "",
        ]
    }

    package static func table(_ orders: [AccountOrder], exchange: String, closed: Bool) -> String {
        guard !orders.isEmpty else { return "\(exchange): no \(closed ? "closed" : "open") orders\n" }
        return "\(exchange) \(closed ? "closed" : "open") orders\n"
            + AlignedColumns.render([header] + orders.map(fields), rightAligned: [4, 5, 6])
    }

    /// `paper` says whether these are the paper account's orders, as the table's title does.
    package static func json(_ orders: [AccountOrder], exchange: String, paper: Bool) -> String {
        let items = orders.map { "  " + jsonObject($0) }
        return "{\"exchange\": \(JSONText.quoted(exchange)), \"paper\": \(paper), \"orders\": [\n"
            + items.joined(separator: ",\n") + (items.isEmpty ? "]}\n" : "\n]}\n")
    }

    /// One order as a JSON object, every amount exact and times in UTC: the items of `json`,
    /// and of `cancel --format json`'s orders.
    package static func jsonObject(_ o: AccountOrder) -> String {
        let s = JSONText.quoted
        func n(_ d: ExactDecimal?) -> String { d.map { s($0.description) } ?? "null" }
        return "{\"id\": \(s(o.id)), \"pair\": \(s(o.pair?.symbol ?? o.pairName)), \"exchangePair\": \(s(o.pairName)), "
            + "\"side\": \(s(o.side == .buy ? "buy" : "sell")), \"type\": \(s(o.type)), \"amount\": \(n(o.amount)), "
            + "\"filled\": \(n(o.filled)), \"price\": \(n(o.price)), \"averagePrice\": \(n(o.averagePrice)), "
            + "\"status\": \(s(o.status.rawValue)), \"opened\": \(o.opened.map { s($0.iso8601UTC) } ?? "null"), "
            + "\"closed\": \(o.closed.map { s($0.iso8601UTC) } ?? "null")}"
    }

    /// The figures of the table and of JSON: `price` is the order's own (empty for a market
    /// order), `average_price` what it filled at (the table's price of a market order; the CSV
    /// had no room for it), `closed` when it ended.
    package static func csv(_ orders: [AccountOrder]) -> String {
        "id,pair,side,type,amount,filled,price,status,opened,average_price,closed\n"
            + orders.map { o in
                [
                    o.id, o.pair?.symbol ?? o.pairName, o.side == .buy ? "buy" : "sell", o.type, o.amount.description,
                    o.filled.description, o.price?.description ?? "", o.status.rawValue, o.opened?.iso8601UTC ?? "",
                    o.averagePrice?.description ?? "", o.closed?.iso8601UTC ?? "",
                ].map(SpreadsheetCell.csv).joined(separator: ",") + "\n"
            }.joined()
    }
}

extension String {
    /// `2026-11-26T09:30:00` → `2026-11-26 09:30:00`.
    fileprivate func replacingT() -> String { String(map { $0 == "T" ? " " : $0 }) }
}
