import SquarestockCore

/// `markets`: the pairs an exchange lists, with status, price precision and minimum order, as a
/// table for people or JSON/CSV for scripts.
package enum MarketListWriter {
    package static func table(_ listings: [PairListing], exchange: String, palette: Palette) -> String {
        let header = ["pair", "exchange name", "status", "tick", "min size", "min cost"]
        let rows = listings.map { l in
            [
                l.pair.symbol, l.nativeName, l.status.description, tick(l),
                l.minimumSize?.normalized.description ?? "—",
                l.minimumCost?.normalized.description ?? "—",
            ]
        }
        var widths = header.map(\.count)
        for r in rows { for (i, f) in r.enumerated() { widths[i] = max(widths[i], f.count) } }
        func line(_ fields: [String]) -> String {
            fields.enumerated().map { i, f in
                i >= 3
                    ? String(repeating: " ", count: widths[i] - f.count) + f
                    : f + String(repeating: " ", count: widths[i] - f.count)
            }.joined(separator: "  ")
        }
        var out = palette.paint(line(header), .dim) + "\n"
        for (i, r) in rows.enumerated() {
            let text = line(r)
            out += (listings[i].status == .online ? text : palette.paint(text, .dim)) + "\n"
        }
        return out + "\(listings.count) pair\(listings.count == 1 ? "" : "s") on \(exchange)\n"
    }

    /// The price step: the tick size, or one unit of the last price decimal.
    static func tick(_ l: PairListing) -> String {
        if let t = l.tickSize { return t.normalized.description }
        if let d = l.priceDecimals { return ExactDecimal(significand: 1, scale: d).description }
        return "—"
    }

    package static func json(_ listings: [PairListing], exchange: String) -> String {
        if listings.isEmpty { return "[]\n" }
        return "[\n"
            + listings.map { l in
                "  "
                    + ExchangeJSON.object([
                        ("exchange", ExchangeJSON.string(exchange)), ("pair", ExchangeJSON.string(l.pair.symbol)),
                        ("base", ExchangeJSON.string(l.pair.base)), ("quote", ExchangeJSON.string(l.pair.quote)),
                        ("exchangeName", ExchangeJSON.string(l.nativeName)),
                        ("status", ExchangeJSON.string(l.status.description)),
                        ("priceDecimals", l.effectivePriceDecimals.map(String.init) ?? "null"),
                        ("tickSize", ExchangeJSON.num(l.tickSize)),
                        ("sizeIncrement", ExchangeJSON.num(l.sizeIncrement)),
                        ("minimumSize", ExchangeJSON.num(l.minimumSize)),
                        ("minimumCost", ExchangeJSON.num(l.minimumCost)),
                    ])
            }.joined(separator: ",\n") + "\n]\n"
    }

    package static func csv(_ listings: [PairListing], exchange: String) -> String {
        var out =
            "exchange,pair,base,quote,exchange_name,status,price_decimals,tick_size,size_increment,minimum_size,minimum_cost\n"
        for l in listings {
            func d(_ v: ExactDecimal?) -> String { v?.normalized.description ?? "" }
            out +=
                [
                    // The pair's names come from the exchange: quoted, and marked where a
                    // spreadsheet would evaluate them.
                    CSVText.quoted(exchange), SpreadsheetCell.csv(l.pair.symbol), SpreadsheetCell.csv(l.pair.base),
                    SpreadsheetCell.csv(l.pair.quote),
                    SpreadsheetCell.csv(l.nativeName), SpreadsheetCell.csv(l.status.description),
                    l.effectivePriceDecimals.map(String.init) ?? "", d(l.tickSize), d(l.sizeIncrement),
                    d(l.minimumSize),
                    d(l.minimumCost),
                ].joined(separator: ",") + "\n"
        }
        return out
    }
}
