import SquarestockCore

/// `book --format json|csv`: every level with its exact price, size and running total.
package enum OrderBookWriter {
    package static func json(_ book: OrderBook, exchange: String) -> String {
        func side(_ s: BookSide) -> String {
            if s.levels.isEmpty { return "[]" }
            return "[\n"
                + s.levels.indices.map { i in
                    "    "
                        + ExchangeJSON.object([
                            ("price", ExchangeJSON.num(s.levels[i].price)),
                            ("size", ExchangeJSON.num(s.levels[i].size)),
                            ("cumulative", ExchangeJSON.num(s.cumulative[i])),
                            ("orders", s.levels[i].orders.map(String.init) ?? "null"),
                        ])
                }.joined(separator: ",\n") + "\n  ]"
        }
        let fields: [(String, String)] = [
            ("exchange", ExchangeJSON.string(exchange)), ("pair", ExchangeJSON.string(book.pair.symbol)),
            ("time", ExchangeJSON.string(book.time?.iso8601UTC)), ("spread", ExchangeJSON.num(book.spread)),
            ("mid", ExchangeJSON.num(book.mid)), ("bids", side(BookSide(levels: book.bids))),
            ("asks", side(BookSide(levels: book.asks))),
        ]
        return "{\n" + fields.map { "  " + JSONText.quoted($0.0) + ": " + $0.1 }.joined(separator: ",\n")
            + "\n}\n"
    }

    package static func csv(_ book: OrderBook, exchange: String) -> String {
        var out = "exchange,pair,side,level,price,size,cumulative,orders\n"
        for (name, levels) in [("bid", book.bids), ("ask", book.asks)] {
            let s = BookSide(levels: levels)
            for i in levels.indices {
                out +=
                    [
                        CSVText.quoted(exchange), book.pair.symbol, name, String(i + 1), s.priceText[i],
                        s.sizeText[i],
                        s.cumulative[i].map { $0.normalized.description } ?? "",
                        levels[i].orders.map(String.init) ?? "",
                    ].joined(separator: ",") + "\n"
            }
        }
        return out
    }
}
