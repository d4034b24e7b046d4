import SquarestockCore

/// `trades --format json|csv`: one record per trade, newest first, with the exact time the
/// exchange sent (fraction included), the taker's side, price and size.
package enum TradeTapeWriter {
    package static func json(_ trades: [MarketTrade], pair: TradingPair, exchange: String) -> String {
        if trades.isEmpty { return "[]\n" }
        return "[\n"
            + trades.map { t in
                "  "
                    + ExchangeJSON.object([
                        ("exchange", ExchangeJSON.string(exchange)), ("pair", ExchangeJSON.string(pair.symbol)),
                        ("time", ExchangeJSON.string(ExchangeJSON.time(t.time, nanoseconds: t.nanoseconds))),
                        ("side", ExchangeJSON.string(t.side?.rawValue)), ("price", ExchangeJSON.num(t.price)),
                        ("size", ExchangeJSON.num(t.size)), ("id", ExchangeJSON.string(t.id)),
                    ])
            }.joined(separator: ",\n") + "\n]\n"
    }

    package static func csv(_ trades: [MarketTrade], pair: TradingPair, exchange: String) -> String {
        var out = "exchange,pair,time,side,price,size,id\n"
        for t in trades {
            out +=
                [
                    CSVText.quoted(exchange), pair.symbol, ExchangeJSON.time(t.time, nanoseconds: t.nanoseconds),
                    t.side?.rawValue ?? "", t.price.normalized.description, t.size.normalized.description,
                    SpreadsheetCell.csv(t.id ?? ""),
                ].joined(separator: ",") + "\n"
        }
        return out
    }
}
